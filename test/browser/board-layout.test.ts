// Board geometry of the editor's board views, checked on the fixture's boards (one per shape).
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameIR } from '../../interpreter/ir.js';
import { cell, hexCorners, layoutBoard, type BoardLayout, type PlaceLayout } from '../../editor/src/play/board-layout.js';
import { compileFixture } from './fixture-ir.js';

let ir: GameIR;

function layout(board: string, owner: number | null = null): BoardLayout {
  const b = ir.boards[board];
  if (!b) throw new Error(`no board ${board}`);
  return layoutBoard(board, b, owner);
}

function place(l: BoardLayout, name: string): PlaceLayout {
  const p = l.places.find((x) => x.name === name);
  if (!p) throw new Error(`no place ${name}`);
  return p;
}

function closest(l: BoardLayout): number {
  let d = Infinity;
  for (const a of l.places) for (const b of l.places) if (a !== b) d = Math.min(d, Math.hypot(a.cx - b.cx, a.cy - b.cy));
  return d;
}

/** Every place's box lies inside the drawing. */
function inside(l: BoardLayout): boolean {
  return l.places.every((p) => p.cx - p.w / 2 >= 0 && p.cy - p.h / 2 >= 0 && p.cx + p.w / 2 <= l.width && p.cy + p.h / 2 <= l.height);
}

beforeAll(async () => {
  ir = await compileFixture();
});

describe('board layout', () => {
  it('places a graph by its places x and y when all have them', () => {
    const l = layout('Map');
    expect(l.places.map((p) => p.key)).toEqual(['Map.north', 'Map.east', 'Map.south', 'Map.west']);
    expect(place(l, 'west').cx).toBeLessThan(place(l, 'north').cx);
    expect(place(l, 'north').cx).toBeLessThan(place(l, 'east').cx);
    expect(place(l, 'north').cy).toBeLessThan(place(l, 'east').cy);
    expect(place(l, 'east').cy).toBeLessThan(place(l, 'south').cy);
    expect(closest(l)).toBeGreaterThanOrEqual(place(l, 'north').w);
    expect(l.links.map((k) => [k.from.name, k.to.name, k.directed])).toContainEqual(['west', 'north', true]);
    expect(inside(l)).toBe(true);
  });

  it('puts a graph without coordinates on a circle', () => {
    const l = layout('Ring');
    const cx = l.places.reduce((s, p) => s + p.cx, 0) / l.places.length;
    const cy = l.places.reduce((s, p) => s + p.cy, 0) / l.places.length;
    const radii = l.places.map((p) => Math.hypot(p.cx - cx, p.cy - cy));
    for (const r of radii) expect(r).toBeCloseTo(radii[0]!, 6);
    expect(closest(l)).toBeGreaterThanOrEqual(l.places[0]!.w);
    expect(l.links).toHaveLength(5);
    expect(inside(l)).toBe(true);
  });

  it('draws a square grid cell by column and row', () => {
    const l = layout('Grid');
    expect(l.places).toHaveLength(20);
    expect(place(l, 'r1c2').cx - place(l, 'r1c1').cx).toBeCloseTo(cell);
    expect(place(l, 'r2c1').cy - place(l, 'r1c1').cy).toBeCloseTo(cell);
    expect(place(l, 'r4c5').cx).toBeGreaterThan(place(l, 'r4c1').cx);
    expect(l.links).toEqual([]);
    expect(inside(l)).toBe(true);
  });

  it('draws a hex board as touching hexagons, named places included', () => {
    const l = layout('Hexes');
    expect(l.places).toHaveLength(19);
    expect(l.places.every((p) => p.shape === 'hex')).toBe(true);
    // Neighbours touch: centres one hex width apart; no two hexagons overlap.
    expect(closest(l)).toBeCloseTo(cell, 6);
    expect(place(l, 'centre').key).toBe('Hexes.centre');
    expect(hexCorners(place(l, 'centre')).split(' ')).toHaveLength(6);
    expect(inside(l)).toBe(true);
  });

  it('lays a long track out in rows that snake back, consecutive cells side by side', () => {
    const l = layout('Path');
    expect(l.places.map((p) => p.name)).toEqual(Array.from({ length: 14 }, (_, i) => `t${i}`));
    for (let i = 1; i < 14; i++) {
      const a = place(l, `t${i - 1}`);
      const b = place(l, `t${i}`);
      expect(Math.hypot(a.cx - b.cx, a.cy - b.cy)).toBeLessThanOrEqual(cell * 1.2 + 1e-9);
    }
    expect(place(l, 't10').cy).toBeGreaterThan(place(l, 't9').cy);
    expect(inside(l)).toBe(true);
  });

  it("keys each player's copy of a per-player board by its owner", () => {
    const first = layout('Home', 0);
    const second = layout('Home', 1);
    expect(first.places[0]!.key).toBe('Home@0.r1c1');
    expect(second.places[0]!.key).toBe('Home@1.r1c1');
    expect(second.places.map((p) => [p.cx, p.cy])).toEqual(first.places.map((p) => [p.cx, p.cy]));
  });
});
