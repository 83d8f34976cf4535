/**
 * Where each place of a board is drawn: pure geometry from the IR, one function per board shape.
 * Graphs use the places' `x`/`y` when every place has them, else a force-directed layout over
 * their links (`graph-layout.ts`, deterministic), or rows of name families when they have no links;
 * square grids are cells by column and row; hex boards are pointy-top axial hexagons; tracks are a
 * row of cells that snakes back and forth when long. Per-player boards are laid out once per player.
 * A board's look in the game's presentation may place a graph's places instead: at given positions,
 * or on rings around a centre (`polar`), drawn as ring segments; lay a track out as one straight
 * row (`line`); and draw places as rectangles, circles or hexagons (`shape`).
 */
import type { BoardIR, BoardLookIR, GameIR, Json, LinkIR, PlaceIR } from '../../../interpreter/ir.js';
import { placeKey } from '../../../interpreter/holder-keys.js';
import { forceLayout } from './graph-layout.js';

export type PlaceShape = 'rect' | 'circle' | 'hex' | 'sector';

/** A ring segment around (ox, oy): radii r0 < r1, angles a0 < a1 in radians. */
export interface Arc {
  ox: number;
  oy: number;
  r0: number;
  r1: number;
  a0: number;
  a1: number;
}

export interface PlaceLayout {
  /** The place string at run time: `Board.name` or `Board@P.name`. */
  key: string;
  name: string;
  cx: number;
  cy: number;
  /** Width and height of the place's box (a circle's or hexagon's bounding box). */
  w: number;
  h: number;
  shape: PlaceShape;
  attrs: Record<string, Json>;
  /** For `sector` places: the ring segment. */
  arc?: Arc;
}

export interface LinkLayout {
  from: PlaceLayout;
  to: PlaceLayout;
  directed: boolean;
}

export interface BoardLayout {
  board: string;
  owner: number | null;
  width: number;
  height: number;
  places: PlaceLayout[];
  /** Drawn for graphs only: grids, hex boards and tracks show adjacency by position. */
  links: LinkLayout[];
  /** The board's look in the game's presentation, if it has one. */
  look?: BoardLookIR;
  /** A growing board: only the places created in the shown state are drawn. */
  grows?: boolean;
}

export const cell = 56;
const margin = 12;
const trackRow = 10;

function coordinate(p: PlaceIR, field: 'x' | 'y'): number | undefined {
  const v = p[field] ?? p.attrs[field];
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

type Point = { cx: number; cy: number };

/** Scales positions so that the closest two places are a bit more than a place apart. */
function spread(xs: number[], ys: number[]): Point[] {
  let closest = Infinity;
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) closest = Math.min(closest, Math.hypot(xs[i]! - xs[j]!, ys[i]! - ys[j]!));
  }
  const scale = Number.isFinite(closest) && closest > 0 ? (cell * 1.3) / closest : cell;
  return xs.map((x, i) => ({ cx: x * scale, cy: ys[i]! * scale }));
}

const rowLength = 10;

/**
 * Places with no links at all have no shape to show: a table of rows, one per family of names
 * (the part before the number: `A1`, `A2` on one row, `B1` on the next), in declaration order.
 */
function rows(places: PlaceIR[]): [number[], number[]] {
  const families = new Map<string, number[]>();
  places.forEach((p, i) => {
    const family = /^\D*/.exec(p.name)?.[0] ?? '';
    families.set(family, [...(families.get(family) ?? []), i]);
  });
  const xs: number[] = new Array<number>(places.length).fill(0);
  const ys: number[] = new Array<number>(places.length).fill(0);
  let row = 0;
  for (const members of families.values()) {
    members.forEach((i, k) => {
      xs[i] = k % rowLength;
      ys[i] = row + Math.floor(k / rowLength);
    });
    row += Math.ceil(members.length / rowLength);
  }
  return [xs, ys];
}

