/**
 * Scenarios to IR. A scenario `of V` belongs to V's IR; one without `of` (or `of` the game itself)
 * to the base game's IR.
 */
import { assertUnreachable } from 'langium';
import type { ScenarioIR, ScenarioStep } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import type { GameContext } from '../scoping/strata-game-context.js';
import { loc, type CompileContext } from './context.js';
import { compileExpr } from './expressions.js';
import { compileBlock } from './statements.js';

export function scenariosFor(target: ast.Game | ast.Variant, models: ast.Model[], context: GameContext): ast.Scenario[] {
  return models
    .flatMap((m) => m.scenarios ?? [])
    .filter((s) => (s.base ? s.base.ref : context.defaultGame(s)) === target);
}

export function compileScenario(ctx: CompileContext, s: ast.Scenario, defaultPlayers: number): ScenarioIR {
  let players = defaultPlayers;
  let seed = 0;
  const steps: ScenarioStep[] = [];
  for (const item of s.items ?? []) {
    const at = loc(ctx, item);
    switch (item.$type) {
      case 'ScenarioPlayers':
        players = item.count;
        break;
      case 'ScenarioSeed':
        seed = item.seed;
        break;
      case 'ScenarioDo':
        steps.push({ k: 'do', body: compileBlock(ctx, item.body), at });
        break;
      case 'ScenarioChoose':
        steps.push(...(item.labels ?? []).map((label): ScenarioStep => ({ k: 'choose', label, at })));
        break;
      case 'ScenarioExpect':
        steps.push({
          k: 'expect',
          condition: compileExpr(ctx, item.condition),
          ...(item.message !== undefined ? { message: item.message } : {}),
          ...(item.viewer !== undefined ? { viewer: compileExpr(ctx, item.viewer) } : {}),
          at,
        });
        break;
      case 'ScenarioReject':
        steps.push({ k: 'reject', label: item.label, at });
        break;
      case 'ScenarioRoll':
        steps.push({ k: 'roll', die: item.die?.$refText ?? '', face: compileExpr(ctx, item.face), at });
        break;
      case 'ScenarioShuffle':
        steps.push({ k: 'shuffle', zone: compileExpr(ctx, item.zone), top: compileExpr(ctx, item.pieces), at });
        break;
      case 'ScenarioShuffled':
        steps.push({ k: 'shuffled', top: compileExpr(ctx, item.items), at });
        break;
      case 'ScenarioInsert':
        steps.push({ k: 'insert', zone: compileExpr(ctx, item.zone), position: compileExpr(ctx, item.position), at });
        break;
      case 'ScenarioPick':
        steps.push({ k: 'pick', value: compileExpr(ctx, item.value), at });
        break;
      case 'ScenarioRun':
        if (item.until !== undefined) steps.push({ k: 'run', count: null, until: compileExpr(ctx, item.until), at });
        else steps.push({ k: 'run', count: item.toEnd ? null : (item.count ?? null), at });
        break;
      default:
        assertUnreachable(item);
    }
  }
  return { name: s.name, players, seed, steps, at: loc(ctx, s) };
}
