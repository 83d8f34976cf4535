/**
 * Board topology, built once in loadGame: every place string (including each player's copy of a
 * per-player board) maps to its facts and neighbours, so queries at run time are map lookups.
 * Grids and hex boards normally come with their links listed by the compiler; a non-graph board
 * without links (hand-written IR) gets its geometric neighbourhood here instead.
 */
import { assertUnreachable, RuleError } from './errors.js';
import type { MarksPool } from './builtins/place-marks.js';
import { boardKey, placeKey } from './holder-keys.js';
import { msg } from './messages.js';
import type { BoardIR, GameIR, Json, LinkIR, PlaceIR } from './ir.js';
import { placeNaming, placeValue, type PlaceValue } from './place-values.js';
import { frozen } from './values.js';

export type Direction = { dx: number; dy: number };

export interface BoardInfo {
  name: string;
  ir: BoardIR;
  byName: Map<string, PlaceIR>;
  /** Place name → neighbour names (links both ways unless directed). */
  adj: Map<string, string[]>;
  /** coordKey(x, y) of grid and track places, coordKey(q, r) of hex places → place name. */
  coords: Map<number, string>;
  directions: Direction[];
  /** Sorted `a|b` of place names → the link's attributes. */
  linkAttrs: Map<string, Record<string, Json>>;
  /** BFS distances by source place name, filled on demand (topology never changes). */
  distances: Map<string, Map<string, number>>;
  /** A growing board's value while its map is empty (growth.ts): a list of its own, telling its board. */
  empty: readonly PlaceValue[];
}

export interface PlaceInfo {
  key: string;
  /** Index in `BoardIndex.byId`: searches mark places in arrays by it instead of sets of strings. */
  id: number;
  board: BoardInfo;
  owner: number | null;
  name: string;
  ir: PlaceIR;
  /** Coordinates used by geometry: grid x/y, hex q/r (as x/y), track index (as x). */
  x: number;
  y: number;
  /**
   * The neighbours' values (place-values.ts), as `neighbours(c)` hands them out; a link to a place
   * the board lacks (hand-written IR) is its text.
   */
  neighbours: (PlaceValue | string)[];
  /** The neighbours' facts, in the same order. */
  near: PlaceInfo[];
  /**
   * What `place.f` reads, by field name: the place's attributes, else x/y/q/r (when it has them),
   * name, board and owner. One map lookup for the hot field reads.
   */
  fields: Map<string, Json>;
  /** coordKey → place string of every place of this board copy (shared by its places). */
  copyCoords: Map<number, string>;
  /** The places of this board copy by coordinates (shared by its places): see `placeAtCoord`. */
  grid: CoordGrid;
}

/**
 * A board copy's places by coordinates: an array over the bounding box when the board fills most
 * of it (a step along a line is then an index, not a hash of its coordinates), else a map.
 */
export interface CoordGrid {
  minX: number;
  minY: number;
  width: number;
  height: number;
  /** Column-major over the bounding box (null: a hole); null when the map is used. */
  cells: (PlaceInfo | null)[] | null;
  /** coordKey → place, when `cells` is null. */
  map: Map<number, PlaceInfo>;
}

export interface BoardIndex {
  boards: Map<string, BoardInfo>;
  places: Map<string, PlaceInfo>;
  /** Every place (template places of per-player boards too), by id. */
  byId: PlaceInfo[];
  /** `Board` or `Board@P` → its places' values (place-values.ts) in declaration order. */
  lists: Map<string, PlaceValue[]>;
  /** Field name → place value → the field's value, for the places that have it (on demand). */
  byField: Map<string, Map<PlaceValue, Json>>;
  /** Whether a board grows (growth.ts): moves and creations then check where pieces go. */
  growing: boolean;
  /** Reused scratch marks by place id for board searches (builtins/place-marks.ts). */
  marks: MarksPool;
  /**
   * Every place's neighbours by id, flat: those of place `id` are `nearIds[nearStart[id] ..
   * nearStart[id + 1]]`, as in its `near` (searches read ids without touching the neighbours' facts).
   */
  nearStart: Int32Array;
  nearIds: Int32Array;
  /** Interned edge texts by pair of place ids (`a.id * byId.length + b.id`; builtins/places.ts). */
  edgeTexts: Map<number, string>;
  /** The place the last `lineThrough` started at (builtins/geometry.ts), null before any. */
  lineStart: PlaceInfo | null;
  /**
   * The last two places the place builtins were asked about (builtins/places.ts `recentPlace`),
   * the latest first, and the last second argument of `distance`; null before any.
   */
  recent: PlaceInfo | null;
  older: PlaceInfo | null;
  distanceTo: PlaceInfo | null;
  /** The last lists `components` grouped by adjacency alone, with their groups (builtins/geometry.ts). */
  groupsMemo: { items: readonly Json[]; groups: Json[][] }[];
}

