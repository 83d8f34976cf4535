/**
 * Place VALUES: what a rule holds for a place (in a local, a variable, a table key, a list, a piece
 * attribute, a choice's option) and how one is read back as the place (`PlaceInfo`). This module is
 * the only one that makes or reads one; everything else goes through `placeValue` / `placeOfValue`
 * (and the lists of values boards.ts builds with `placeValue`: board lists, neighbours).
 *
 * Today a place value is the place's text (`Board.name`, `Board@p.name`: holder-keys.ts
 * `placeKey`), which is also its holder's name, so a place value read as a holder (`size(c)`,
 * `move t to c`) is looked up as any holder text. Issue 10 will make it the place's id
 * (`PlaceInfo.id`: every place of every board, template places of per-player boards and every
 * place a growing board may create included, numbered once at load and never renumbered); what
 * that needs besides this module is listed in interpreter/README.md ("Place values").
 */
import type { BoardIndex, PlaceInfo } from './boards.js';
import { placeKey } from './holder-keys.js';
import type { GameIR } from './ir.js';
import type { Value } from './values.js';

/** A place as rules hold it. */
export type PlaceValue = string;

/** A filler for scratch arrays of place values: never a place's. */
export const NO_PLACE: PlaceValue = '';

/** The value rules hold for place `p`. */
export function placeValue(p: PlaceInfo): PlaceValue {
  return p.key;
}

/**
 * The value of the place whose text (holder-keys.ts `placeKey`) is `key`: for place names the IR
 * spells out (a literal, a board's copy). Every such place exists (boards.ts builds every copy up
 * to the most players); a text of none is given back as it is, as before place values had a module.
 */
export function placeValueOfKey(boards: BoardIndex, key: string): PlaceValue {
  const p = boards.places.get(key);
  return p === undefined ? key : placeValue(p);
}

/** The place value `v` names in this game, else undefined (not a place: the caller's error). */
export function placeOfValue(boards: BoardIndex, v: Value): PlaceInfo | undefined {
  return typeof v === 'string' ? boards.places.get(v) : undefined;
}

/** Whether `v` is a place value of this game. */
export function isPlaceValue(boards: BoardIndex, v: Value): boolean {
  return typeof v === 'string' && boards.places.has(v);
}

/** Every place of a game by id (its text), and the id of each text. */
export interface PlaceNaming {
  readonly keys: readonly string[];
  readonly ids: ReadonlyMap<string, number>;
}

/** What `placeNaming` reads of a game's IR. */
export type PlaceNamingIR = Pick<GameIR, 'boards'> & { players: Pick<GameIR['players'], 'max'> };

const namings = new WeakMap<object, PlaceNaming>();

/**
 * The places of a game, numbered (`PlaceInfo.id`, boards.ts takes its ids from here): the boards in
 * declaration order; a per-player board's template places, then its copy of each player up to the
 * most the game allows; each copy's places in declaration order (a growing board's too: all of them,
 * created or not). Fixed by the IR alone, so the CLI and the editor can number them as the
 * interpreter does; declaration order, not text order (a growing board's frontier is listed by id).
 */
export function placeNaming(ir: PlaceNamingIR): PlaceNaming {
  let out = namings.get(ir);
  if (out !== undefined) return out;
  const keys: string[] = [];
  for (const [name, b] of Object.entries(ir.boards)) {
    const owners: (number | null)[] = [null];
    if (b.perPlayer) for (let p = 0; p < ir.players.max; p++) owners.push(p);
    for (const owner of owners) for (const place of b.places) keys.push(placeKey(name, owner, place.name));
  }
  const ids = new Map<string, number>();
  keys.forEach((k, i) => ids.set(k, i));
  out = { keys, ids };
  namings.set(ir, out);
  return out;
}
