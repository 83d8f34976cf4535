/**
 * Hand-written random playouts of the "n in a row" games (bench/games/tic-tac-toe.strata and
 * gomoku.strata), in plain mutable TypeScript, as a programmer would write them for playouts: a
 * typed-array board, the empty cells kept in a list (a random one is swapped out), a line count
 * through the stone just placed.
 */
import { rng } from './rng.js';

const EMPTY = -1;
/** Across, down and the two diagonals, as (dx, dy). */
const LINES: [number, number][] = [[1, 0], [0, 1], [1, 1], [1, -1]];

/** Stones of `player` in a row from (x, y) (excluded) stepping (dx, dy). */
function run(board: Int8Array, size: number, x: number, y: number, dx: number, dy: number, player: number): number {
  let n = 0;
  for (let cx = x + dx, cy = y + dy; cx >= 0 && cy >= 0 && cx < size && cy < size && board[cy * size + cx] === player; cx += dx, cy += dy) n++;
  return n;
}

/**
 * One random game on a size × size board where `row` in a row (or more) wins and a full board is
 * a draw. Returns the number of moves made; `result[0]` gets the winner's seat or -1.
 */
export function nInARowPlayout(size: number, row: number, seed: number, result: number[] = [0]): number {
  const random = rng(seed);
  const board = new Int8Array(size * size).fill(EMPTY);
  const empty: number[] = [];
  for (let c = 0; c < board.length; c++) empty.push(c);
  let player = 0;
  for (let moves = 1; empty.length > 0; moves++) {
    const i = (random() * empty.length) | 0;
    const cell = empty[i];
    empty[i] = empty[empty.length - 1];
    empty.pop();
    board[cell] = player;
    const x = cell % size;
    const y = (cell / size) | 0;
    for (const [dx, dy] of LINES) {
      if (1 + run(board, size, x, y, dx, dy, player) + run(board, size, x, y, -dx, -dy, player) >= row) {
        result[0] = player;
        return moves;
      }
    }
    player = 1 - player;
  }
  result[0] = -1;
  return size * size;
}

export const ticTacToePlayout = (_players: number, seed: number): number => nInARowPlayout(3, 3, seed);
export const gomokuPlayout = (_players: number, seed: number): number => nInARowPlayout(15, 5, seed);