function graphPoints(places: PlaceIR[], links: LinkIR[], positions: BoardLookIR['positions'] = {}): Point[] {
  const given = places.map((p) => ({ x: positions[p.name]?.x ?? coordinate(p, 'x'), y: positions[p.name]?.y ?? coordinate(p, 'y') }));
  if (places.length > 0 && given.every((g) => g.x !== undefined && g.y !== undefined)) {
    return spread(given.map((g) => g.x!), given.map((g) => g.y!));
  }
  if (links.length === 0) return spread(...rows(places));
  const index = new Map(places.map((p, i) => [p.name, i]));
  const pairs = links.flatMap((l): [number, number][] => {
    const a = index.get(l.from);
    const b = index.get(l.to);
    return a === undefined || b === undefined ? [] : [[a, b]];
  });
  const pts = forceLayout(places.length, pairs);
  return spread(pts.map((p) => p.x), pts.map((p) => p.y));
}

function gridPoints(places: PlaceIR[]): Point[] {
  return places.map((p, i) => ({ cx: ((p.x ?? i + 1) - 1) * cell, cy: ((p.y ?? 1) - 1) * cell }));
}

function hexPoints(places: PlaceIR[]): Point[] {
  const size = cell / Math.sqrt(3);
  return places.map((p) => {
    const q = p.q ?? 0;
    const r = p.r ?? 0;
    return { cx: size * Math.sqrt(3) * (q + r / 2), cy: size * 1.5 * r };
  });
}

function trackPoints(places: PlaceIR[], line: boolean): Point[] {
  return places.map((p, i) => {
    const index = p.x ?? i;
    // One straight row, as a track of tiles laid end to end is (`layout: line`).
    if (line) return { cx: index * cell, cy: 0 };
    const row = Math.floor(index / trackRow);
    const col = index % trackRow;
    // Odd rows run backwards so that consecutive cells stay side by side.
    return { cx: (row % 2 === 0 ? col : trackRow - 1 - col) * cell, cy: row * cell * 1.2 };
  });
}

/** The drawing of one board (or of one player's copy of a per-player board). */
export function layoutBoard(board: string, ir: BoardIR, owner: number | null, look?: BoardLookIR): BoardLayout {
  if (ir.shape.type === 'graph' && look?.layout === 'polar' && look.ring && look.sector) {
    return polarLayout(board, ir, owner, look, look.ring, look.sector);
  }
  let points: Point[];
  let shape: PlaceShape = 'rect';
  switch (ir.shape.type) {
    case 'graph':
      points = graphPoints(ir.places, ir.links, look?.positions);
      shape = 'circle';
      break;
    case 'square':
      points = gridPoints(ir.places);
      break;
    case 'hex':
      points = hexPoints(ir.places);
      shape = 'hex';
      break;
    case 'track':
      points = trackPoints(ir.places, look?.layout === 'line');
      break;
    default:
      return assertUnreachable(ir.shape);
  }
  // The look may draw the places in another shape (a track of hexagonal tiles).
  if (look?.shape === 'rect' || look?.shape === 'circle' || look?.shape === 'hex') shape = look.shape;
  const w = shape === 'hex' ? cell : shape === 'circle' ? cell * 0.95 : cell - 4;
  const h = shape === 'hex' ? (cell / Math.sqrt(3)) * 2 : w;
  const minX = Math.min(...points.map((p) => p.cx), 0) - w / 2 - margin;
  const minY = Math.min(...points.map((p) => p.cy), 0) - h / 2 - margin;
  const places: PlaceLayout[] = ir.places.map((p, i) => ({
    key: placeKey(board, owner, p.name),
    name: p.name,
    cx: points[i]!.cx - minX,
    cy: points[i]!.cy - minY,
    w,
    h,
    shape,
    attrs: p.attrs,
  }));
  const byName = new Map(places.map((p) => [p.name, p]));
  const links: LinkLayout[] = ir.shape.type !== 'graph' ? [] : ir.links.flatMap((l) => {
    const from = byName.get(l.from);
    const to = byName.get(l.to);
    return from && to ? [{ from, to, directed: l.directed }] : [];
  });
  const width = Math.max(...places.map((p) => p.cx + p.w / 2), 0) + margin;
  const height = Math.max(...places.map((p) => p.cy + p.h / 2), 0) + margin;
  return { board, owner, width, height, places, links, look, ...(ir.grows ? { grows: true } : {}) };
}

