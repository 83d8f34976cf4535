/**
 * Holders by integer id, beside the state's holders record. The record (holder name → pieces) is
 * what the JSON state holds; reading it costs a hash lookup of the name, and an empty holder (no
 * entry) a second one to learn whether the name is a holder at all. So every holder name of the
 * game gets an id at load (`HolderTable`), and each state gets, in a hidden slot (state-object.ts), an array
 * indexed by id that points at the very arrays of its record: a read is one lookup of the name's
 * id, and a loop over a board's places (whose ids are known at load) none.
 *
 * The array follows the record: it is made from the record on first use, the copy-on-write
 * functions of sharing.ts report every entry they add, replace or remove (`noteHolder`) and every
 * copy of the record (`noteRecordCopy`), and it is valid only for the record object it was made
 * from (a state given a new record, by undo, a view or JSON, gets a new array when next read).
 */
import type { BoardIndex, PlaceInfo } from './boards.js';
import type { Json } from './ir.js';
import { keyedRecord } from './keyed-record.js';
import { StateObject } from './state-object.js';
import type { State } from './state.js';

export interface HolderTable {
  /** Holder name → id: zones (each player's copy of a per-player zone), then board places. */
  readonly ids: Map<string, number>;
  /** Id → the player the holder belongs to, -1 when shared. */
  readonly owners: Int32Array;
  /** Id → holder name. */
  readonly names: readonly string[];
  /**
   * A board list (`Board`, `Board@P`) or a place's neighbours, by identity, whose places are all holders → their ids, and
   * the highest player any of them belongs to (-1: none), which a game must have for them all to exist.
   */
  readonly lists: Map<readonly Json[], { ids: Int32Array; maxOwner: number }>;
  /** Place id (`PlaceInfo.id`) → its holder id, -1 when it is none (a place of a per-player board's template). */
  readonly placeHolders: Int32Array;
  /** The holder name last read or visited, with its id (see `holderId`): changed as the game plays. */
  readonly last: LastHolder;
}

/**
 * A holder name and its id, kept to answer the next read of the same text without a lookup: a
 * function's parameter is read again and again (`size(c)`, then `pieces(c)`), and a loop over a
 * list of holders sets it to each item before its body runs (`visiting`), so that the functions
 * the body calls find their argument here. Compared with `===`: a stale entry costs a lookup, never
 * a wrong id.
 */
export interface LastHolder {
  text: string;
  id: number;
}

/** The id of holder name `v`, -1 when it names no holder of the game. */
export function holderId(table: HolderTable, v: string): number {
  const last = table.last;
  if (last.text === v) return last.id;
  const id = table.ids.get(v);
  if (id === undefined) return -1;
  last.text = v;
  last.id = id;
  return id;
}

/**
 * The holder ids of a list's items, when it is a list of holders known at load (a board list, a
 * place's neighbours) that all exist with `players` players; else null.
 */
export function listIds(table: HolderTable, players: number, list: readonly Json[]): Int32Array | null {
  const known = table.lists.get(list);
  return known === undefined || known.maxOwner >= players ? null : known.ids;
}

/** Place `p` is about to be read (a step along a line): its holder's id is noted, when it is one. */
export function visitingPlace(table: HolderTable, p: PlaceInfo): void {
  const id = table.placeHolders[p.id];
  if (id >= 0) visiting(table, p.key, id);
}

/** `text`, holder `id`, is about to be read: a loop's next item, a search's next place. */
export function visiting(table: HolderTable, text: string, id: number): void {
  const last = table.last;
  last.text = text;
  last.id = id;
}

/** The holder names of a game with their ids, given each name's owner (holders.ts: `holderOwners`). */
export function holderTable(owners: Map<string, number>, boards: BoardIndex): HolderTable {
  const ids = new Map<string, number>();
  const byId = new Int32Array(owners.size);
  const names: string[] = [];
  for (const [name, owner] of owners) {
    byId[ids.size] = owner;
    ids.set(name, ids.size);
    names.push(name);
  }
  const lists = new Map<readonly Json[], { ids: Int32Array; maxOwner: number }>();
  // Board lists, and each place's neighbours (a list `neighbours(c)` hands out as it is).
  const known: (readonly string[])[] = [...boards.lists.values()];
  for (const place of boards.byId) if (place.neighbours.length > 0) known.push(place.neighbours);
  for (const list of known) {
    const out = new Int32Array(list.length);
    let maxOwner = -1;
    let all = true;
    for (let i = 0; i < list.length && all; i++) {
      const id = ids.get(list[i]);
      if (id === undefined) all = false;
      else {
        out[i] = id;
        maxOwner = Math.max(maxOwner, byId[id]);
      }
    }
    if (all) lists.set(list, { ids: out, maxOwner });
  }
  const placeHolders = new Int32Array(boards.byId.length);
  for (const place of boards.byId) placeHolders[place.id] = ids.get(place.key) ?? -1;
  return { ids, owners: byId, names, lists, placeHolders, last: { text: '', id: -1 } };
}

type ById = (number[] | undefined)[];

interface StateIndex {
  /**
   * A state whose record is its own: the record the array was made from and follows. An indexed
   * state (below): the record last made from the array, null when written since.
   */
  record: Record<string, number[]> | null;
  table: HolderTable;
  byId: ById;
  /** The array is shared with another state's index (a pure apply's copy): copy it before a write. */
  shared: boolean;
  /** An indexed state: the array is what the state holds, the record is made from it when read. */
  owns: boolean;
}

