/**
 * The places and neighbour links of generated boards, named as the brief fixes them:
 * square grids `r{row}c{col}` (from 1; x = column, y = row), hex boards `h{q}_{r}` (axial, `m` for
 * minus) unless a space names the position, tracks `t0`…`t{n-1}` (x = index).
 */

export interface Cell {
  name: string;
  x?: number;
  y?: number;
  q?: number;
  r?: number;
}

export interface Pair {
  from: string;
  to: string;
}

export function gridName(row: number, col: number): string {
  return `r${row}c${col}`;
}

export function hexName(q: number, r: number): string {
  const n = (v: number): string => (v < 0 ? `m${-v}` : `${v}`);
  return `h${n(q)}_${n(r)}`;
}

export function trackName(i: number): string {
  return `t${i}`;
}

/** Row by row, top to bottom, each left to right. */
export function gridCells(width: number, height: number): Cell[] {
  const cells: Cell[] = [];
  for (let row = 1; row <= height; row++) {
    for (let col = 1; col <= width; col++) cells.push({ name: gridName(row, col), x: col, y: row });
  }
  return cells;
}

/** Each neighbouring pair once: right, down, and with 8 neighbours the two downward diagonals. */
export function gridPairs(width: number, height: number, neighbours: 4 | 8): Pair[] {
  const steps = neighbours === 8 ? [[0, 1], [1, 0], [1, 1], [1, -1]] : [[0, 1], [1, 0]];
  const pairs: Pair[] = [];
  for (let row = 1; row <= height; row++) {
    for (let col = 1; col <= width; col++) {
      for (const [dr, dc] of steps as [number, number][]) {
        const r2 = row + dr;
        const c2 = col + dc;
        if (r2 >= 1 && r2 <= height && c2 >= 1 && c2 <= width) pairs.push({ from: gridName(row, col), to: gridName(r2, c2) });
      }
    }
  }
  return pairs;
}

export function hexDistance(q: number, r: number): number {
  return Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r));
}

/** Axial positions within `radius` of the centre, row by row (r ascending, then q). */
export function hexPositions(radius: number): { q: number; r: number }[] {
  const out: { q: number; r: number }[] = [];
  for (let r = -radius; r <= radius; r++) {
    for (let q = -radius; q <= radius; q++) if (hexDistance(q, r) <= radius) out.push({ q, r });
  }
  return out;
}

/** Neighbouring positions once each: the three "forward" axial directions. */
export function hexPairs(radius: number, nameAt: (q: number, r: number) => string): Pair[] {
  const pairs: Pair[] = [];
  for (const { q, r } of hexPositions(radius)) {
    for (const [dq, dr] of [[1, 0], [0, 1], [-1, 1]] as [number, number][]) {
      if (hexDistance(q + dq, r + dr) <= radius) pairs.push({ from: nameAt(q, r), to: nameAt(q + dq, r + dr) });
    }
  }
  return pairs;
}

export function trackCells(length: number): Cell[] {
  return Array.from({ length }, (_, i) => ({ name: trackName(i), x: i }));
}

export function trackPairs(length: number): Pair[] {
  return Array.from({ length: Math.max(0, length - 1) }, (_, i) => ({ from: trackName(i), to: trackName(i + 1) }));
}
