/**
 * How a table variable's rows are kept in `State.vars[name]`: the one place that numbers table keys
 * (both engines, copy-on-write, views, simultaneous snapshots, state checks, the CLI and the editor
 * go through here).
 *
 * - A table whose one or two keys are all of small domains known at load (players, enum values,
 *   booleans, places) is an **array table**: a plain JSON array indexed by the keys' ids, every row
 *   present from the start (the init value until written). A player's id is its seat (0-based), an
 *   enum value's its index in the enum's declaration, `false` 0 and `true` 1, a place's its place id
 *   (its value is `-1 - id`, place-values.ts; every place of every board, a growing board's too,
 *   has its id from load, so the domain is fixed). Two keys are flattened
 *   row-major (`id0 * size1 + id1`): one array, so a copy-on-write copies one `slice` and a player's
 *   rows (first key a player) are one run of the array.
 * - Any other table (keyed by numbers, texts, pieces, …, or by three keys) is a **record
 *   table**: a record from the key text (`keyString`: the keys' texts joined by commas) to the
 *   value, a missing row reading the init value.
 *
 * Names appear only when a table is shown (`tableEntries` gives every row's key text, `P1`-style
 * names are the caller's). No imports but types: the editor bundles this file alone.
 */
import type { GameIR, Json, KeyIR, VarIR } from './ir.js';

/** How one key of an array table is numbered. */
export type KeyDomain =
  | { kind: 'player' }
  | { kind: 'enum'; values: readonly string[]; ids: ReadonlyMap<string, number> }
  | { kind: 'bool' }
  /** Every place of the game, by place id (`count` of them: placeCount). */
  | { kind: 'place'; count: number };

/** The keys of an array table (one or two). */
export interface TableLayout {
  readonly keys: readonly KeyDomain[];
}

/** The array tables of an IR, found once (by the VarIR objects of its `vars`). */
const layouts = new WeakMap<GameIR, Map<VarIR, TableLayout>>();

/**
 * At most this many rows (at the most players the game allows) make an array table: every row is
 * made at game start and at each reset, so a hand-made IR with huge enums keeps a record instead.
 */
export const MAX_ARRAY_ROWS = 4096;

/**
 * At most this many rows of all array tables of a game together (at the most players): tables past
 * it, in declaration order, stay records, so a hand-made IR of thousands of tables does not make
 * millions of rows at each new game (a record table makes a row only when it is written, a step).
 */
export const MAX_TOTAL_ROWS = 65_536;

function domainOf(ir: GameIR, key: KeyIR): KeyDomain | null {
  if (key.type === 'player') return PLAYER;
  const t = key.of;
  if (t.t === 'player') return PLAYER;
  if (t.t === 'bool') return BOOL;
  // Every place of the game, whatever board the key names: a place of another board (through a
  // value typed `any`) is a row as it was in a record.
  if (t.t === 'place') return { kind: 'place', count: placeCount(ir) };
  if (t.t === 'enum') {
    const e = Object.hasOwn(ir.enums, t.name) ? ir.enums[t.name] : undefined;
    // Its ids (a Map of its values) are made only once the table is known to be small enough.
    return e ? { kind: 'enum', values: e.values, ids: EMPTY } : null;
  }
  return null;
}

const PLAYER: KeyDomain = { kind: 'player' };
const BOOL: KeyDomain = { kind: 'bool' };
const EMPTY: ReadonlyMap<string, number> = new Map();

/**
 * How many places the game has: as place-values.ts's placeNaming numbers them (each board's places;
 * a per-player board's once for its template and once per seat up to the most players). Counted
 * here because the editor bundles this file without place-values.ts (a test checks they agree).
 */
export function placeCount(ir: Pick<GameIR, 'boards' | 'players'>): number {
  let n = 0;
  for (const b of Object.values(ir.boards)) n += b.places.length * (b.perPlayer ? 1 + ir.players.max : 1);
  return n;
}

/** The ids of an enum's values, made once per enum (several tables may be keyed by it). */
const enumIds = new WeakMap<readonly string[], ReadonlyMap<string, number>>();

