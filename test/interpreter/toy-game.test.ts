import { describe, expect, it } from 'vitest';
import { loadGame, piecesAt, randomPlayout, ranking, replay, saveGame, scores, view, type State } from '../../interpreter/index.js';
import { noughtsAndCrosses } from './toy-game.js';

const g = loadGame(noughtsAndCrosses);

/** An independent referee: the owner of three marks in a row on the final grid, if any. */
function lineOwner(s: State): number | null {
  const owner = (r: number, c: number): number | null => {
    const ids = piecesAt(g.ir, s, `Grid.r${r}c${c}`);
    return ids.length > 0 ? s.pieces[ids[0]].owner : null;
  };
  const lines: [number, number][][] = [];
  for (let i = 1; i <= 3; i++) {
    lines.push([[i, 1], [i, 2], [i, 3]], [[1, i], [2, i], [3, i]]);
  }
  lines.push([[1, 1], [2, 2], [3, 3]], [[1, 3], [2, 2], [3, 1]]);
  for (const line of lines) {
    const [a, b, c] = line.map(([r, col]) => owner(r, col));
    if (a !== null && a === b && b === c) return a;
  }
  return null;
}

describe('a complete toy game played by random playouts', () => {
  it('always ends, with the winner an independent referee finds', () => {
    let wins = 0;
    let draws = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const { state, moves } = randomPlayout(g, 2, seed);
      expect(state.ended).toBe(true);
      expect(moves.length).toBeGreaterThanOrEqual(5);
      expect(moves.length).toBeLessThanOrEqual(9);
      const winner = lineOwner(state);
      expect(state.vars.winner).toBe(winner);
      if (winner === null) {
        draws++;
        expect(state.vars.moves).toBe(9);
        expect(ranking(g, state)).toEqual([[0, 1]]);
      } else {
        wins++;
        expect(scores(g, state)[winner]).toBe(1);
        expect(ranking(g, state)).toEqual([[winner], [1 - winner]]);
        expect(state.log.at(-1)?.text).toBe(`P${winner + 1} wins`);
      }
    }
    expect(wins).toBeGreaterThan(100);
    expect(draws).toBeGreaterThan(5);
  });

  it('replays each playout to the same state; views of a finished game show it all', () => {
    for (let seed = 1; seed <= 30; seed++) {
      const { state } = randomPlayout(g, 2, seed);
      expect(replay(g, saveGame(g, state)).state).toEqual(state);
      expect(view(g, state, 0)).toEqual(state);
    }
  });

  it('the same seed gives the same playout; other seeds differ', () => {
    expect(randomPlayout(g, 2, 42)).toEqual(randomPlayout(g, 2, 42));
    const distinct = new Set(Array.from({ length: 20 }, (_, i) => randomPlayout(g, 2, i).moves.join()));
    expect(distinct.size).toBeGreaterThan(15);
  });
});
