/**
 * Run-time values: JSON, plus function values (lambdas) that live only while an expression is being
 * evaluated (they are handed to library queries and never stored in the state). The `as…` helpers
 * narrow a value or raise a located rule error naming what was expected.
 */
import type { BoardIndex } from './boards.js';
import { RuleError } from './errors.js';
import type { Json, Loc } from './ir.js';
import { msg } from './messages.js';
import { placeTwin } from './place-values.js';

/**
 * A function value. Builtins call it directly with `call1`/`call2` (no argument list per call: they
 * run in the innermost loops of searches and sorts); `call` takes any number of arguments.
 */
export class LambdaValue {
  constructor(
    readonly arity: number,
    readonly call: (args: Json[]) => Value,
    readonly call1: (a: Json) => Value = (a) => call([a]),
    readonly call2: (a: Json, b: Json) => Value = (a, b) => call([a, b]),
    /**
     * Every call answers true and changes nothing anyone sees: its body is the literal `true` and
     * its parameters are slots of the function call it was made in (`(a, b) -> true`, "any two
     * neighbours are linked"). A search may then skip the calls (builtins/geometry.ts).
     */
    readonly always = false,
    /**
     * Its answers may be places (its body's static type may hold one: place-values.ts
     * `mayHoldPlace`), so that a sort by it orders two places by their texts; else its negative
     * numbers are numbers (`(x) -> -score[x]`).
     */
    readonly placeKeys = true,
  ) {}
}

export type Value = Json | LambdaValue;
export type JsonRecord = { [key: string]: Json };

export function isRecord(v: Value): v is JsonRecord {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof LambdaValue);
}

/** A record's own entry (IR tables come from JSON: `constructor` or `__proto__` may be names). */
export function own<T>(record: Record<string, T>, name: string): T | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}

/** A short description of a value for messages. */
export function describe(v: Value | undefined): string {
  if (v === undefined) return 'nothing';
  if (v instanceof LambdaValue) return 'a function';
  if (v === null) return 'none';
  if (Array.isArray(v)) return 'a list';
  if (typeof v === 'object') return 'a record';
  if (typeof v === 'string') return `text "${v.length > 40 ? v.slice(0, 40) + '…' : v}"`;
  return `${typeof v === 'number' ? 'number' : 'bool'} ${String(v)}`;
}

export function typeError(expected: string, v: Value | undefined, at: Loc): RuleError {
  return new RuleError(msg.typeMismatch(expected, describe(v)), at);
}

export function asNumber(v: Value, at: Loc): number {
  if (typeof v !== 'number') throw typeError('a number', v, at);
  return v;
}

export function asBool(v: Value, at: Loc): boolean {
  if (typeof v !== 'boolean') throw typeError('true or false', v, at);
  return v;
}

export function asText(v: Value, at: Loc): string {
  if (typeof v !== 'string') throw typeError('text', v, at);
  return v;
}

export function asList(v: Value, at: Loc): Json[] {
  if (!Array.isArray(v)) throw typeError('a list', v, at);
  return v;
}

/** A count of times or of items: a whole number, at least 0. */
export function asCount(v: Value, at: Loc): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0) throw new RuleError(msg.notCount(describe(v)), at);
  return v;
}

export function asJson(v: Value, at: Loc): Json {
  // Most values are not objects: no `instanceof` for them (it runs for every value stored).
  if (typeof v === 'object' && v !== null && v instanceof LambdaValue) throw new RuleError(msg.functionStored(), at);
  return v;
}

export function asLambda(v: Value, arity: number, at: Loc): LambdaValue {
  if (!(v instanceof LambdaValue)) throw typeError('a function like (a, b) -> …', v, at);
  if (v.arity !== arity) throw new RuleError(msg.lambdaArity(arity, v.arity), at);
  return v;
}

/** Calls a predicate lambda of one argument and insists on a boolean answer. */
export function test1(f: LambdaValue, a: Json, at: Loc): boolean {
  return asBool(f.call1(a), at);
}

