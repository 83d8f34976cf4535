// Board geometry of the editor's board views, checked on the fixture's boards (one per shape).
import { beforeAll, describe, expect, it } from 'vitest';
import type { BoardIR, GameIR } from '../../interpreter/ir.js';
import { cell, hexCorners, layoutBoard, type BoardLayout, type PlaceLayout } from '../../editor/src/play/board-layout.js';
import { boardEdges } from '../../editor/src/play/board-look.js';
import type { State } from '../../interpreter/index.js';
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

  it('lays a graph without coordinates out by its links, the same way every time', () => {
    const l = layout('Ring');
    expect(l.links).toHaveLength(5);
    expect(closest(l)).toBeGreaterThanOrEqual(l.places[0]!.w);
    expect(inside(l)).toBe(true);
    // A ring of five: linked places are nearer each other than places two links apart.
    const linked = l.links.map((k) => Math.hypot(k.from.cx - k.to.cx, k.from.cy - k.to.cy));
    const far = Math.min(...['ac', 'bd', 'ce', 'da', 'eb'].map(([a, b]) => Math.hypot(place(l, a!).cx - place(l, b!).cx, place(l, a!).cy - place(l, b!).cy)));
    expect(Math.max(...linked)).toBeLessThan(far);
    expect(layout('Ring').places.map((p) => [p.cx, p.cy])).toEqual(l.places.map((p) => [p.cx, p.cy]));
  });

  it('keeps a bigger graph readable: linked places near, no place on another, unlinked ones in view', () => {
    // Two chains of six joined in the middle, and one place with no link.
    const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
    const links = names.slice(1).flatMap((n, i) => (i === 5 ? [] : [{ from: names[i]!, to: n, directed: false, attrs: {} }]));
    links.push({ from: 'p2', to: 'p8', directed: false, attrs: {} });
    const board: BoardIR = {
      shape: { type: 'graph' },
      perPlayer: false,
      places: [...names, 'alone'].map((name) => ({ name, attrs: {} })),
      links,
      at: ir.boards['Ring']!.at,
    };
    const l = layoutBoard('G', board, null);
    expect(closest(l)).toBeGreaterThanOrEqual(l.places[0]!.w);
    expect(inside(l)).toBe(true);
    const distance = (a: string, b: string) => Math.hypot(place(l, a).cx - place(l, b).cx, place(l, a).cy - place(l, b).cy);
    const linkedMean = links.reduce((s, k) => s + distance(k.from, k.to), 0) / links.length;
    expect(linkedMean).toBeLessThan(distance('p0', 'p11'));
    expect(linkedMean).toBeLessThan(distance('p0', 'p5'));
    // Not strung out on a line: the drawing is at most three times as wide as high, or the reverse.
    expect(Math.max(l.width / l.height, l.height / l.width)).toBeLessThan(3);
  });

  it('lays a graph with no links out in rows, one per family of names, in declaration order', () => {
    const names = ['A1', 'A2', 'A3', 'A1b', 'B1', 'B2', 'Lone', 'A4', ...Array.from({ length: 12 }, (_, i) => `C${i + 1}`)];
    const board: BoardIR = { shape: { type: 'graph' }, perPlayer: false, places: names.map((name) => ({ name, attrs: {} })), links: [], at: ir.boards['Ring']!.at };
    const l = layoutBoard('G', board, null);
    const row = (n: string) => place(l, n).cy;
    expect(['A2', 'A3', 'A1b', 'A4'].map(row)).toEqual(Array(4).fill(row('A1')));
    expect(row('B1')).toBe(row('B2'));
    expect(row('A1')).toBeLessThan(row('B1'));
    expect(row('B1')).toBeLessThan(row('Lone'));
    expect(row('Lone')).toBeLessThan(row('C1'));
    // A long family wraps onto a second row.
    expect(row('C11')).toBeGreaterThan(row('C10'));
    expect(place(l, 'A2').cx).toBeGreaterThan(place(l, 'A1').cx);
    expect(closest(l)).toBeGreaterThanOrEqual(l.places[0]!.w);
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

  it('lays a track out as one straight row of touching hexagons when its look asks for a line', () => {
    const b = ir.boards['Path']!;
    const l = layoutBoard('Path', b, null, { at: b.at, layout: 'line', shape: 'hex' });
    expect(new Set(l.places.map((p) => p.cy)).size).toBe(1);
    expect(l.places.every((p) => p.shape === 'hex')).toBe(true);
    for (let i = 1; i < 14; i++) expect(place(l, `t${i}`).cx - place(l, `t${i - 1}`).cx).toBeCloseTo(cell, 6);
    expect(inside(l)).toBe(true);
  });

  it('draws bars on edges from a table by edge and printed lines from a parameter of place pairs', () => {
    const b = ir.boards['Grid']!;
    const l = layoutBoard('Grid', b, null, { at: b.at, edges: ['fence', 'printed'] });
    const state = { vars: { fence: { 'edge:Grid.r1c1|Grid.r1c2': true, 'edge:Grid.r2c1|Grid.r2c2': false } }, params: { printed: [['r1c1', 'r2c1'], ['r1c1', 'nowhere']] } };
    const bars = boardEdges(l, state as unknown as State);
    expect(bars.map((e) => [e.key, e.printed])).toEqual([['edge:Grid.r1c1|Grid.r1c2', false], ['printed:r1c1|r2c1', true]]);
    // The printed line between r1c1 and r2c1 (one above the other) lies across, at their midpoint.
    const printed = bars[1]!;
    expect(printed.y1).toBeCloseTo(printed.y2, 6);
    expect((printed.y1 + printed.y2) / 2).toBeCloseTo((place(l, 'r1c1').cy + place(l, 'r2c1').cy) / 2, 6);
  });

  it("keys each player's copy of a per-player board by its owner", () => {
    const first = layout('Home', 0);
    const second = layout('Home', 1);
    expect(first.places[0]!.key).toBe('Home@0.r1c1');
    expect(second.places[0]!.key).toBe('Home@1.r1c1');
    expect(second.places.map((p) => [p.cx, p.cy])).toEqual(first.places.map((p) => [p.cx, p.cy]));
  });
});