// Reads come in runs on one state: the last one is kept.
let lastState: State | null = null;
let lastIndex: StateIndex | undefined;

function indexOf(s: State): StateIndex | undefined {
  if (s !== lastState) {
    lastState = s;
    lastIndex = StateObject.index(s) as StateIndex | undefined;
  }
  return lastIndex;
}

function setIndex(s: State, ix: StateIndex): void {
  StateObject.setIndex(s, ix);
  lastState = s;
  lastIndex = ix;
}

function build(record: Record<string, number[]>, table: HolderTable): ById {
  const n = table.owners.length;
  const byId: ById = [];
  for (let i = 0; i < n; i++) byId.push(undefined);
  for (const k in record) {
    const id = table.ids.get(k);
    if (id !== undefined) byId[id] = record[k];
  }
  return byId;
}

/** The state's holders by id (undefined: empty or not there); read, do not keep or change. */
export function holdersById(s: State, table: HolderTable): ById {
  const ix = indexOf(s);
  if (ix !== undefined && ix.table === table && (ix.owns || ix.record === s.holders)) return ix.byId;
  const byId = build(s.holders, table);
  if (ix !== undefined && !ix.owns) {
    ix.record = s.holders;
    ix.table = table;
    ix.byId = byId;
    ix.shared = false;
  } else if (ix === undefined) setIndex(s, { record: s.holders, table, byId, shared: false, owns: false });
  return byId;
}

/** Holder `key` of `s` now has the array `list` (undefined: no entry): called by sharing.ts on every such write. */
export function noteHolder(s: State, key: string, list: number[] | undefined): void {
  const ix = indexOf(s);
  if (ix === undefined || ix.owns || ix.record !== s.holders) return;
  const id = ix.table.ids.get(key);
  if (id !== undefined) writeId(ix, id, list);
}

function writeId(ix: StateIndex, id: number, list: number[] | undefined): void {
  if (ix.shared) {
    ix.byId = ix.byId.slice();
    ix.shared = false;
  }
  ix.byId[id] = list;
}

/** `s.holders` was replaced by `copy`, a copy of `from` with the same arrays: the index follows. */
export function noteRecordCopy(s: State, from: Record<string, number[]>, copy: Record<string, number[]>): void {
  const ix = indexOf(s);
  if (ix !== undefined && !ix.owns && ix.record === from) ix.record = copy;
}

/**
 * `copy` was made from `s` sharing its holders record (sharing.ts: a pure apply's copy): it shares
 * the index too, until either writes, instead of building its own from the record.
 */
export function shareIndex(s: State, copy: State): void {
  const ix = indexOf(s);
  if (ix === undefined || ix.owns || ix.record !== s.holders || copy.holders !== s.holders) return;
  ix.shared = true;
  setIndex(copy, { record: ix.record, table: ix.table, byId: ix.byId, shared: true, owns: false });
}

/*
 * Indexed states. A pure apply's copy does not copy the holders record (a dictionary: about 50 ns
 * an entry, most of a small game's pure apply): its `holders` is an accessor (own, enumerable: JSON,
 * spreads, structured clones and deep equality read it as a plain record) that makes the record
 * from the array by id when read, and keeps it until the next write. The array, shared with the
 * source until either writes, is what the state holds; the interpreter reads and writes it through
 * `indexedHolders`, `setIndexed` and the functions of holders.ts and sharing.ts, never through the
 * accessor.
 */

/** The accessor of an indexed state's `holders`: one pair for every state, so they share a hidden class. */
export const HOLDERS_ACCESSOR: PropertyDescriptor = {
  get(this: State): Record<string, number[]> {
    return recordOf(this);
  },
  set(this: State, record: Record<string, number[]>): void {
    const ix = indexOf(this) as StateIndex;
    ix.byId = build(record, ix.table);
    ix.shared = false;
    ix.record = record;
  },
  enumerable: true,
  configurable: false,
};

function recordOf(s: State): Record<string, number[]> {
  const ix = indexOf(s) as StateIndex;
  if (ix.record !== null) return ix.record;
  const record = keyedRecord<number[]>();
  const { byId, table } = ix;
  for (let id = 0; id < byId.length; id++) {
    const list = byId[id];
    if (list !== undefined && list.length > 0) record[table.names[id]] = list;
  }
  ix.record = record;
  return record;
}

/**
 * Gives `copy` (a new state made with HOLDERS_ACCESSOR) the holders of `s` by id, shared until
 * either writes.
 */
export function indexCopy(s: State, copy: State, table: HolderTable): void {
  const byId = holdersById(s, table);
  const ix = indexOf(s) as StateIndex;
  ix.shared = true;
  setIndex(copy, { record: ix.owns ? ix.record : null, table, byId, shared: true, owns: true });
}

/** An indexed state's holders by id and table, else null (its record is its own: read it). */
export function indexedHolders(s: State): StateIndex | null {
  const ix = indexOf(s);
  return ix !== undefined && ix.owns ? ix : null;
}

/** Sets holder `id` of an indexed state's index (undefined: empty). */
export function setIndexed(ix: StateIndex, id: number, list: number[] | undefined): void {
  writeId(ix, id, list);
  ix.record = null;
}

export type { StateIndex };