/** Distinct values of a place attribute, in order of first appearance. */
function valuesOf(places: PlaceIR[], attr: string): string[] {
  return [...new Set(places.map((p) => String(p.attrs[attr] ?? '')))];
}

/**
 * Places on concentric rings: the ring from the value of `ringAttr` (first value innermost), the
 * sector from `sectorAttr` (first value at the top, clockwise); places sharing a ring and sector
 * split it. Links are not drawn: neighbours touch.
 */
function polarLayout(board: string, ir: BoardIR, owner: number | null, look: BoardLookIR, ringAttr: string, sectorAttr: string): BoardLayout {
  const rings = valuesOf(ir.places, ringAttr);
  const sectors = valuesOf(ir.places, sectorAttr);
  const hole = cell * 0.9;
  const band = cell * 1.25;
  const outer = hole + band * rings.length;
  const o = outer + margin;
  const cellOf = (p: PlaceIR) => `${rings.indexOf(String(p.attrs[ringAttr] ?? ''))}/${sectors.indexOf(String(p.attrs[sectorAttr] ?? ''))}`;
  const sharing = new Map<string, PlaceIR[]>();
  for (const p of ir.places) sharing.set(cellOf(p), [...(sharing.get(cellOf(p)) ?? []), p]);
  const span = (2 * Math.PI) / Math.max(1, sectors.length);
  const places: PlaceLayout[] = ir.places.map((p) => {
    const ring = rings.indexOf(String(p.attrs[ringAttr] ?? ''));
    const sector = sectors.indexOf(String(p.attrs[sectorAttr] ?? ''));
    const mates = sharing.get(cellOf(p))!;
    const part = span / mates.length;
    const a0 = -Math.PI / 2 - span / 2 + sector * span + mates.indexOf(p) * part;
    const arc = { ox: o, oy: o, r0: hole + ring * band, r1: hole + (ring + 1) * band, a0, a1: a0 + part };
    const rm = (arc.r0 + arc.r1) / 2;
    const am = (arc.a0 + arc.a1) / 2;
    const w = Math.min(band * 1.1, rm * part * 0.95);
    return {
      key: placeKey(board, owner, p.name), name: p.name, cx: o + rm * Math.cos(am), cy: o + rm * Math.sin(am),
      w, h: band * 0.95, shape: 'sector', attrs: p.attrs, arc,
    };
  });
  return { board, owner, width: 2 * o, height: 2 * o, places, links: [], look };
}

/** An SVG path for a ring segment. */
export function arcPath(a: Arc): string {
  const pt = (r: number, t: number) => `${(a.ox + r * Math.cos(t)).toFixed(1)},${(a.oy + r * Math.sin(t)).toFixed(1)}`;
  const large = a.a1 - a.a0 > Math.PI ? 1 : 0;
  return `M${pt(a.r0, a.a0)} L${pt(a.r1, a.a0)} A${a.r1},${a.r1} 0 ${large} 1 ${pt(a.r1, a.a1)} L${pt(a.r0, a.a1)} A${a.r0},${a.r0} 0 ${large} 0 ${pt(a.r0, a.a0)} Z`;
}

/** Board layouts of a game for a number of players (per-player boards once per player). */
export function layoutsOf(ir: GameIR, players: number): BoardLayout[] {
  return Object.entries(ir.boards).flatMap(([name, b]) =>
    b.perPlayer
      ? Array.from({ length: players }, (_, p) => layoutBoard(name, b, p, ir.presentation?.boards[name]))
      : [layoutBoard(name, b, null, ir.presentation?.boards[name])],
  );
}

/** The corners of a pointy-top hexagon centred on a place, as an SVG `points` list. */
export function hexCorners(p: PlaceLayout): string {
  const size = p.h / 2;
  const corners: string[] = [];
  for (let i = 0; i < 6; i++) {
    const a = (Math.PI / 180) * (60 * i - 30);
    corners.push(`${(p.cx + size * Math.cos(a)).toFixed(1)},${(p.cy + size * Math.sin(a)).toFixed(1)}`);
  }
  return corners.join(' ');
}

function assertUnreachable(x: never): never {
  throw new Error(`unexpected board shape ${JSON.stringify(x)}`);
}