/*
 * Lists and records handed out by queries (a board's places, neighbours, directions) are shared
 * by every state of the game, so they are frozen: a consumer that tried to change one would throw
 * instead of silently changing the board.
 */
const SQUARE4: Direction[] = frozen([
  { dx: 1, dy: 0 },
  { dx: 0, dy: 1 },
  { dx: -1, dy: 0 },
  { dx: 0, dy: -1 },
]);
const SQUARE8: Direction[] = frozen([
  ...SQUARE4,
  { dx: 1, dy: 1 },
  { dx: -1, dy: 1 },
  { dx: -1, dy: -1 },
  { dx: 1, dy: -1 },
]);
/** Axial hex directions: dx is q, dy is r. */
const HEX: Direction[] = frozen([
  { dx: 1, dy: 0 },
  { dx: 1, dy: -1 },
  { dx: 0, dy: -1 },
  { dx: -1, dy: 0 },
  { dx: -1, dy: 1 },
  { dx: 0, dy: 1 },
]);
const TRACK: Direction[] = frozen([
  { dx: 1, dy: 0 },
  { dx: -1, dy: 0 },
]);

/**
 * The largest coordinate coordKey tells apart; a place beyond it is refused at load (`boardInfo`).
 * The language's largest boards reach 10,000 (`track 10000`, `square 10000 by 1`).
 */
export const MAX_COORD = 16383;

/** A number naming a coordinate pair: below 2^30, so a small integer to V8. */
export function coordKey(x: number, y: number): number {
  return (x + 16384) * 32768 + (y + 16384);
}

/** The x, then the y, of the pair coordKey named `key`. */
function keyX(key: number): number {
  return Math.floor(key / 32768) - 16384;
}

function keyY(key: number): number {
  return (key % 32768) - 16384;
}

/**
 * The same text as an internalized string (V8 keeps property keys internalized). Place strings are
 * looked up in maps and in `state.holders` millions of times: internalized ones are neither hashed
 * again nor compared character by character.
 */
export function interned(text: string): string {
  const probe: Record<string, null> = {};
  probe[text] = null;
  return Object.keys(probe)[0] ?? text;
}


export function buildBoards(ir: GameIR): BoardIndex {
  const index: BoardIndex = { boards: new Map(), places: new Map(), byId: [], lists: new Map(), byField: new Map(), growing: false, marks: { size: 0, free: [] }, nearStart: new Int32Array(1), nearIds: new Int32Array(0), edgeTexts: new Map(), lineStart: null, recent: null, older: null, distanceTo: null, groupsMemo: [] };
  const naming = placeNaming(ir);
  for (const [name, b] of Object.entries(ir.boards)) {
    const info = boardInfo(name, b);
    index.boards.set(name, info);
    if (b.grows) index.growing = true;
    // A per-player board also keeps its template places (`Board.s`): values, not holders.
    const owners: (number | null)[] = b.perPlayer ? [null, ...range(ir.players.max)] : [null];
    for (const owner of owners) {
      const keys = new Map(b.places.map((p) => [p.name, interned(placeKey(name, owner, p.name))]));
      const keyOf = (place: string): string => keys.get(place) ?? interned(placeKey(name, owner, place));
      const copyCoords = new Map<number, string>();
      for (const [coord, place] of info.coords) copyCoords.set(coord, keyOf(place));
      const list: PlaceInfo[] = [];
      for (const p of b.places) {
        // Numbered by place-values.ts (`placeNaming`), whose order this loop follows.
        const id = index.byId.length;
        const key = interned(naming.keys[id]);
        const [x, y] = coordsOf(b, p);
        const place: PlaceInfo = { key, id, board: info, owner, name: p.name, ir: p, x, y, neighbours: [], near: [], fields: new Map(), copyCoords, grid: EMPTY_GRID };
        place.fields = placeFields(place);
        index.places.set(key, place);
        index.byId.push(place);
        list.push(place);
      }
      for (const place of list) {
        // A link to a place the board lacks (hand-written IR) leads nowhere: it is in `neighbours`
        // (as its text: it has no facts) but not in `near`.
        const near: PlaceInfo[] = [];
        const neighbours: (PlaceValue | string)[] = [];
        for (const n of info.adj.get(place.name) ?? []) {
          const key = keyOf(n);
          const other = index.places.get(key);
          if (other !== undefined) near.push(other);
          neighbours.push(other !== undefined ? placeValue(other) : key);
        }
        place.near = Object.freeze(near) as PlaceInfo[];
        place.neighbours = frozen(neighbours);
      }
      const grid = coordGrid(copyCoords, index.places);
      for (const place of list) place.grid = grid;
      index.lists.set(boardKey(name, owner), frozen(list.map(placeValue)));
    }
  }
  index.marks.size = index.byId.length;
  index.nearStart = new Int32Array(index.byId.length + 1);
  for (const p of index.byId) index.nearStart[p.id + 1] = index.nearStart[p.id] + p.near.length;
  index.nearIds = new Int32Array(index.nearStart[index.byId.length]);
  for (const p of index.byId) p.near.forEach((n, i) => (index.nearIds[index.nearStart[p.id] + i] = n.id));
  return index;
}

