/**
 * Place VALUES: what a rule holds for a place (in a local, a variable, a table key, a list, a piece
 * attribute, a choice's option) and how one is read back as the place (`PlaceInfo`). This module is
 * the only one that makes or reads one; everything else goes through `placeValue` / `placeOfValue`
 * (and the lists of values boards.ts builds with `placeValue`: board lists, neighbours).
 *
 * A place value is the integer `-1 - id`, id being the place's `PlaceInfo.id` (every place of every
 * board, template places of per-player boards and every place a growing board may create
 * included, numbered once at load by `placeNaming` and never renumbered). Pieces and players are
 * integers >= 0, so a value is told to be a place by its sign at run time, without a static type;
 * a negative number that is no place's (out of range, or not whole) reads as a number. Names
 * appear only when a value is shown (display.ts), described in an error (`describePlace`) or
 * ordered (`placeOrder`: by the place's text, as when values were texts).
 */
import type { BoardIndex, PlaceInfo } from './boards.js';
import { placeKey } from './holder-keys.js';
import { RuleError } from './errors.js';
import type { GameIR, Json, KeyIR, Loc, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { compareKeys, describe, type Value } from './values.js';

/** A place as rules hold it: `-1 - id`. */
export type PlaceValue = number;

/** A filler for scratch arrays of place values: never a place's. */
export const NO_PLACE: PlaceValue = 0;

/** The value rules hold for place `p`. */
export function placeValue(p: PlaceInfo): PlaceValue {
  return -1 - p.id;
}

/**
 * The value of the place whose text (holder-keys.ts `placeKey`) is `key`: for place names the IR
 * spells out (a literal, a board's copy). Every such place exists (boards.ts builds every copy up
 * to the most players); a text of none is given back as it is, as before place values had a module.
 */
export function placeValueOfKey(boards: BoardIndex, key: string): PlaceValue | string {
  const p = boards.places.get(key);
  return p === undefined ? key : placeValue(p);
}

/** The place value `v` names in this game, else undefined (not a place: the caller's error). */
export function placeOfValue(boards: BoardIndex, v: Value): PlaceInfo | undefined {
  // A negative number past the places, or not whole, indexes no place (`byId[2.5]` is undefined).
  return typeof v === 'number' && v < 0 ? boards.byId[-1 - v] : undefined;
}

/** Whether `v` is a place value of this game. */
export function isPlaceValue(boards: BoardIndex, v: Value): boolean {
  return typeof v === 'number' && v < 0 && boards.byId[-1 - v] !== undefined;
}

/**
 * The value a place value or a place's text equals besides itself (docs/language.md §25: a place
 * equals the text of its value, `c == "Grid.r1c2"`): a place's text for its value, a place's value
 * for its text; undefined for any other value.
 */
export function placeTwin(boards: BoardIndex, v: Value): PlaceValue | string | undefined {
  if (typeof v === 'number') return v < 0 ? boards.byId[-1 - v]?.key : undefined;
  if (typeof v !== 'string') return undefined;
  const p = boards.places.get(v);
  return p === undefined ? undefined : placeValue(p);
}

/**
 * Whether values of static types `a` and `b` may be a place and a text (or hold them), so that
 * comparing them must look for a place's text (`equal` and `indexOfValue` given the boards).
 */
export function mayMeetPlaceText(a: TypeIR | undefined, b: TypeIR | undefined): boolean {
  return (mayHoldPlace(a) && mayHoldText(b)) || (mayHoldText(a) && mayHoldPlace(b));
}

/**
 * How key `i` of a table is read from a key value of static type `t` (docs/language.md §25: a place
 * equals the text of its value): a place indexing a `per text` table is its text's row
 * (`textKeyOf`), a text naming a place indexing a table keyed by places is that place's row
 * (`placeKeyOf`); null where the types cannot meet (the key value as it is). Both engines.
 */
export function keyConversion(keys: readonly KeyIR[], i: number, t: TypeIR | undefined): ((boards: BoardIndex, v: Value) => Value) | null {
  const k = keys[i];
  if (k === undefined || k.type !== 'value') return null;
  if (k.of.t === 'text' && mayHoldPlace(t)) return textKeyOf;
  if (k.of.t === 'place' && mayHoldText(t)) return placeKeyOf;
  return null;
}

/** A key of a table keyed by places: a text naming a place as that place's value, any other value as it is. */
export function placeKeyOf(boards: BoardIndex, v: Value): Value {
  return typeof v === 'string' ? placeValueOfKey(boards, v) : v;
}

/** A key of a `per text` table: a place value as its text, any other value as it is. */
export function textKeyOf(boards: BoardIndex, v: Value): Value {
  return typeof v === 'number' && v < 0 ? (boards.byId[-1 - v]?.key ?? v) : v;
}

/**
 * values.ts `asText` for a value rules may hold: a place is the text of its value (`Board.r1c2`,
 * docs/language.md §25), as when place values were texts; the error describes a place as its text.
 */
export function asTextOf(boards: BoardIndex, v: Value, at: Loc): string {
  if (typeof v === 'string') return v;
  const p = placeOfValue(boards, v);
  if (p !== undefined) return p.key;
  throw new RuleError(msg.typeMismatch('text', describe(v)), at);
}

/** The place's text (`Board.r1c2`) of place value `v`, else undefined. */
export function placeTextOf(boards: BoardIndex, v: Value): string | undefined {
  return placeOfValue(boards, v)?.key;
}

/**
 * `describe` (values.ts) for error texts, with a place described as its text was when place values
 * were texts (`text "Board.r1c2"`), so that errors read as they did.
 */
export function describePlace(boards: BoardIndex, v: Value | undefined): string {
  const p = v === undefined ? undefined : placeOfValue(boards, v);
  return p === undefined ? describe(v) : describe(p.key);
}

/**
 * The order of two values of which at least one is a place, by the places' texts (code unit order,
 * as `<` and sort keys ordered place texts): the rank of each place among every place's text,
 * made once per game. Undefined when they are not both places (the caller orders them as numbers).
 */
export function placeOrder(boards: BoardIndex, a: Value, b: Value): number | undefined {
  const pa = placeOfValue(boards, a);
  const pb = placeOfValue(boards, b);
  if (pa === undefined || pb === undefined) return undefined;
  const rank = ranks(boards);
  return rank[pa.id] - rank[pb.id];
}

/**
 * The order of a place and a text (either way round) by the place's text, which it equals
 * (`placeTwin`), as when place values were texts; undefined for any other pair.
 */
export function textOrder(boards: BoardIndex, a: Value, b: Value): number | undefined {
  const x = typeof a === 'string' ? a : typeof b === 'string' ? placeTextOf(boards, a) : undefined;
  const y = typeof b === 'string' ? b : typeof a === 'string' ? placeTextOf(boards, b) : undefined;
  if (x === undefined || y === undefined) return undefined;
  return x < y ? -1 : x > y ? 1 : 0;
}

const rankMemo = new WeakMap<BoardIndex, Int32Array>();

/** Every place's rank by id, in the order of their texts. */
function ranks(boards: BoardIndex): Int32Array {
  let rank = rankMemo.get(boards);
  if (rank !== undefined) return rank;
  const order = boards.byId.map((p, i) => i).sort((i, j) => (boards.byId[i].key < boards.byId[j].key ? -1 : boards.byId[i].key > boards.byId[j].key ? 1 : 0));
  rank = new Int32Array(order.length);
  order.forEach((id, r) => (rank![id] = r));
  rankMemo.set(boards, rank);
  return rank;
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

/**
 * Whether a value of static type `t` may be (or hold, as a list's item) a place, so that a negative
 * number of it is to be ordered as a place (`compareKeysOf`); a number's type orders as numbers.
 */
export function mayHoldPlace(t: TypeIR | undefined): boolean {
  return mayHold(t, 'place');
}

/** Whether a value of static type `t` may be (or hold) a text, which may name a place. */
function mayHoldText(t: TypeIR | undefined): boolean {
  return mayHold(t, 'text');
}

/** Whether a value of static type `t` may be (or hold, as a list's item or a record's field) one of type `leaf`. */
function mayHold(t: TypeIR | undefined, leaf: 'place' | 'text'): boolean {
  if (t === undefined) return true;
  switch (t.t) {
    case 'any':
    case 'record':
      return true;
    case 'list':
      return mayHold(t.of, leaf);
    default:
      return t.t === leaf;
  }
}

/**
 * values.ts `compareKeys` (sort keys, `min`/`max … of`) where a key may be a place: two places by
 * their texts (`placeOrder`), as when they were texts; any other pair as compareKeys orders it.
 */
export function compareKeysOf(boards: BoardIndex, a: Value, b: Value, at: Loc): number {
  if (typeof a === 'number' && typeof b === 'number') {
    if (a < 0 && b < 0) {
      const c = placeOrder(boards, a, b);
      if (c !== undefined) return c;
    }
    return a - b;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareKeysOf(boards, a[i], b[i], at);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  if ((typeof a === 'string' && typeof b === 'string') || (typeof a === 'boolean' && typeof b === 'boolean')) return compareKeys(a, b, at);
  const c = textOrder(boards, a, b);
  if (c !== undefined) return c;
  throw new RuleError(msg.notComparable(describePlace(boards, a), describePlace(boards, b)), at);
}

/*
 * Place values as the terminal and the editor show them, from the IR alone (`placeNaming`): the
 * place's text (`Board.r1c2`), as when place values were texts. A value typed number (or player,
 * piece, …) stays as it is; one of unknown type (`any`, a record's field, a piece attribute shown
 * without its kind) is a place's text when it is a place's value, else its digits.
 */

function shownAsIs(t: TypeIR | undefined): boolean {
  return t !== undefined && (t.t === 'number' || t.t === 'player' || t.t === 'piece' || t.t === 'bool' || t.t === 'text' || t.t === 'enum');
}

/** `v` with every place value in it (by `t`, its static type when known) replaced by the place's text. */
export function withPlaceTexts(ir: PlaceNamingIR | undefined, v: Json, t?: TypeIR): Json {
  if (ir === undefined || shownAsIs(t)) return v;
  if (typeof v === 'number') return v < 0 ? (placeNaming(ir).keys[-1 - v] ?? v) : v;
  if (Array.isArray(v)) {
    const of = t?.t === 'list' ? t.of : undefined;
    return v.map((x) => withPlaceTexts(ir, x, of));
  }
  if (v !== null && typeof v === 'object') {
    const fields = t?.t === 'record' ? t.fields : undefined;
    const out: Record<string, Json> = {};
    for (const [k, x] of Object.entries(v)) out[k] = withPlaceTexts(ir, x, fields !== undefined && Object.hasOwn(fields, k) ? fields[k] : undefined);
    return out;
  }
  return v;
}

/** A record table's key text part (`-3`: a place's value) as the place's text, for a key of type `t`. */
export function keyPartText(ir: PlaceNamingIR, part: string, t: TypeIR | undefined): string {
  if (shownAsIs(t) || !/^-\d+$/.test(part)) return part;
  return placeNaming(ir).keys[-1 - Number(part)] ?? part;
}