/** Calls a predicate lambda of two arguments and insists on a boolean answer. */
export function test2(f: LambdaValue, a: Json, b: Json, at: Loc): boolean {
  return asBool(f.call2(a, b), at);
}

/**
 * Deep JSON equality (lists by items, records by fields, whatever the field order). Given the
 * game's boards, a place equals the text of its value (`Board.r1c2`: docs/language.md §25), as
 * when place values were texts; without them (values that can hold no place, or no text) the
 * scalars compare by `===`.
 */
export function equal(a: Value, b: Value, boards?: BoardIndex): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return boards !== undefined && placeTwin(boards, a) === b && b !== undefined;
  if (a instanceof LambdaValue || b instanceof LambdaValue) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!equal(a[i], b[i], boards)) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (!(k in b) || !equal(a[k], b[k], boards)) return false;
  return true;
}

/**
 * The first index of `x` in a finished list (a value of the rules, or a holder's pieces), else -1.
 * A text or a negative number (a place: place-values.ts) looked up again and again in one long
 * list (`y in land` over every place of a board) is found through an index of the list's texts and
 * negative numbers, made at its second lookup. That is right because a list value is never changed
 * once made (README "Purity and speed"); a holder's array is changed, but it holds piece numbers
 * only (never a text or a negative number: none is ever found in it, by index or not). A list
 * still being built must use `indexOfValueScan`.
 */
export function indexOfValue(list: Json[], x: Value, boards?: BoardIndex): number {
  if (typeof x === 'string' || (typeof x === 'number' && x < 0)) {
    const i = indexOfKey(list, x);
    // Given the boards, a place is also found as its text and a text as its place (`equal`).
    const twin = boards === undefined ? undefined : placeTwin(boards, x);
    return twin === undefined ? i : earlier(i, indexOfKey(list, twin));
  }
  return indexOfValueScan(list, x, boards);
}

/** A text's or a negative number's first index: a short list scanned, a long one through its index. */
function indexOfKey(list: Json[], x: string | number): number {
  return list.length < INDEXED_LENGTH ? list.indexOf(x) : indexOfText(list, x);
}

/** The first of two indexes, -1 being none. */
function earlier(i: number, j: number): number {
  return j < 0 || (i >= 0 && i < j) ? i : j;
}

/** Whether `x` is in a finished list: `indexOfValue(list, x, boards) >= 0`, the twin looked for only when `x` is not. */
export function hasValue(list: Json[], x: Value, boards?: BoardIndex): boolean {
  if (boards !== undefined && typeof x === 'object' && x !== null) return indexOfValueScan(list, x, boards) >= 0;
  if (indexOfValue(list, x) >= 0) return true;
  const twin = boards === undefined ? undefined : placeTwin(boards, x);
  return twin !== undefined && indexOfValue(list, twin) >= 0;
}

/** `indexOfValue` by a plain scan: for a list that is being built or changed. */
export function indexOfValueScan(list: Json[], x: Value, boards?: BoardIndex): number {
  if (typeof x !== 'object' || x === null) {
    const i = list.indexOf(x);
    const twin = boards === undefined ? undefined : placeTwin(boards, x);
    return twin === undefined ? i : earlier(i, list.indexOf(twin));
  }
  for (let i = 0; i < list.length; i++) if (equal(list[i], x, boards)) return i;
  return -1;
}

/** From this length on, a list looked up twice in a row gets an index of its texts. */
const INDEXED_LENGTH = 24;

/** Place ids up to this are indexed by id (a negative whole number past it goes to the map). */
const MAX_INDEXED_ID = 1 << 16;

/**
 * The index of one long list: the first position of each of its negative whole numbers (place
 * values, `-1 - id`: place-values.ts) by id, in typed arrays whose entries count only when stamped
 * with the list's epoch (a new list clears nothing); its texts and other negative numbers (none in
 * a list of places) in a map, made only when it has any.
 */