function withIds(d: KeyDomain): KeyDomain {
  if (d.kind !== 'enum') return d;
  let ids = enumIds.get(d.values);
  if (ids === undefined) {
    ids = new Map(d.values.map((v, i) => [v, i]));
    enumIds.set(d.values, ids);
  }
  return { ...d, ids };
}

/** The array tables of `ir` (MAX_ARRAY_ROWS each, MAX_TOTAL_ROWS together, at the most players). */
function arrayTables(ir: GameIR): Map<VarIR, TableLayout> {
  const known = layouts.get(ir);
  if (known !== undefined) return known;
  const found = new Map<VarIR, TableLayout>();
  const { max, counts } = ir.players;
  // load.ts has checked the counts (at most LIMITS.players each); a loop, not a spread of them.
  let most = max;
  for (const n of counts ?? []) if (n > most) most = n;
  let total = 0;
  for (const decl of Object.values(ir.vars)) {
    if (decl.keys.length !== 1 && decl.keys.length !== 2) continue;
    const keys = decl.keys.map((k) => domainOf(ir, k));
    if (!keys.every((k) => k !== null)) continue;
    const domains = keys as KeyDomain[];
    const n = rowCount({ keys: domains }, most);
    if (!(n <= MAX_ARRAY_ROWS) || total + n > MAX_TOTAL_ROWS) continue;
    total += n;
    found.set(decl, { keys: domains.map(withIds) });
  }
  layouts.set(ir, found);
  return found;
}

/** The layout of variable `decl` of `ir` when it is an array table, else null (a single value, a record table). */
export function tableLayout(ir: GameIR, decl: VarIR): TableLayout | null {
  return arrayTables(ir).get(decl) ?? null;
}

/**
 * How many rows a table keyed by `keys` has in a game of `players` players, when every key is a
 * player, an enum value, a bool or a place (whether it is kept as an array or, past the caps, as a
 * record);
 * null for a key of any other type (its rows are not countable).
 */
export function keysRowCount(ir: GameIR, keys: readonly KeyIR[], players: number): number | null {
  let n = 1;
  for (const k of keys) {
    const d = domainOf(ir, k);
    if (d === null) return null;
    n *= domainSize(d, players);
  }
  return n;
}

/** The layout of variable `name` of `ir` (null: no array table). */
export function layoutOf(ir: GameIR, name: string): TableLayout | null {
  const decl = Object.hasOwn(ir.vars, name) ? ir.vars[name] : undefined;
  return decl ? tableLayout(ir, decl) : null;
}

/** How many ids key `d` has in a game of `players` players. */
export function domainSize(d: KeyDomain, players: number): number {
  return d.kind === 'player' ? players : d.kind === 'bool' ? 2 : d.kind === 'place' ? d.count : d.values.length;
}

/** How many rows an array table has in a game of `players` players. */
export function rowCount(layout: TableLayout, players: number): number {
  let n = 1;
  for (const d of layout.keys) n *= domainSize(d, players);
  return n;
}

/** The id of key value `v` in domain `d`, or -1 when `v` is not of it. */
export function keyId(d: KeyDomain, v: Json, players: number): number {
  switch (d.kind) {
    case 'player':
      // A whole number in [0, players): `>>> 0` keeps exactly those (and maps any other value elsewhere).
      return typeof v === 'number' && v >>> 0 === v && v < players ? v : -1;
    case 'bool':
      return v === false ? 0 : v === true ? 1 : -1;
    case 'enum': {
      if (typeof v !== 'string') return -1;
      const i = d.ids.get(v);
      return i === undefined ? -1 : i;
    }
    case 'place':
      return placeKeyId(v, d.count);
  }
}

/**
 * The id of place value `v` (`-1 - id`, place-values.ts) among `count` places, else -1: a whole
 * number in (-1 - count, -1]. A text naming a place is its place's key, made so by the caller
 * where the key's static type may be a text (place-values.ts keyConversion).
 */
export function placeKeyId(v: Json, count: number): number {
  if (typeof v !== 'number') return -1;
  const id = -1 - v;
  return id >>> 0 === id && id < count ? id : -1;
}

