// Hand-made IR that used to hang or corrupt the state (issue 14): each ends in a located error or plays.
import { describe, expect, it } from 'vitest';
import { RuleError, loadGame, newGame } from '../../interpreter/index.js';
import { LIMITS } from '../../interpreter/context.js';
import { MAX_COORD } from '../../interpreter/boards.js';
import { msg } from '../../interpreter/messages.js';
import { noughtsAndCrosses } from './toy-game.js';
import { E, graphBoard, keyOf, kind, trackBoard, game, loc, S, T, variable } from './ir-builders.js';

describe('board coordinates in a hand-made IR', () => {
  it('a coordinate of 1e308 is a located error at load, not an endless walk', () => {
    const board = trackBoard(3);
    board.places[2].x = 1e308;
    board.at = loc(4, 2);
    let thrown: unknown = null;
    try {
      loadGame(game({ boards: { T: board } }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RuleError);
    expect((thrown as RuleError).plain).toBe(msg.coordinateRange('T', 't2', MAX_COORD));
    expect((thrown as RuleError).at).toEqual(loc(4, 2));
  });

  it('coordinates within the range load', () => {
    const board = trackBoard(3);
    board.places[2].x = MAX_COORD;
    expect(loadGame(game({ boards: { T: board } })).boards.places.size).toBe(3);
  });
});

describe('places of a hand-made IR', () => {
  it('a per-player board of 2,000 places for 100 players is refused at the board before it is built', () => {
    const board = { ...trackBoard(2000), perPlayer: true, at: loc(7, 3) };
    let thrown: unknown = null;
    try {
      loadGame(game({ players: { min: 2, max: 100 }, boards: { T: board } }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RuleError);
    expect((thrown as RuleError).plain).toBe(msg.placesLimit(2000 * 101, LIMITS.places));
    expect((thrown as RuleError).at).toEqual(loc(7, 3));
  });

  it('the same board for 4 players loads', () => {
    const board = { ...trackBoard(2000), perPlayer: true };
    expect(loadGame(game({ players: { min: 2, max: 4 }, boards: { T: board } })).boards.places.size).toBe(2000 * 5);
  });
});

describe('player counts of a hand-made IR', () => {
  it('refuses counts beyond the limit or not whole with a rule error, not a crash', () => {
    for (const players of [
      { min: 2, max: 1e308 },
      { min: 0, max: 2 },
      { min: 2.5, max: 4 },
      { min: 3, max: 2 },
      { min: 2, max: 4, counts: [2, 1e9] },
    ]) {
      const ir = { ...noughtsAndCrosses, players };
      expect(() => loadGame(ir)).toThrow(RuleError);
    }
    expect(() => loadGame({ ...noughtsAndCrosses, players: { min: 2, max: 100 } })).not.toThrow();
  });
});

// Found while fixing fuzz seed 15 (a flow of 10,000 copies took 280 s to load): loading looked up
// each block's triggers and resets, and added each trigger, reset and block mark by copying the
// list so far, so a schema-valid IR of a few hundred thousand values took minutes.
describe('many blocks, triggers and resets in a hand-made IR', () => {
  const n = 20_000;
  const round = S.block('round', []);
  const rounds = Array.from({ length: n }, () => round);

  it('20,000 triggers after 20,000 rounds load; the run stops at the call depth, located', () => {
    const trigger = { name: 't', after: 'round', body: [], at: loc(3) };
    const g = loadGame(game({ triggers: Array.from({ length: n }, () => trigger), flow: rounds }));
    const r = newGame(g, { players: 2, seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ message: msg.depthLimit(LIMITS.callDepth), at: round.at });
  });

  it('20,000 variables reset after each of 20,000 rounds load; the resets spend the evaluation budget', () => {
    const vars = Object.fromEntries(Array.from({ length: n }, (_, i) => [`v${i}`, variable(T.number, 0, { reset: 'round' })]));
    const g = loadGame(game({ vars, flow: rounds }));
    const r = newGame(g, { players: 2, seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ message: msg.evalLimit(LIMITS.evalSteps), at: round.at });
  });

  it('a reset of array tables (table-keys.ts) spends a step per row it makes afresh', () => {
    // 16 tables of 64 × 64 rows (the most array rows a game has) reset after each of 2,000 rounds:
    // 130 million rows made, under the budget if a reset spent a step per table.
    const values = Array.from({ length: 64 }, (_, i) => `v${i}`);
    const Big = keyOf(T.enumOf('Big'));
    const vars = Object.fromEntries(Array.from({ length: 16 }, (_, i) => [`t${i}`, variable(T.number, 0, { keys: [Big, Big], reset: 'round' })]));
    const g = loadGame(game({ enums: { Big: { values, at: loc() } }, vars, flow: rounds.slice(0, 2000) }));
    const r = newGame(g, { players: 2, seed: 1 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ message: msg.evalLimit(LIMITS.evalSteps), at: round.at });
  });
});

// Lookups at load that searched a list for each item (found reading the loader after the above):
// each case is a schema-valid IR under the value limit that loaded in quadratic time.
describe('lookups while loading a hand-made IR', () => {
  const n = 40_000;

  it('a place linked to 40,000 others loads with each link once', () => {
    const spaces = Object.fromEntries(Array.from({ length: n + 1 }, (_, i) => [`s${i}`, {}]));
    const links = Array.from({ length: n }, (_, i): [string, string] => ['s0', `s${i + 1}`]);
    const g = loadGame(game({ boards: { G: graphBoard(spaces, [...links, ['s0', 's1']]) } }));
    expect(g.boards.boards.get('G')?.adj.get('s0')).toHaveLength(n);
  });

  it('40,000 reads of the last place of a 40,000-place board load', () => {
    const spaces = Object.fromEntries(Array.from({ length: n }, (_, i) => [`s${i}`, {}]));
    const read = S.eval(E.place('G', `s${n - 1}`));
    expect(() => loadGame(game({ boards: { G: graphBoard(spaces, []) }, setup: Array.from({ length: n }, () => read) }))).not.toThrow();
  });

  it('40,000 calls of a procedure that triggers follow load, and the triggers run after each call', () => {
    const call = S.call('p');
    const triggers = [{ name: 't', after: 'p', body: [S.set(E.v('n'), 1, '+=')], at: loc() }];
    const ir = game({ vars: { n: variable(T.number, 0) }, procs: { p: { params: [], body: [], at: loc() } }, triggers, setup: Array.from({ length: 1000 }, () => call) });
    expect(loadGame({ ...ir, setup: Array.from({ length: n }, () => call) })).toBeDefined();
    const r = newGame(loadGame(ir), { players: 2, seed: 1 });
    expect(r.ok && r.value.vars['n']).toBe(1000);
  });

  it('30,000 reads of an attribute of a kind with 30,000 attributes load', () => {
    const m = 30_000;
    const attrs = Object.fromEntries(Array.from({ length: m }, (_, i) => [`a${i}`, [T.number] as [typeof T.number]]));
    const read = S.eval(E.field(E.lit(null), `a${m - 1}`));
    expect(() => loadGame(game({ kinds: { K: kind(attrs) }, setup: Array.from({ length: m }, () => read) }))).not.toThrow();
  });
});