const EMPTY_GRID: CoordGrid = { minX: 0, minY: 0, width: 0, height: 0, cells: null, map: new Map() };

/** The grid of a board copy's places, from its coordKey → place string map. */
function coordGrid(coords: Map<number, string>, places: Map<string, PlaceInfo>): CoordGrid {
  const map = new Map<number, PlaceInfo>();
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [coord, key] of coords) {
    const place = places.get(key);
    if (place === undefined) continue;
    map.set(coord, place);
    const x = keyX(coord);
    const y = keyY(coord);
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  if (map.size === 0) return EMPTY_GRID;
  const width = maxX - minX + 1;
  const height = maxY - minY + 1;
  // Dense only when the box is not mostly holes (a sparse map or a long diagonal stays a map).
  if (width * height > 4 * map.size + 64) return { minX, minY, width, height, cells: null, map };
  const cells: (PlaceInfo | null)[] = new Array<PlaceInfo | null>(width * height).fill(null);
  for (const [coord, place] of map) cells[(keyX(coord) - minX) * height + (keyY(coord) - minY)] = place;
  return { minX, minY, width, height, cells, map };
}

/** The place at x, y of `p`'s board copy, or null. */
export function placeAtCoord(p: PlaceInfo, x: number, y: number): PlaceInfo | null {
  if (!Number.isInteger(x) || !Number.isInteger(y) || Math.abs(x) > MAX_COORD || Math.abs(y) > MAX_COORD) return null;
  const g = p.grid;
  if (g.cells === null) return g.map.get(coordKey(x, y)) ?? null;
  const i = x - g.minX;
  const j = y - g.minY;
  return i < 0 || j < 0 || i >= g.width || j >= g.height ? null : g.cells[i * g.height + j];
}

/** Place value → value of field `name`, for every place that has it: one lookup per read. */
export function placeValuesOf(index: BoardIndex, name: string): Map<PlaceValue, Json> {
  let values = index.byField.get(name);
  if (values === undefined) {
    values = new Map();
    for (const place of index.byId) {
      const v = place.fields.get(name);
      if (v !== undefined) values.set(placeValue(place), v);
    }
    index.byField.set(name, values);
  }
  return values;
}

/** The fields of a place (see PlaceInfo.fields); attributes win over the built-in names. */
function placeFields(p: PlaceInfo): Map<string, Json> {
  const fields = new Map<string, Json>();
  for (const k of ['x', 'y', 'q', 'r'] as const) {
    const v = p.ir[k];
    if (v !== undefined) fields.set(k, v);
  }
  fields.set('name', p.name);
  fields.set('board', p.board.name);
  fields.set('owner', p.owner);
  for (const [k, v] of Object.entries(p.ir.attrs)) fields.set(k, v);
  return fields;
}

function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}

function boardInfo(name: string, b: BoardIR): BoardInfo {
  const byName = new Map(b.places.map((p) => [p.name, p]));
  const coords = new Map<number, string>();
  for (const p of b.places) {
    const [x, y] = coordsOf(b, p);
    // Beyond the range, keys collide (and x + 1 === x near 1e308): a walk along a line could never end.
    if (Math.abs(x) > MAX_COORD || Math.abs(y) > MAX_COORD) throw new RuleError(msg.coordinateRange(name, p.name, MAX_COORD), b.at);
    if (Number.isInteger(x) && Number.isInteger(y)) coords.set(coordKey(x, y), p.name);
  }
  const directions = directionsOf(b);
  const links = b.links.length > 0 || b.shape.type === 'graph' ? b.links : geometricLinks(b, coords, directions);
  const adj = new Map<string, string[]>(b.places.map((p) => [p.name, []]));
  const linkAttrs = new Map<string, Record<string, Json>>();
  // Repeated links are found by their pair, not by searching the list (a place with many links
  // made loading quadratic).
  const linked = new Set<string>();
  const add = (from: string, to: string): void => {
    const list = adj.get(from);
    const pair = JSON.stringify([from, to]);
    if (list && !linked.has(pair)) {
      linked.add(pair);
      list.push(to);
    }
  };
  for (const l of links) {
    add(l.from, l.to);
    if (!l.directed) add(l.to, l.from);
    linkAttrs.set([l.from, l.to].sort().join('|'), l.attrs);
  }
  return { name, ir: b, byName, adj, coords, directions, linkAttrs, distances: new Map(), empty: Object.freeze([]) };
}

