// The holder index (holder-index.ts) follows each state's holders through pure applies that share
// it, branches from one state, undo and in-place play: a state read back from JSON (which has no
// index, so builds it from its record) always offers and plays the same as the state itself.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { actionCount, apply, applyInPlace, legalMoves, loadGame, newGame, undo, type Game, type State } from '../../interpreter/index.js';
import { unwrap } from './helpers.js';

const copy = (s: State): State => JSON.parse(JSON.stringify(s)) as State;

/** Option i's next state, from `s` and from a JSON copy of `s`: they must agree. */
function stepBoth(g: Game, s: State, i: number): State {
  const label = legalMoves(g, s)[i].label;
  const next = unwrap(apply(g, s, label));
  expect(next).toEqual(unwrap(apply(g, copy(s), label)));
  return next;
}

/** Places fill and empty again: a stone on an empty cell, then every stone of a chosen cell taken off. */
const fillAndEmpty = `
game FillAndEmpty {
    players 2
    kind Stone
    zone bin: Stone visible all
    board Grid square 3 by 3
    flow {
        let p = playerAt(1)
        repeat 30 {
            let c = choose x in Grid by p where size(x) <= 1
            create 1 Stone in c
            if (count x in Grid where size(x) >= 1) >= 3 {
                let d = choose x in Grid by p where size(x) >= 1
                move pieces(d) to bin
            }
            p = next(p)
        }
    }
}
`;

describe('the holder index', () => {
  for (const [name, text] of [
    ['gomoku', readFileSync('bench/games/gomoku.strata', 'utf8')],
    ['a board that fills and empties', fillAndEmpty],
  ]) {
    it(`agrees with the holders record through pure applies, branches, undo and in-place play: ${name}`, async () => {
      await check(text);
    });
  }
});

/** Random pure applies with branches and undo, then in-place play, each against a JSON copy. */
async function check(text: string): Promise<void> {
  const { ir, diagnostics } = await compileText([{ uri: 'game.strata', text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const g = loadGame(ir!);
  for (const seed of [1, 2, 3]) {
    let s = unwrap(newGame(g, { players: 2, seed }));
    let pick = seed;
    for (let move = 0; move < 40 && actionCount(s) > 0; move++) {
      pick = (pick * 1103515245 + 12345) >>> 0;
      const n = actionCount(s);
      // A branch from the same state first (both share its index until they write).
      const other = stepBoth(g, s, (pick >>> 8) % n);
      const next = stepBoth(g, s, pick % n);
      expect(stepBoth(g, other, 0)).toEqual(unwrap(apply(g, copy(other), legalMoves(g, other)[0].label)));
      // Undo gives the state back, and it plays on as its JSON copy does.
      const back = unwrap(undo(g, next));
      expect(back).toEqual(s);
      stepBoth(g, back, 0);
      s = next;
    }
    // In place from here on: the same as a JSON copy played in place.
    const twin = copy(s);
    for (let move = 0; move < 20 && actionCount(s) > 0; move++) {
      const label = legalMoves(g, s)[move % actionCount(s)].label;
      unwrap(applyInPlace(g, s, label));
      unwrap(applyInPlace(g, twin, label));
      expect(s).toEqual(twin);
      expect(legalMoves(g, s)).toEqual(legalMoves(g, twin));
    }
  }
}
