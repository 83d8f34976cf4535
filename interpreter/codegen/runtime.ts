/**
 * The functions generated code calls (handed to it as `H`, destructured once per function): the
 * closure interpreter's own checks and helpers, so both engines raise the same errors.
 */
import { describePlace } from '../place-values.js';
import { plus, order } from '../compile-binary.js';
import { evaluateParam, joinedKey, keyPart, notATableKeyError } from '../compile-expr.js';
import { madeText, type Ctx } from '../context.js';
import { display, isSeatNumber } from '../display.js';
import { playerName } from '../format.js';
import { RuleError } from '../errors.js';
import { asDirection, startOf } from '../builtins/geometry.js';
import { offsetInfo } from '../boards.js';
import { listIds } from '../holder-index.js';
import { placeValue } from '../place-values.js';
import { asPiece, asPlayer, holderItems, iterable } from '../holders.js';
import type { Json, Loc } from '../ir.js';
import { msg } from '../messages.js';
import { setLocal } from '../binder.js';
import { takeSlots } from '../slot-reuse.js';
import { setVar, writableTable } from '../sharing.js';
import { keyId, rowIndex } from '../table-keys.js';
import { asJson, asList, asNumber, compareKeys, equal, hasValue, indexOfValue, isRecord, LambdaValue, num, typeError, type Value } from '../values.js';

function err(message: string, at: Loc): never {
  throw new RuleError(message, at);
}

function notBool(v: Value | undefined, at: Loc): never {
  throw typeError('true or false', v, at);
}

function notNumber(v: Value | undefined, at: Loc): never {
  throw typeError('a number', v, at);
}

function noMatch(ctx: Ctx, v: Value, at: Loc): never {
  throw new RuleError(msg.noMatchCase(describePlace(ctx.g.boards, v)), at);
}

/** `o[i]`: a record's field by text, else a list's item (see compileIndex). */
function index(o: Value, i: Value, at: Loc): Value {
  if (isRecord(o) && typeof i === 'string') return Object.hasOwn(o, i) ? o[i] : null;
  const list = asList(o, at);
  const n = asNumber(i, at);
  if (!Number.isInteger(n) || n < 0 || n >= list.length) throw new RuleError(msg.indexOutOfRange(n, list.length), at);
  return list[n];
}

/** The items of `pieces(h)`: a holder's pieces in place, or of a list of holders. */
function piecesItems(ctx: Ctx, h: Value, at: Loc): number[] {
  return Array.isArray(h) ? h.flatMap((x) => holderItems(ctx, x, at)) : holderItems(ctx, h, at);
}

/** A call's slot array: its arguments first (array literals for the common sizes, as compileCall). */
function slotsOf(n: number, v0: Value | undefined, v1: Value | undefined, v2: Value | undefined): (Value | undefined)[] {
  switch (n) {
    case 1:
      return [v0];
    case 2:
      return [v0, v1];
    case 3:
      return [v0, v1, v2];
    case 4:
      return [v0, v1, v2, undefined];
    default: {
      const slots = new Array<Value | undefined>(n);
      if (n > 0) slots[0] = v0;
      if (n > 1) slots[1] = v1;
      if (n > 2) slots[2] = v2;
      return slots;
    }
  }
}

/**
 * The memo of a two-key row access (compile-expr.ts `joinedKey`), with its keys also found by a
 * first key that is a whole number below SEATS (a seat, mostly: `resources[p, leaf]`): by index,
 * without making or hashing the first part's text; a constant second key needs no map at all.
 */
export interface RowMemo {
  keys: Map<string, Map<string, string>>;
  size: number;
  seats: (Map<string, string> | undefined)[];
  seatKeys: (string | undefined)[];
  seatSize: number;
}
const SEATS = 64;

/** A new memo for one access. */
export function rowMemo(): RowMemo {
  return { keys: new Map(), size: 0, seats: [], seatKeys: [], seatSize: 0 };
}

/** joinedKey(memo, keyPart(a), b): the same text. */
function seatKey(memo: RowMemo, a: Json, b: string): string {
  if (typeof a !== 'number' || !(a >= 0 && a < SEATS) || !Number.isInteger(a)) return joinedKey(memo, keyPart(a), b);
  let inner = memo.seats[a];
  if (inner === undefined) memo.seats[a] = inner = new Map();
  let key = inner.get(b);
  if (key === undefined) {
    key = joinedKey(memo, keyPart(a), b);
    // Bounded as joinedKey's own memo is (past it, found through joinedKey).
    if (memo.seatSize < 4096) {
      inner.set(b, key);
      memo.seatSize++;
    }
  }
  return key;
}

/** seatKey with a second key fixed at load (a literal): at most SEATS texts. */
function seatKeyFixed(memo: RowMemo, a: Json, b: string): string {
  if (typeof a !== 'number' || !(a >= 0 && a < SEATS) || !Number.isInteger(a)) return joinedKey(memo, keyPart(a), b);
  return (memo.seatKeys[a] ??= joinedKey(memo, keyPart(a), b));
}

/**
 * How many of `list`'s items player `p` owns, with ownedBy's check of every item (builtins/pieces.ts),
 * in its order: a loop over `ownedBy(h, p)` visits the holder's items in place (gen-expr.ts `ownedItems`).
 */
function ownedCount(ctx: Ctx, list: Json[], p: number, at: Loc): number {
  let n = 0;
  for (let i = 0; i < list.length; i++) if (asPiece(ctx, list[i], at).owner === p) n++;
  return n;
}

/** A write to an array table at a key outside its domain (compileVarWrite's error). */
function noTableKey(boards: Ctx['g']['boards'], name: string, keys: Json[], at: Loc): never {
  throw notATableKeyError(boards, name, keys, at);
}

function isLambda(v: Value): boolean {
  return v instanceof LambdaValue;
}

/** Everything generated code may call, by the names it is given there. */
export const RUNTIME = {
  err,
  notBool,
  notNumber,
  noMatch,
  index,
  piecesItems,
  /** The holder ids of a loop's items when they are a list of holders known at load, else null. */
  itemIds: listIds,
  slotsOf,
  takeSlots,
  isLambda,
  plus,
  madeText,
  display,
  isSeatNumber,
  playerName,
  order,
  evaluateParam,
  keyPart,
  seatKey,
  seatKeyFixed,
  holderItems,
  iterable,
  asPlayer,
  /** A piece's state, or the error of a value that is no piece. */
  asPiece,
  ownedCount,
  setLocal,
  asJson: asJson as (v: Value, at: Loc) => Json,
  compareKeys,
  equal,
  hasValue,
  indexOfValue,
  num,
  LambdaValue,
  setVar,
  writableTable,
  keyId,
  rowIndex,
  noTableKey,
  /** A line's start, its direction, its steps and their values (codegen/gen-line.ts, as builtins/geometry.ts walks it). */
  lineStart: startOf,
  asDirection,
  offsetInfo,
  placeValue,
} as const;

export type RuntimeName = keyof typeof RUNTIME;