function directionsOf(b: BoardIR): Direction[] {
  switch (b.shape.type) {
    case 'square':
      return b.shape.neighbours === 8 ? SQUARE8 : SQUARE4;
    case 'hex':
      return HEX;
    case 'track':
      return TRACK;
    case 'graph':
      return [];
    default:
      return assertUnreachable(b.shape);
  }
}

/** Grid x/y, hex q/r or track index; read from the place, else from its generated name. */
function coordsOf(b: BoardIR, p: PlaceIR): [number, number] {
  if (b.shape.type === 'hex') {
    if (p.q !== undefined && p.r !== undefined) return [p.q, p.r];
    const m = /^h(m?\d+)_(m?\d+)$/.exec(p.name);
    return m ? [signed(m[1]), signed(m[2])] : [NaN, NaN];
  }
  if (p.x !== undefined) return [p.x, p.y ?? 0];
  if (b.shape.type === 'square') {
    const m = /^r(\d+)c(\d+)$/.exec(p.name);
    return m ? [Number(m[2]), Number(m[1])] : [NaN, NaN];
  }
  if (b.shape.type === 'track') {
    const m = /^t(\d+)$/.exec(p.name);
    return m ? [Number(m[1]), 0] : [NaN, NaN];
  }
  return [NaN, NaN];
}

function signed(s: string): number {
  return s.startsWith('m') ? -Number(s.slice(1)) : Number(s);
}

function geometricLinks(b: BoardIR, coords: Map<number, string>, dirs: Direction[]): LinkIR[] {
  const links: LinkIR[] = [];
  const seen = new Set<string>();
  for (const p of b.places) {
    const [x, y] = coordsOf(b, p);
    for (const d of dirs) {
      const other = coords.get(coordKey(x + d.dx, y + d.dy));
      if (other === undefined) continue;
      const id = [p.name, other].sort().join('|');
      if (seen.has(id)) continue;
      seen.add(id);
      links.push({ from: p.name, to: other, directed: false, attrs: {} });
    }
  }
  return links;
}

/** Steps between two places of one board: axial distance on hex boards, BFS over links elsewhere. */
export function distanceBetween(a: PlaceInfo, b: PlaceInfo): number {
  if (a.board !== b.board || a.owner !== b.owner) return -1;
  if (a.board.ir.shape.type === 'hex') {
    const dq = a.x - b.x;
    const dr = a.y - b.y;
    return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
  }
  let table = a.board.distances.get(a.name);
  if (!table) {
    table = bfs(a.board, a.name);
    a.board.distances.set(a.name, table);
  }
  return table.get(b.name) ?? -1;
}

function bfs(board: BoardInfo, start: string): Map<string, number> {
  const dist = new Map<string, number>([[start, 0]]);
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const cur = queue[i];
    const d = dist.get(cur) ?? 0;
    for (const n of board.adj.get(cur) ?? []) {
      if (dist.has(n)) continue;
      dist.set(n, d + 1);
      queue.push(n);
    }
  }
  return dist;
}

/** Whether a place lies on the outer border of its grid, hex board or track. */
export function isBorder(p: PlaceInfo): boolean {
  const shape = p.board.ir.shape;
  switch (shape.type) {
    case 'square':
      return p.x === 1 || p.y === 1 || p.x === shape.width || p.y === shape.height;
    case 'hex':
      return Math.max(Math.abs(p.x), Math.abs(p.y), Math.abs(p.x + p.y)) === shape.radius;
    case 'track':
      return p.x === 0 || p.x === shape.length - 1;
    case 'graph':
      return false;
    default:
      return assertUnreachable(shape);
  }
}

/** The place `steps` away along `d` on the same board copy (its value), or null. */
export function offsetPlace(p: PlaceInfo, d: Direction, steps: number): PlaceValue | null {
  const q = offsetInfo(p, d, steps);
  return q === null ? null : placeValue(q);
}

/** The place `steps` steps from `p` in direction `d` (its facts), or null. */
export function offsetInfo(p: PlaceInfo, d: Direction, steps: number): PlaceInfo | null {
  return placeAtCoord(p, p.x + d.dx * steps, p.y + d.dy * steps);
}
