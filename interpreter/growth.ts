/**
 * Growing boards (`board Map grows square 41 by 41`): every place of the board is built at load,
 * like any grid, but only the places created in play belong to the board. The state lists them, in
 * the order made, in a hidden variable (`#grown:Map`): plain JSON, so replay, undo, views and saved
 * games need nothing more. A piece put on an empty place next to the map (or anywhere on an empty
 * map) creates it; elsewhere that is a rule error. The grid's size is the bound on the growth.
 */
import { coordKey, type BoardInfo, type PlaceInfo } from './boards.js';
import type { Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { Loc } from './ir.js';
import { msg } from './messages.js';
import { grownKey, placeKey } from './holder-keys.js';
import { placeOfValue, placeValue, type PlaceValue } from './place-values.js';
import { setVar } from './sharing.js';
import type { State } from './state.js';


/**
 * The created places of a growing board, in the order made (do not change the list). An empty map
 * is the board's own empty list (`BoardInfo.empty`), so that `frontier(Map)` knows its board.
 */
export function grownPlaces(s: State, board: BoardInfo): readonly PlaceValue[] {
  const key = grownKey(board.name);
  const v = Object.hasOwn(s.vars, key) ? s.vars[key] : undefined;
  return Array.isArray(v) ? (v as PlaceValue[]) : board.empty;
}

/*
 * Membership sets by list: a state's list is replaced, never changed, when the map grows, so a set
 * made from one list stays right for it.
 */
const sets = new WeakMap<readonly PlaceValue[], Set<PlaceValue>>();

function createdSet(list: readonly PlaceValue[]): Set<PlaceValue> {
  let set = sets.get(list);
  if (set === undefined) {
    set = new Set(list);
    sets.set(list, set);
  }
  return set;
}

/** Whether a place is part of its board in this state: always, unless its board grows. */
export function isCreated(s: State, place: PlaceInfo): boolean {
  if (!place.board.ir.grows) return true;
  return createdSet(grownPlaces(s, place.board)).has(placeValue(place));
}

/** The neighbours of a place that are part of the board in this state. */
export function presentNeighbours(s: State, place: PlaceInfo): PlaceInfo[] {
  if (!place.board.ir.grows) return place.near;
  const created = createdSet(grownPlaces(s, place.board));
  return place.near.filter((n) => created.has(placeValue(n)));
}

/** The name of the place where a growing board starts: the middle of the grid, or hex 0, 0. */
function centre(board: BoardInfo): string | undefined {
  const shape = board.ir.shape;
  const key = shape.type === 'square' ? coordKey(Math.ceil(shape.width / 2), Math.ceil(shape.height / 2)) : coordKey(0, 0);
  return board.coords.get(key) ?? board.ir.places[0]?.name;
}

/**
 * The empty places next to the map, in the board's order (by place id); on an empty map, its
 * centre. Places beyond the grid do not exist: the map stops growing there.
 */
export function frontier(ctx: Ctx, board: BoardInfo): PlaceValue[] {
  const list = grownPlaces(ctx.s, board);
  if (list.length === 0) {
    const start = centre(board);
    const place = start === undefined ? undefined : ctx.g.boards.places.get(placeKey(board.name, null, start));
    return place === undefined ? [] : [placeValue(place)];
  }
  const created = createdSet(list);
  const found = new Map<number, PlaceInfo>();
  for (const v of list) {
    const place = placeOfValue(ctx.g.boards, v);
    if (place === undefined) continue;
    for (const n of place.near) if (!created.has(placeValue(n))) found.set(n.id, n);
  }
  return [...found.values()].sort((a, b) => a.id - b.id).map(placeValue);
}

/**
 * Called before a piece is put into `holder`: on a place of a growing board not yet created, creates
 * it if it lies next to the map (or the map is empty), else a rule error at `at`.
 */
export function growInto(ctx: Ctx, holder: string, at: Loc): void {
  const place = ctx.g.boards.places.get(holder);
  if (place === undefined || !place.board.ir.grows) return;
  const list = grownPlaces(ctx.s, place.board);
  const created = createdSet(list);
  const value = placeValue(place);
  if (created.has(value)) return;
  if (list.length > 0 && !place.near.some((n) => created.has(placeValue(n)))) {
    throw new RuleError(msg.notNextToMap(place.name, place.board.name), at);
  }
  setVar(ctx.s, grownKey(place.board.name), [...list, value]);
}
