/**
 * The yardstick: Four Species' random playout written by hand in plain TypeScript, with the
 * rules of the data sheet (8x8 board, 8 directions, 3/2/1/1 tiles a turn, lines of 5/4/3, the 5th
 * pterodactyl, T-Rex removal by 5 plant neighbours, rounds = players). The bench runs it beside the
 * interpreter's playouts of rulesets/four-species.strata and prints the ratio.
 */

import { rng } from './reference/rng.js';

const SIZE = 8;
const EMPTY = -1;
const PLANTS = 0;
const CERATOPS = 1;
const TREX = 2;
const PTERO = 3;
const SUPPLY = [20, 12, 8, 5];
const PER_TURN = [3, 2, 1, 1];
const LINE = [5, 4, 3, 0];
const VP = [2, 3, 3, 1];
const DIRS: [number, number][] = [[1, 0], [0, 1], [1, 1], [1, -1]];
const NEIGHBOURS: number[][] = [];
for (let i = 0; i < SIZE * SIZE; i++) {
  const x = i % SIZE;
  const y = (i / SIZE) | 0;
  const list: number[] = [];
  for (let dy = -1; dy <= 1; dy++)
    for (let dx = -1; dx <= 1; dx++) {
      if (!dx && !dy) continue;
      const nx = x + dx;
      const ny = y + dy;
      if (nx >= 0 && ny >= 0 && nx < SIZE && ny < SIZE) list.push(ny * SIZE + nx);
    }
  NEIGHBOURS.push(list);
}

/** Species held by each seat in round 1 (data sheet). */
const HOLDINGS: Record<number, number[][]> = {
  2: [[PLANTS, TREX], [CERATOPS, PTERO]],
  3: [[PLANTS], [CERATOPS], [TREX, PTERO]],
  4: [[PLANTS], [CERATOPS], [TREX], [PTERO]],
};

function lineLength(board: Int8Array, cell: number, species: number, dx: number, dy: number): number {
  let n = 1;
  for (const s of [1, -1]) {
    let x = (cell % SIZE) + s * dx;
    let y = ((cell / SIZE) | 0) + s * dy;
    while (x >= 0 && y >= 0 && x < SIZE && y < SIZE && board[y * SIZE + x] === species) {
      n++;
      x += s * dx;
      y += s * dy;
    }
  }
  return n;
}

function legal(board: Int8Array, species: number, cell: number): boolean {
  const here = board[cell];
  if (species === PLANTS) return here === EMPTY;
  if (species === CERATOPS) return here === EMPTY || here === PLANTS;
  if (species === TREX) return here === EMPTY || here === CERATOPS;
  return here === EMPTY && NEIGHBOURS[cell].some((n) => board[n] !== EMPTY);
}

/** Plays one round; returns the winning species or -1. */
function playRound(random: () => number): number {
  const board = new Int8Array(SIZE * SIZE).fill(EMPTY);
  const supply = SUPPLY.slice();
  const onBoard = [0, 0, 0, 0];
  const options: number[] = [];
  for (;;) {
    let anyPlaced = false;
    for (let species = 0; species < 4; species++) {
      for (let k = 0; k < PER_TURN[species]; k++) {
        if (supply[species] === 0) break;
        options.length = 0;
        for (let c = 0; c < SIZE * SIZE; c++) if (legal(board, species, c)) options.push(c);
        if (options.length === 0) break;
        const cell = options[(random() * options.length) | 0];
        const replaced = board[cell];
        if (replaced !== EMPTY) {
          supply[replaced]++;
          onBoard[replaced]--;
        }
        board[cell] = species;
        supply[species]--;
        onBoard[species]++;
        anyPlaced = true;
        if (species === PLANTS) {
          for (const n of NEIGHBOURS[cell]) {
            if (board[n] !== TREX) continue;
            let plants = 0;
            for (const m of NEIGHBOURS[n]) if (board[m] === PLANTS) plants++;
            if (plants >= 5) {
              board[n] = EMPTY;
              supply[TREX]++;
              onBoard[TREX]--;
            }
          }
        }
        if (species === PTERO) {
          if (onBoard[PTERO] >= 5) return PTERO;
        } else {
          for (const [dx, dy] of DIRS) if (lineLength(board, cell, species, dx, dy) >= LINE[species]) return species;
        }
      }
    }
    if (!anyPlaced) return -1;
  }
}

/** One whole game between random players; returns the scores by seat. */
export function referencePlayout(players: number, seed: number): number[] {
  const random = rng(seed);
  const scores = new Array<number>(players).fill(0);
  for (let round = 0; round < players; round++) {
    const winner = playRound(random);
    if (winner < 0) continue;
    const seat = HOLDINGS[players].findIndex((held) => held.includes(winner));
    scores[(seat + round) % players] += VP[winner];
  }
  return scores;
}
