/**
 * Hand-written random playouts of the "n in a row" games (bench/games/tic-tac-toe.strata and
 * gomoku.strata), in plain mutable TypeScript, as a programmer would write them: a typed-array
 * board, the empty cells listed afresh at each move, a line count through the stone just placed.
 */
import { rng } from './rng.js';

const EMPTY = -1;
/** Across, down and the two diagonals, as (dx, dy). */
const LINES: [number, number][] = [[1, 0], [0, 1], [1, 1], [1, -1]];

/** How many stones of `player` lie in an unbroken line through (x, y) along (dx, dy), both ways. */
function lineLength(board: Int8Array, size: number, x: number, y: number, dx: number, dy: number, player: number): number {
  let n = 1;
  for (const s of [1, -1]) {
    let cx = x + s * dx;
    let cy = y + s * dy;
    while (cx >= 0 && cy >= 0 && cx < size && cy < size && board[cy * size + cx] === player) {
      n++;
      cx += s * dx;
      cy += s * dy;
    }
  }
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
  let player = 0;
  for (let moves = 0; ; ) {
    empty.length = 0;
    for (let c = 0; c < board.length; c++) if (board[c] === EMPTY) empty.push(c);
    if (empty.length === 0) {
      result[0] = -1;
      return moves;
    }
    const cell = empty[(random() * empty.length) | 0];
    board[cell] = player;
    moves++;
    const x = cell % size;
    const y = (cell / size) | 0;
    for (const [dx, dy] of LINES) {
      if (lineLength(board, size, x, y, dx, dy, player) >= row) {
        result[0] = player;
        return moves;
      }
    }
    player = 1 - player;
  }
}

export const ticTacToePlayout = (_players: number, seed: number): number => nInARowPlayout(3, 3, seed);
export const gomokuPlayout = (_players: number, seed: number): number => nInARowPlayout(15, 5, seed);
