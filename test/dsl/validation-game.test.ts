import { expectError, expectNoIssues, expectWarning } from 'langium/test';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game, messagesOf } from './helpers.js';

describe('the game', () => {
  it('accepts a minimal game without issues', async () => {
    expectNoIssues(await check(game('')));
  });

  it('needs a player count', async () => {
    const result = await check('game G { flow { } }');
    expectError(result, messages.missingPlayers(), { node: find(result.model, ast.isGame), property: 'name' });
  });

  it('needs at least as many maximum players as minimum', async () => {
    const result = await check('game G { players 4..2 flow { } }');
    expectError(result, messages.playersMinAboveMax(4, 2), { node: find(result.model, ast.isPlayers), property: 'max' });
  });

  it('needs at least one player', async () => {
    const result = await check('game G { players 0..2 flow { } }');
    expectError(result, messages.playersBelowOne(), { node: find(result.model, ast.isPlayers), property: 'min' });
  });

  it('has one flow, setup, ranking and player count', async () => {
    const result = await check(game('flow { }\n  players 3'));
    const flows = result.model.game?.members.filter(ast.isFlow) ?? [];
    const counts = result.model.game?.members.filter(ast.isPlayers) ?? [];
    expectError(result, messages.duplicateSingleton('a `flow`'), { node: flows[1]! });
    expectError(result, messages.duplicateSingleton('a `players` count'), { node: counts[1]! });
  });

  it('warns when nothing happens (no flow)', async () => {
    const result = await check('game G { players 2 }');
    expectWarning(result, messages.missingFlow(), { node: find(result.model, ast.isGame), property: 'name' });
  });

  it('keeps builtins to the library', async () => {
    const result = await check(`${game('')}builtin mine(x: number): number`);
    expectError(result, messages.builtinOutsideLibrary(), { node: find(result.model, ast.isBuiltin), property: 'name' });
  });

  it('reports a used file that does not exist', async () => {
    const result = await check(`use "missing.strata"\n${game('')}`);
    expectError(result, messages.fileNotFound('missing.strata'), { node: find(result.model, ast.isUse), property: 'path' });
  });

  it('resets variables only at flow blocks that exist', async () => {
    const result = await check(
      game('var a: number = 0 reset each turn\n  var b: number = 0 reset each Main\n  var c: number = 0 reset each period', 'flow { turn { log a } phase Main { log b log c } }'),
    );
    expectError(result, messages.resetUnknownBlock('period'), { node: find(result.model, ast.isResetClause, undefined, 2), property: 'block' });
    expect(messagesOf(result, 1)).toEqual([messages.resetUnknownBlock('period')]);
  });

  it('gives an action at most one parameter, the player', async () => {
    const result = await check(game('action A(p: player, q: player) { }\n  action B(n: number) { }', 'flow { play playerAt(1) from [A, B] }'));
    expectError(result, messages.actionParameters(), { node: find(result.model, ast.isParameter, 'q'), property: 'name' });
    expectError(result, messages.actionParameterPlayer(), { node: find(result.model, ast.isParameter, 'n'), property: 'type' });
  });

  it('runs triggers after actions, procedures and flow blocks only', async () => {
    const result = await check(game('var v: number = 0\n  trigger t after v { }'));
    expectError(result, messages.triggerTarget('v', 'a variable'), { node: find(result.model, ast.isTrigger), property: 'target' });
  });

  it('needs a game for a scenario', async () => {
    const result = await check('scenario "alone" { run 1 }');
    expectError(result, messages.noGameFound(), { node: find(result.model, ast.isScenario), property: 'name' });
  });

  it('needs to know which game a scenario is for', async () => {
    const result = await check('use "a.strata"\nuse "b.strata"\nscenario "which" { run 1 }', {
      'a.strata': game('').replace('game G', 'game A'),
      'b.strata': game('').replace('game G', 'game B'),
    });
    expectError(result, messages.severalGames(['A', 'B']), { node: find(result.model, ast.isScenario), property: 'name' });
  });

  it('survives syntax errors without crashing the checks', async () => {
    const broken = [
      'game G { players',
      'game G { players 2 var x: = 1 flow { if { } } }',
      'game G { players 2 action A( { } flow { play from [] } }',
      'variant V extends { replace }',
      'game G { board B square by neighbours { space } flow { move to } }',
      'scenario { expect }',
    ];
    for (const text of broken) {
      const result = await check(text);
      const all = messagesOf(result);
      expect(all.length, text).toBeGreaterThan(0);
      expect(all.filter((m) => m.startsWith('An error occurred')), text).toEqual([]);
    }
  });
});
