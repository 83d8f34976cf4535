/**
 * Checked AST → GameIR. A variant is compiled from its resolved member list (its changes applied
 * on its base's, recursively), so its IR is complete and self-contained.
 */
import { assertUnreachable, type LangiumDocument } from 'langium';
import type { GameIR } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import type { StrataServices } from '../strata-module.js';
import { compileBoard } from './boards.js';
import type { CompileContext } from './context.js';
import {
  compileAction,
  compileDie,
  compileEnum,
  compileFn,
  compileKind,
  compileParam,
  compilePlayers,
  compileProc,
  compileRanking,
  compileTrigger,
  compileReaction,
  compileVar,
  compileZone,
} from './members.js';
import { compilePresentation } from './presentation.js';
import { compileScenario, scenariosFor } from './scenarios.js';
import { compileExpr } from './expressions.js';
import { compileBlock } from './statements.js';
import { rootGame, variantInfos, variantsOf } from './variants.js';

export interface CompileInput {
  services: StrataServices;
  /** The game or variant to compile. */
  target: ast.Game | ast.Variant;
  /** Every model in the compilation (for the list of variants and the scenarios). */
  models: ast.Model[];
  fileOf: (document: LangiumDocument) => string;
}

export function compileGame({ services, target, models, fileOf }: CompileInput): GameIR {
  const game = services.strata.GameContext.effective(target);
  const root = rootGame(target);
  const ctx: CompileContext = { types: services.strata.TypeSystem, services, game, fileOf };
  const ir: GameIR = {
    format: 'strata-ir/1',
    name: root?.name ?? target.name,
    title: root?.title ?? root?.name ?? target.name,
    variant: ast.isVariant(target) ? target.name : null,
    variants: root ? variantInfos(root, variantsOf(root, models)) : [],
    players: { min: 1, max: 1 },
    params: {},
    enums: {},
    kinds: {},
    zones: {},
    boards: {},
    dice: {},
    vars: {},
    fns: {},
    procs: {},
    actions: {},
    triggers: [],
    setup: [],
    flow: [],
    ranking: [],
    scenarios: [],
  };
  for (const member of game.members) {
    switch (member.$type) {
      case 'Players':
        ir.players = compilePlayers(member);
        break;
      case 'Param':
        ir.params[member.name] = compileParam(ctx, member);
        break;
      case 'Enum':
        ir.enums[member.name] = compileEnum(ctx, member);
        break;
      case 'Kind':
        ir.kinds[member.name] = compileKind(ctx, member);
        break;
      case 'Zone':
        ir.zones[member.name] = compileZone(ctx, member);
        break;
      case 'Board':
        ir.boards[member.name] = compileBoard(ctx, member);
        break;
      case 'Die':
        ir.dice[member.name] = compileDie(ctx, member);
        break;
      case 'Var':
        ir.vars[member.name] = compileVar(ctx, member);
        break;
      case 'Fn':
        ir.fns[member.name] = compileFn(ctx, member);
        break;
      case 'Proc':
        ir.procs[member.name] = compileProc(ctx, member);
        break;
      case 'Action':
        ir.actions[member.name] = compileAction(ctx, member);
        break;
      case 'Trigger':
        ir.triggers.push(compileTrigger(ctx, member));
        break;
      case 'Setup':
        ir.setup = compileBlock(ctx, member.body);
        break;
      case 'Flow':
        ir.flow = compileBlock(ctx, member.body);
        break;
      case 'Ranking':
        ir.ranking = compileRanking(ctx, member);
        if (member.drawIf) ir.drawIf = compileExpr(ctx, member.drawIf);
        break;
      case 'Reaction':
        (ir.reactions ??= []).push(compileReaction(ctx, member));
        break;
      case 'Presentation':
        ir.presentation = compilePresentation(ctx, member);
        break;
      default:
        assertUnreachable(member);
    }
  }
  ir.scenarios = scenariosFor(target, models, services.strata.GameContext).map((s) =>
    compileScenario(ctx, s, ir.players.min),
  );
  return ir;
}