/** The row index of keys `a` (and `b`, for a two-key table), or -1 when a key is not of its domain. */
export function rowIndex(layout: TableLayout, players: number, a: Json, b?: Json): number {
  const keys = layout.keys;
  const i = keyId(keys[0], a, players);
  if (keys.length === 1 || i < 0) return i;
  const j = keyId(keys[1], b ?? null, players);
  return j < 0 ? -1 : i * domainSize(keys[1], players) + j;
}

/** The key values of row `index` (the inverse of rowIndex). */
export function rowKeys(layout: TableLayout, players: number, index: number): Json[] {
  const keys = layout.keys;
  if (keys.length === 1) return [keyValue(keys[0], index)];
  const n1 = domainSize(keys[1], players);
  return [keyValue(keys[0], Math.floor(index / n1)), keyValue(keys[1], index % n1)];
}

function keyValue(d: KeyDomain, id: number): Json {
  return d.kind === 'player' ? id : d.kind === 'bool' ? id === 1 : d.kind === 'place' ? -1 - id : d.values[id];
}

/** A new array table: every row holds `init`. */
export function newArrayTable(layout: TableLayout, players: number, init: Json): Json[] {
  return new Array<Json>(rowCount(layout, players)).fill(init);
}

/**
 * The value a table variable holds before any row is written (at game start and at a reset): an
 * array of `init` for an array table, an empty record for a record table.
 */
export function freshTable(ir: GameIR, name: string, players: number, init: Json): Json {
  const layout = layoutOf(ir, name);
  return layout ? newArrayTable(layout, players, init) : {};
}

/** The rows of player `q` of a table whose first key is a player: [from, to) of its array. */
export function playerRun(layout: TableLayout, players: number, q: number): [number, number] {
  const stride = layout.keys.length === 1 ? 1 : domainSize(layout.keys[1], players);
  return [q * stride, (q + 1) * stride];
}

/** The key text of a record table's row (`1`, `plants`, `0,plants`): keys' texts joined by commas. */
export function keyText(k: Json): string {
  return typeof k === 'string' ? k : typeof k === 'number' ? String(k) : JSON.stringify(k);
}

/**
 * Every row of table `name` held in `table` as [key text, key values, value]: all rows of an array
 * table, the written rows of a record table (its key texts split at commas, as texts: a record
 * table's key values are shown by their text).
 */
export function tableEntries(ir: GameIR, name: string, table: Json, players: number): { key: string; keys: Json[]; value: Json }[] {
  const layout = layoutOf(ir, name);
  if (layout && Array.isArray(table)) {
    return table.map((value, i) => {
      const keys = rowKeys(layout, players, i);
      return { key: keys.map(keyText).join(','), keys, value };
    });
  }
  if (table === null || typeof table !== 'object' || Array.isArray(table)) return [];
  return Object.entries(table).map(([key, value]) => ({ key, keys: key.split(','), value }));
}

/** Why `v` cannot be table `name`'s value in a game of `players` players (its shape), or null. */
export function badTable(ir: GameIR, name: string, v: unknown, players: number): string | null {
  const layout = layoutOf(ir, name);
  if (layout) {
    if (!Array.isArray(v)) return `its table ${name} is not a list of rows`;
    const n = rowCount(layout, players);
    if (v.length !== n) return `its table ${name} has ${v.length} rows, the game ${n}`;
    for (let i = 0; i < v.length; i++) if (v[i] === undefined) return `its table ${name} has no row ${i}`;
    return null;
  }
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return `its table ${name} is not a record of rows`;
  return null;
}

/**
 * Table `name`'s rows as a record table would hold them (key text → value) for a display: an
 * array table's rows that differ from `init` (the rest read as it, as a record table's missing
 * rows do), a record table itself; null for anything else (a hidden or malformed table).
 */
export function shownRows(ir: GameIR, name: string, table: Json | undefined, players: number, init: Json): Record<string, Json> | null {
  if (table === undefined || table === null || typeof table !== 'object') return null;
  if (!Array.isArray(table)) return table;
  if (!layoutOf(ir, name)) return null;
  const out: Record<string, Json> = {};
  const same = JSON.stringify(init);
  for (const row of tableEntries(ir, name, table, players)) if (JSON.stringify(row.value) !== same) out[row.key] = row.value;
  return out;
}
