/**
 * New games made from a start template (interpreter/start-template.ts) are the games the rules
 * make from their start: for every rule file, variant and player count and several seeds, the
 * same state at the first choice (JSON and toEqual) and the same random playout (a template start
 * and lean choices) as a game run from createGame with every choice full. Then the corner cases:
 * a draw at the first instruction, in a parameter, a rule error or the statement limit on either
 * side of the first draw, a game that ends in its setup, a piece revealed before the first draw.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile, compileText } from '../../dsl/index.js';
import { applyInPlace, legalMoves, loadGame, newGame, randomPlayout, type Game, type Result, type State } from '../../interpreter/index.js';
import { createGame, resume } from '../../interpreter/api.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { makeCtx } from '../../interpreter/context.js';
import { guard } from '../../interpreter/errors.js';
import type { GameIR, Stmt } from '../../interpreter/ir.js';
import { optionCount } from '../../interpreter/range-choice.js';
import { run } from '../../interpreter/vm.js';
import { playerCounts } from '../conformance/rulesets.js';
import { add, E, game, loc, lt, S, T, variable } from './ir-builders.js';
import { unwrap } from './helpers.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FILES = ['rulesets', 'examples', 'bench/games']
  .map((d) => join(ROOT, d))
  .filter((d) => existsSync(d))
  .flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.strata')).sort().map((f) => join(d, f)));
/** Moves of each compared playout (the longest bundled games have hundreds). */
const MOVES = 80;

/** A new game as made before templates: the state from createGame, run to its first choice. */
function fromStart(g: Game, players: number, seed: number): Result<State> {
  const made = createGame(g, { players, seed });
  if (!made.ok) return made;
  return guard(() => {
    run(makeCtx(g, made.value));
    return made.value;
  });
}

/** A random playout as played before lean choices: full choices, from createGame. */
function playFromStart(g: Game, players: number, seed: number, maxMoves: number): State {
  const s = unwrap(fromStart(g, players, seed));
  for (let n = 0; n < maxMoves && !s.ended && s.pending !== null; n++) resume(g, s, randomAction(seed, s.moves.length, optionCount(s.pending)));
  return s;
}

function expectSameStart(g: Game, players: number, seed: number, what: string): void {
  const made = newGame(g, { players, seed });
  const ref = fromStart(g, players, seed);
  expect(made.ok ? 'ok' : made.error, what).toEqual(ref.ok ? 'ok' : ref.error);
  if (!made.ok || !ref.ok) return;
  expect(JSON.stringify(made.value), what).toBe(JSON.stringify(ref.value));
  expect(made.value, what).toEqual(ref.value);
  expect(made.value.pending?.labels, what).toEqual(ref.value.pending?.labels);
}

async function variantsOf(path: string): Promise<GameIR[]> {
  const base = await compileFile(path);
  const irs: GameIR[] = [];
  for (const variant of base.variants) {
    const r = variant === base.variants[0] ? base : await compileFile(path, { variant });
    if (!r.ir) throw new Error(`${path} (${variant}) does not compile`);
    irs.push(r.ir);
  }
  return irs;
}