class ListIndex {
  list: Json[] | null = null;
  length = 0;
  private stamp = new Int32Array(0);
  private pos = new Int32Array(0);
  private epoch = 0;
  private others: Map<string | number, number> | null = null;

  /** Indexes `list` (its items are read once, the last first so that the first position wins). */
  build(list: Json[]): void {
    let top = -1;
    for (let i = 0; i < list.length; i++) {
      const item = list[i];
      if (typeof item === 'number' && item < 0) {
        const id = -1 - item;
        if (Number.isInteger(id) && id < MAX_INDEXED_ID && id > top) top = id;
      }
    }
    if (top >= this.stamp.length) {
      const size = Math.min(MAX_INDEXED_ID, Math.max(top + 1, 2 * this.stamp.length));
      this.stamp = new Int32Array(size);
      this.pos = new Int32Array(size);
      this.epoch = 0;
    }
    if (this.epoch === 0x7fffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    const epoch = ++this.epoch;
    const stamp = this.stamp;
    const pos = this.pos;
    let others: Map<string | number, number> | null = null;
    for (let i = list.length - 1; i >= 0; i--) {
      const item = list[i];
      if (typeof item === 'number' && item < 0) {
        // -1 - item is -1 for an item so near 0 (-1e-17) that it rounds: no id, into the map.
        const id = -1 - item;
        if (Number.isInteger(id) && id >= 0 && id < MAX_INDEXED_ID) {
          stamp[id] = epoch;
          pos[id] = i;
          continue;
        }
      } else if (typeof item !== 'string') continue;
      (others ??= new Map()).set(item, i);
    }
    this.others = others;
    this.list = list;
    this.length = list.length;
  }

  /** The first position of `x` in the list, else -1. */
  get(x: string | number): number {
    if (typeof x === 'number') {
      // A fractional or far id reads undefined, no epoch (and such a number is looked for in the map).
      const id = -1 - x;
      if (this.stamp[id] === this.epoch) return this.pos[id];
    }
    const others = this.others;
    return others === null ? -1 : (others.get(x) ?? -1);
  }
}

/*
 * The lists indexed last (two, for lookups that alternate between two lists) and the list looked up
 * last, which is indexed if it is looked up again next. The length is checked as a guard.
 */
let lastList: Json[] | null = null;
let indexA = new ListIndex();
let indexB = new ListIndex();

function indexOfText(list: Json[], x: string | number): number {
  if (list === indexA.list && list.length === indexA.length) return indexA.get(x);
  if (list === indexB.list && list.length === indexB.length) return indexB.get(x);
  if (list !== lastList) {
    lastList = list;
    return list.indexOf(x);
  }
  // The older index's arrays are reused for this list.
  const index = indexB;
  indexB = indexA;
  indexA = index;
  index.build(list);
  lastList = null;
  return index.get(x);
}

/** Turns -0 into 0 (JSON would print it as 0, and states must round-trip unchanged). */
export function num(x: number, at: Loc): number {
  if (!Number.isFinite(x)) throw new RuleError(msg.notFinite(), at);
  return x + 0;
}

/**
 * Orders two rank keys or sort keys: numbers, or texts, or booleans (false before true), or lists
 * of those item by item (a shorter list that is a prefix of the other comes first).
 */
export function compareKeys(a: Value, b: Value, at: Loc): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  if (Array.isArray(a) && Array.isArray(b)) {
    const n = Math.min(a.length, b.length);
    for (let i = 0; i < n; i++) {
      const c = compareKeys(a[i], b[i], at);
      if (c !== 0) return c;
    }
    return a.length - b.length;
  }
  throw new RuleError(msg.notComparable(describe(a), describe(b)), at);
}

/** Freezes a list shared by every state (and its records), so that a consumer cannot change it. */
export function frozen<T>(items: T[]): T[] {
  for (const x of items) if (typeof x === 'object' && x !== null) Object.freeze(x);
  Object.freeze(items);
  return items;
}
