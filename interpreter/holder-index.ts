/**
 * Holders by integer id: the state holds them in an array indexed by id (`State.holders`, numbered
 * by holder-keys.ts: `holderNaming`). A rule reads a holder by its text, a value: one lookup of the
 * text's id, and a loop over a board's places (whose ids are known at load) none.
 */
import { interned, type BoardIndex, type PlaceInfo } from './boards.js';
import type { Ctx } from './context.js';
import type { HolderNaming } from './holder-keys.js';
import type { Json } from './ir.js';
import { placeOfValue, placeValue, type PlaceValue } from './place-values.js';

export interface HolderTable {
  /** Holder name → id, in holder-keys.ts `holderNaming`'s order (zones and their copies, then board places). */
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
  /**
   * Holder id → what rules hold for it (`t.location`): the place's value (place-values.ts) for a
   * place, the holder's text for a zone. One read, as `names` was before place values had a module.
   */
  readonly values: readonly Json[];
  /**
   * Holder id → its place's neighbours as `neighbours(c)` hands them out, with their `lists`
   * entry, for a place of a board that does not grow; null for any other holder. A generated loop
   * whose item's id is known reads `neighbours(item)` here, without a lookup of the item's text
   * or of the list (codegen/gen-expr.ts `neighboursById`).
   */
  readonly near: readonly (KnownNear | null)[];
  /** The holder name last read or visited, with its id (see `holderId`): changed as the game plays. */
  readonly last: LastHolder;
}

/** A place's neighbours (its `neighbours` list) and that list's entry of `HolderTable.lists`. */
export interface KnownNear {
  readonly list: readonly Json[];
  readonly ids: Int32Array;
  readonly maxOwner: number;
}

/**
 * A holder name and its id, kept to answer the next read of the same text without a lookup: a
 * function's parameter is read again and again (`size(c)`, then `pieces(c)`), and a loop over a
 * list of holders sets it to each item before its body runs (`visiting`), so that the functions
 * the body calls find their argument here. Compared with `===`: a stale entry costs a lookup, never
 * a wrong id.
 */
export interface LastHolder {
  /** A zone's text, or a place's value (never equal to a text: `holderId` finds no place by it). */
  text: string | number;
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
 * place's neighbours) that all exist in this game (its number of players); else null. Its holders
 * are then `ctx.s.holders[ids[i]]`.
 */
export function listIds(ctx: Ctx, list: readonly Json[]): Int32Array | null {
  const known = ctx.g.holderTable.lists.get(list);
  return known === undefined || known.maxOwner >= ctx.s.numPlayers ? null : known.ids;
}

/** Place `p` is about to be read (a step along a line): its holder's id is noted, when it is one. */
export function visitingPlace(table: HolderTable, p: PlaceInfo): void {
  const id = table.placeHolders[p.id];
  if (id >= 0) visiting(table, placeValue(p), id);
}

/** `text`, holder `id`, is about to be read: a loop's next item, a search's next place. */
export function visiting(table: HolderTable, text: string | number, id: number): void {
  const last = table.last;
  last.text = text;
  last.id = id;
}

/** The holders of a game numbered by `naming` (holder-keys.ts `holderNaming`), with the ids of its board lists. */
export function holderTable(naming: HolderNaming, boards: BoardIndex): HolderTable {
  // Interned (a place's text is its board's: boards.ts): V8 compares and finds them fastest.
  const names = naming.names.map((n) => boards.places.get(n)?.key ?? interned(n));
  const ids = new Map<string, number>();
  names.forEach((n, id) => ids.set(n, id));
  const byId = Int32Array.from(naming.owners);
  const lists = new Map<readonly Json[], { ids: Int32Array; maxOwner: number }>();
  const placeHolders = new Int32Array(boards.byId.length);
  for (const place of boards.byId) placeHolders[place.id] = ids.get(place.key) ?? -1;
  const values: Json[] = names.slice();
  for (const place of boards.byId) if (placeHolders[place.id] >= 0) values[placeHolders[place.id]] = placeValue(place);
  // Board lists, and each place's neighbours (a list `neighbours(c)` hands out as it is): lists of
  // place values (place-values.ts).
  const known: (readonly (PlaceValue | string)[])[] = [...boards.lists.values()];
  for (const place of boards.byId) if (place.neighbours.length > 0) known.push(place.neighbours);
  for (const list of known) {
    const out = new Int32Array(list.length);
    let maxOwner = -1;
    let all = true;
    for (let i = 0; i < list.length && all; i++) {
      const place = placeOfValue(boards, list[i]);
      const id = place === undefined ? -1 : placeHolders[place.id];
      if (id < 0) all = false;
      else {
        out[i] = id;
        maxOwner = Math.max(maxOwner, byId[id]);
      }
    }
    if (all) lists.set(list, { ids: out, maxOwner });
  }
  const near: (KnownNear | null)[] = new Array<KnownNear | null>(names.length).fill(null);
  for (const place of boards.byId) {
    const known = lists.get(place.neighbours);
    if (place.board.ir.grows !== true && placeHolders[place.id] >= 0 && known !== undefined) near[placeHolders[place.id]] = { list: place.neighbours, ...known };
  }
  return { ids, owners: byId, names, lists, placeHolders, values, near, last: { text: '', id: -1 } };
}