describe('new games from a start template', () => {
  for (const path of FILES) {
    it(`start and play ${path.slice(ROOT.length + 1)} as from the rules' start, every variant and player count`, async () => {
      let compared = 0;
      for (const ir of await variantsOf(path)) {
        const g = loadGame(ir);
        for (const players of playerCounts(ir)) {
          for (const seed of [1, 2, 3]) {
            const what = `${ir.variant ?? 'base'}, ${players} players, seed ${seed}`;
            expectSameStart(g, players, seed, what);
            const played = randomPlayout(g, players, seed, MOVES).state;
            const ref = playFromStart(g, players, seed, MOVES);
            expect(JSON.stringify(played), what).toBe(JSON.stringify(ref));
            compared++;
          }
        }
      }
      expect(compared).toBeGreaterThan(0);
    }, 600_000);
  }

  const vars = { n: variable(T.number, 0), r: variable(T.any, null) };
  const count = (to: number): Stmt => S.while(lt(E.v('n'), to), [S.set(E.v('n'), add(E.v('n'), 1))]);
  const choice = S.choose({ by: 0, from: E.list(1, 2, 3), labelAs: T.number });
  const range = { ...S.choose({ by: 1, from: E.lit(2), labelAs: T.number, pass: 'none' }), to: E.lit(5) };
  const cases: [string, Partial<GameIR>][] = [
    ['the first instruction draws', { vars, setup: [S.set(E.v('r'), E.b('pickRandom', E.list(1, 2, 3))), count(5)], flow: [choice] }],
    ['a parameter draws', { params: { p: { value: E.b('pickRandom', E.list(1, 2, 3)), at: loc() } }, vars, flow: [choice] }],
    ['a rule error before any draw', { vars, setup: [count(3), S.set(E.v('r'), E.b('first', E.lit(1)))], flow: [choice] }],
    ['a rule error after the first draw', { vars, setup: [count(3), S.set(E.v('r'), E.b('pickRandom', E.list(1, 2))), S.set(E.v('r'), E.b('first', E.lit(1)))], flow: [choice] }],
    ['the game ends in its setup', { vars, setup: [count(3), S.end()], flow: [choice] }],
    ['nothing draws, the first choice comes', { vars, setup: [count(3)], flow: [choice, choice] }],
    ['nothing draws, the first choice is a range', { vars, setup: [count(3)], flow: [range, choice, range] }],
  ];
  for (const [name, parts] of cases) {
    it(`${name}: the same start and play`, () => {
      const g = loadGame(game(parts));
      for (const seed of [5, 6, 7, 8]) {
        expectSameStart(g, 2, seed, name);
        const made = newGame(g, { players: 2, seed });
        // A random playout's first choice is lean from the start: stopping there, or after it, too.
        if (made.ok) for (const moves of [0, 1, 10]) expect(JSON.stringify(randomPlayout(g, 2, seed, moves).state)).toBe(JSON.stringify(playFromStart(g, 2, seed, moves)));
      }
    });
  }

  it('counts the statements run before the first draw against the limit after it', () => {
    // 600,000 statements (a repeat counts two a turn), a draw, 600,000 more: over the limit of
    // 1,000,000 only if the statements before the draw still count.
    const steps = (n: number): Stmt => S.repeat(n, [S.set(E.v('n'), add(E.v('n'), 1))]);
    const draw = S.set(E.v('r'), E.b('pickRandom', E.list(1, 2)));
    const below = loadGame(game({ vars, setup: [steps(300_000), draw], flow: [choice] }));
    expect(unwrap(newGame(below, { players: 2, seed: 1 })).vars.n).toBe(300_000);
    const over = loadGame(game({ vars, setup: [steps(300_000), draw, steps(300_000)], flow: [choice] }));
    for (const seed of [1, 2]) {
      const made = newGame(over, { players: 2, seed });
      expect(made.ok ? 'ok' : made.error.message).toBe('more than 1000000 statements ran without a choice');
      expect(made).toEqual(fromStart(over, 2, seed));
    }
  });

  it("shares the template's piece attributes until a game sets one, which changes no other game", async () => {
    // Pieces made before the first draw (the shuffle), an attribute set by every game after it.
    const text = `game Marks {
    players 2
    kind Card { value: number }
    zone deck: Card visible all
    setup {
        repeat 4 as v { create 1 Card { value: v } in deck }
        shuffle deck
    }
    flow {
        let c = choose x in pieces(deck) by playerAt(1) label str(x.value)
        c.value = c.value + 100
        let d = choose x in pieces(deck) by playerAt(1) label str(x.value)
    }
}`;
    const { ir } = await compileText([{ uri: 'marks.strata', text }]);
    for (const engine of ['closure', 'generated'] as const) {
      const g = loadGame(ir!, { engine });
      const first = unwrap(newGame(g, { players: 2, seed: 1 }));
      const second = unwrap(newGame(g, { players: 2, seed: 2 }));
      const before = JSON.stringify(second);
      const label = legalMoves(g, first)[0].label;
      const played = unwrap(applyInPlace(g, first, label));
      // The piece chosen has its new value; the other game, and a third new game, do not.
      expect(played.pieces.map((p) => p.attrs.value).sort((a, b) => Number(a) - Number(b))).toEqual(
        [1, 2, 3, 4].map((v) => (String(v) === label ? v + 100 : v)).sort((a, b) => a - b),
      );
      expect(JSON.stringify(second)).toBe(before);
      const third = unwrap(newGame(g, { players: 2, seed: 1 }));
      expect(third.pieces.map((p) => p.attrs.value).sort()).toEqual([1, 2, 3, 4]);
      expect(JSON.stringify(third)).toBe(JSON.stringify(fromStart(g, 2, 1).ok ? unwrap(fromStart(g, 2, 1)) : null));
    }
  });
});
