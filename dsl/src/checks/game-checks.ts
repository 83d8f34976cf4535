/**
 * Checks on the game's declarations: player counts, singletons, files used, where builtins may be
 * declared, what `reset each` names, action parameters, and whether a scenario knows its game.
 */
import { AstUtils, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { describe, messages } from '../messages.js';
import { limits } from '../syntax/strata-limits.js';
import { isFlowKind } from '../syntax/strata-ast-utils.js';
import { gamesInReach, resolveUse } from '../scoping/strata-documents.js';
import { isLibraryUri } from '../scoping/strata-library.js';
import type { StrataServices } from '../strata-module.js';
import { constantOf } from '../types/strata-constants.js';
import { allFlowBlocks } from '../scoping/strata-scope-computation.js';
import { memberKey, singletonWords, type EffectiveGame } from '../scoping/strata-variants.js';

export function gameChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const context = services.strata.GameContext;
  const documents = services.shared.workspace.LangiumDocuments;

  return {
    Game: (game, accept) => {
      const members = game.members ?? [];
      if (!members.some(ast.isPlayers)) accept('error', messages.missingPlayers(), { node: game, property: 'name' });
      if (!members.some(ast.isFlow)) accept('warning', messages.missingFlow(), { node: game, property: 'name' });
      const seen = new Set<string>();
      for (const member of members) {
        const key = memberKey(member);
        if (!key?.startsWith('#')) continue;
        if (seen.has(key)) accept('error', messages.duplicateSingleton(singletonWords(key)), { node: member });
        seen.add(key);
      }
    },
    Players: (players, accept) => {
      if (typeof players.min !== 'number') return;
      if (players.min < 1) accept('error', messages.playersBelowOne(), { node: players, property: 'min' });
      if (typeof players.max === 'number' && players.min > players.max) {
        accept('error', messages.playersMinAboveMax(players.min, players.max), { node: players, property: 'max' });
      }
      const seen = new Set([players.min]);
      (players.more ?? []).forEach((n, index) => {
        if (n < 1) accept('error', messages.playersBelowOne(), { node: players, property: 'more', index });
        else if (seen.has(n)) accept('error', messages.playersListedTwice(n), { node: players, property: 'more', index });
        seen.add(n);
      });
    },
    ScenarioPlayers: (item, accept) => {
      const target = context.targetOf(item);
      const players = target ? playersOf(context.effective(target)) : undefined;
      if (!players || typeof item.count !== 'number') return;
      const allowed = allowedCounts(players);
      if (!allowed.includes(item.count)) {
        accept('error', messages.scenarioPlayersNotAllowed(item.count, describeCounts(players)), { node: item, property: 'count' });
      }
    },
    ScenarioRoll: (item, accept) => {
      const die = item.die?.ref;
      const face = constantOf(item.face);
      if (!die || !face) return;
      const faces = (die.faces ?? []).map(constantOf);
      // Faces computed from params are only known when the game starts: the interpreter checks those.
      if (faces.some((f) => f === undefined)) return;
      const known = faces.map((f) => JSON.stringify(f!.value));
      if (!known.includes(JSON.stringify(face.value))) {
        accept('error', messages.notAFace(die.name, (die.faces ?? []).map((f) => f.$cstNode?.text ?? '').join(', ')), { node: item, property: 'face' });
      }
    },
    Builtin: (builtin, accept) => {
      if (!isLibraryUri(AstUtils.getDocument(builtin).uri)) {
        accept('error', messages.builtinOutsideLibrary(), { node: builtin, property: 'name' });
      }
    },
    Use: (use, accept) => {
      const uri = resolveUse(AstUtils.getDocument(use), use);
      if (uri && !documents.hasDocument(uri)) accept('error', messages.fileNotFound(use.path), { node: use, property: 'path' });
    },
    ResetClause: (reset, accept) => {
      const name = reset.block;
      const target = context.targetOf(reset);
      if (!name || !target || isFlowKindPresent(name, target)) return;
      accept('error', messages.resetUnknownBlock(name), { node: reset, property: 'block' });
    },
    Action: (action, accept) => checkActionParameters(action, accept),
    Trigger: (trigger, accept) => {
      const target = trigger.target?.ref;
      if (target && !ast.isAction(target) && !ast.isProc(target) && !ast.isNamed(target)) {
        accept('error', messages.triggerTarget(trigger.target.$refText, describe(target.$type)), { node: trigger, property: 'target' });
      }
    },
    Scenario: (scenario, accept) => {
      if (scenario.base) return;
      const games = gamesInReach(AstUtils.getDocument(scenario), documents);
      if (games.length === 0) accept('error', messages.noGameFound(), { node: scenario, property: 'name' });
      if (games.length > 1) accept('error', messages.severalGames(games.map((g) => g.name)), { node: scenario, property: 'name' });
    },
  };

  function isFlowKindPresent(name: string, target: ast.Game | ast.Variant): boolean {
    const blocks = allFlowBlocks(context.effective(target));
    return blocks.some((b) => b.name === name || (isFlowKind(name) && b.kind === name));
  }
}

/** The player counts a `players` declaration allows. */
function allowedCounts(players: ast.Players): number[] {
  if ((players.more ?? []).length > 0) return [players.min, ...players.more];
  // Past the player limit (reported by limit-checks.ts) a range is not spelled out.
  const max = Math.min(players.max ?? players.min, limits.players);
  return Array.from({ length: Math.max(0, max - players.min + 1) }, (_, i) => players.min + i);
}

/** "2 to 4", "3", "4, 6 or 8": the counts as a sentence says them. */
function describeCounts(players: ast.Players): string {
  const listed = [...new Set([players.min, ...(players.more ?? [])])].sort((a, b) => a - b);
  if (listed.length > 1) return `${listed.slice(0, -1).join(', ')} or ${listed[listed.length - 1]}`;
  const max = players.max ?? players.min;
  return max === players.min ? `${max}` : `${players.min} to ${max}`;
}

function checkActionParameters(action: ast.Action, accept: ValidationAcceptor): void {
  const params = action.params ?? [];
  if (params.length > 1) accept('error', messages.actionParameters(), { node: params[1]!, property: 'name' });
  const first = params[0];
  if (first?.type && first.type.primitive !== 'player') {
    accept('error', messages.actionParameterPlayer(), { node: first, property: 'type' });
  }
}

/** Per resolved game (made anew by each build): its `players`, which every scenario's `players n` asks for. */
const playersByGame = new WeakMap<EffectiveGame, ast.Players | null>();

function playersOf(game: EffectiveGame): ast.Players | undefined {
  let players = playersByGame.get(game);
  if (players === undefined) playersByGame.set(game, (players = game.members.find(ast.isPlayers) ?? null));
  return players ?? undefined;
}
