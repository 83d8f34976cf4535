/**
 * Facts of places fixed at load, in arrays by place id (place values are `-1 - id`:
 * place-values.ts), for generated code to read with one index instead of a scan or a map lookup:
 * which places a fixed list holds (`x in Board`) and a field of every place (`locationOf(d).x`).
 */
import { placeValuesOf, type BoardIndex } from './boards.js';
import type { Json } from './ir.js';
import { placeOfValue } from './place-values.js';

/**
 * The places of a list, by id. A place also equals its text (`equal` given the boards), so the
 * texts of the list's places are kept too, for a text looked up in it.
 */
export interface PlaceMembers {
  /** 1 at the id of every place of the list. */
  readonly byId: Uint8Array;
  /** The texts of the list's places (what a text in the list equals, given the boards). */
  readonly texts: ReadonlySet<string>;
}

const memo = new WeakMap<readonly Json[], PlaceMembers | null>();

/** The members of `list` when every item of it is a place of `boards`, else null (no shortcut). */
export function placeMembers(boards: BoardIndex, list: readonly Json[]): PlaceMembers | null {
  let m = memo.get(list);
  if (m !== undefined) return m;
  const byId = new Uint8Array(boards.byId.length);
  const texts = new Set<string>();
  m = { byId, texts };
  for (const v of list) {
    const p = placeOfValue(boards, v);
    // A text names the place it is the key of (`placeTwin`): kept only where that is this place.
    if (p === undefined || boards.places.get(p.key) !== p) {
      m = null;
      break;
    }
    byId[p.id] = 1;
    texts.add(p.key);
  }
  memo.set(list, m);
  return m;
}

const fieldMemo = new WeakMap<BoardIndex, Map<string, readonly Json[] | null>>();

/**
 * Field `name` of every place by id (what fields.ts reads of a place through `placeValuesOf`,
 * undefined where a place has no such field), or null when no place has it.
 */
export function placeFieldById(boards: BoardIndex, name: string): readonly Json[] | null {
  let byName = fieldMemo.get(boards);
  if (byName === undefined) fieldMemo.set(boards, (byName = new Map()));
  let out = byName.get(name);
  if (out !== undefined) return out;
  const values = placeValuesOf(boards, name);
  if (values.size === 0) out = null;
  else {
    const arr: Json[] = new Array<Json>(boards.byId.length);
    for (const p of boards.byId) {
      const v = values.get(-1 - p.id);
      if (v !== undefined) arr[p.id] = v;
    }
    out = arr;
  }
  byName.set(name, out);
  return out;
}
