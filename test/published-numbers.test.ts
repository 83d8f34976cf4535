// Published counts as tests: exhaustive tic-tac-toe and Connect Four perft, through the integer
// action API, on natural rule files (bench/games/). Every sequence is played out: no transposition
// shortcuts, so every move of every game goes through the interpreter.
import { describe, expect, it } from 'vitest';
import { compileFile } from '../dsl/index.js';
import { actionCount, actionToLabel, applyAction, loadGame, newGame, scores } from '../interpreter/index.js';
import type { Game, State } from '../interpreter/index.js';
import { perft } from '../cli/perft.js';

async function load(file: string): Promise<{ game: Game; start: State }> {
  const compiled = await compileFile(file);
  if (!compiled.ir) throw new Error(`${file}: ${compiled.diagnostics.map((d) => d.message).join('; ')}`);
  const game = loadGame(compiled.ir);
  const start = newGame(game, { players: 2, seed: 1 });
  if (!start.ok) throw new Error(start.error.message);
  return { game, start: start.value };
}

describe('published numbers', () => {
  it('tic-tac-toe: 255,168 games (131,184 / 77,904 / 46,080), 5,478 positions, 958 terminal', async () => {
    const { game, start } = await load('bench/games/tic-tac-toe.strata');
    // A position is the set of X cells and the set of O cells (whose turn follows from them): a
    // bit per cell, numbered in the order the labels are first met.
    const bits = new Map<string, number>();
    const bitOf = (label: string): number => {
      let b = bits.get(label);
      if (b === undefined) bits.set(label, (b = 1 << bits.size));
      return b;
    };
    const positions = new Set<number>([0]);
    const terminal = new Set<number>();
    const results = { games: 0, x: 0, o: 0, draws: 0 };
    const walk = (s: State, mine: number, theirs: number, xToMove: boolean): void => {
      const n = actionCount(s);
      if (n === 0) throw new Error('a game that is not over offers no move');
      for (let a = 0; a < n; a++) {
        const label = actionToLabel(game, s, a);
        const next = applyAction(game, s, a);
        if (!label.ok || !next.ok) throw new Error(`action ${a} failed`);
        const placed = mine | bitOf(label.value);
        const key = xToMove ? placed * 512 + theirs : theirs * 512 + placed;
        positions.add(key);
        if (!next.value.ended) {
          walk(next.value, theirs, placed, !xToMove);
          continue;
        }
        terminal.add(key);
        results.games++;
        const [x, o] = scores(game, next.value);
        if (x > o) results.x++;
        else if (o > x) results.o++;
        else results.draws++;
      }
    };
    walk(start, 0, 0, true);
    expect(bits.size).toBe(9);
    expect(results).toEqual({ games: 255_168, x: 131_184, o: 77_904, draws: 46_080 });
    expect(positions.size).toBe(5_478);
    expect(terminal.size).toBe(958);
  }, 600_000);

  it('Connect Four perft from the empty board: 7, 49, 343, 2,401, 16,807, 117,649', async () => {
    const { game, start } = await load('bench/games/connect-four.strata');
    const counts = perft(game, start, 6);
    expect(counts.sequences).toEqual([7, 49, 343, 2_401, 16_807, 117_649]);
    // Nobody can connect four before their fourth disc (ply 7).
    expect(counts.ended).toEqual([0, 0, 0, 0, 0, 0]);
  }, 600_000);
});
