/**
 * `choose n in a..b by p`: a choice of a whole number from a range, offered without a list of its
 * numbers. The pending choice knows its bounds; option i is the number a + i, labelled by its
 * digits, and `labels` / `values` are built only when read (the UI, a save, `legalMoves`): the
 * integer-action API, the random bot and label lookups work from the bounds, so a range of a
 * million numbers allocates nothing per number. Option numbering, labels and values are those of
 * the list `a..b` (then the pass, if any), so a state saved as JSON plays on the same.
 */
import type { Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { Json, Loc } from './ir.js';
import { LeanPending, NOT_KNOWN, seenPending } from './lean-pending.js';
import { msg } from './messages.js';
import type { Pending, State } from './state.js';
import { asNumber, typeError, type Value } from './values.js';

/** The most numbers a range choice may offer: action numbers stay small integers. */
export const MAX_RANGE_OPTIONS = 2 ** 31;

/** The label of a range's pass: its text, unless a number of the range prints the same. */
function passLabel(from: number, count: number, pass: string): string {
  const n = Number(pass);
  const clash = pass !== '' && Number.isInteger(n) && String(n) === pass && n >= from && n < from + count;
  return clash ? `${pass} (2)` : pass;
}

export class RangePending implements Pending {
  player: number;
  prompt: string | null;
  declare labels: string[];
  declare values: Json[];
  secret: boolean;
  at: Loc;
  into: string;
  declare readonly from: number;
  /** How many numbers (the pass not counted). */
  declare readonly count: number;
  declare readonly pass: string | null;
  #labels: string[] | null = null;
  #values: Json[] | null = null;

  static readonly #labelsProperty: PropertyDescriptor = {
    get(this: RangePending) {
      return (this.#labels ??= Array.from({ length: this.size }, (_, i) => this.label(i)));
    },
    enumerable: true,
    configurable: true,
  };

  static readonly #valuesProperty: PropertyDescriptor = {
    get(this: RangePending) {
      return (this.#values ??= Array.from({ length: this.size }, (_, i) => this.value(i)));
    },
    enumerable: true,
    configurable: true,
  };

  constructor(player: number, prompt: string | null, from: number, count: number, pass: string | null, secret: boolean, at: Loc, into: string) {
    this.player = player;
    this.prompt = prompt;
    // Defined in place, so the JSON keeps the key order of any other pending choice.
    Object.defineProperty(this, 'labels', RangePending.#labelsProperty);
    Object.defineProperty(this, 'values', RangePending.#valuesProperty);
    this.secret = secret;
    this.at = at;
    this.into = into;
    Object.defineProperty(this, 'from', { value: from, enumerable: false });
    Object.defineProperty(this, 'count', { value: count, enumerable: false });
    Object.defineProperty(this, 'pass', { value: pass, enumerable: false });
  }

  /** The number of options, the pass included. */
  get size(): number {
    return this.pass === null ? this.count : this.count + 1;
  }

  value(i: number): Json {
    return i < this.count ? this.from + i : null;
  }

  label(i: number): string {
    return i < this.count ? String(this.from + i) : passLabel(this.from, this.count, this.pass ?? '');
  }

  /** The option a label names, or -1. */
  indexOf(label: string): number {
    if (this.pass !== null && label === passLabel(this.from, this.count, this.pass)) return this.count;
    const n = Number(label);
    if (label === '' || !Number.isInteger(n) || String(n) !== label) return -1;
    const i = n - this.from;
    return i >= 0 && i < this.count ? i : -1;
  }
}

/** A range's bound: a whole number. */
export function rangeBound(v: Value, at: Loc): number {
  const n = asNumber(v, at);
  if (!Number.isSafeInteger(n)) throw typeError('a whole number', n, at);
  return n;
}

/** Offers the numbers from..to (and the pass): a rule error when there is nothing to offer or too much. */
export function offerRange(
  ctx: Ctx,
  o: { player: number; prompt: string | null; from: number; to: number; pass: string | null; secret: boolean; at: Loc; into: string },
): void {
  const count = Math.max(0, o.to - o.from + 1);
  if (count === 0 && o.pass === null) throw new RuleError(msg.noLegalChoice(), o.at);
  if (count > MAX_RANGE_OPTIONS) throw new RuleError(msg.rangeLimit(MAX_RANGE_OPTIONS), o.at);
  // A random playout's choice is lean (lean-pending.ts).
  ctx.s.pending = ctx.lean
    ? new LeanPending(o.player, o.prompt, null, null, o.from, count, o.secret, o.at, o.into, o.pass, ctx.s, null, NOT_KNOWN, fullRange)
    : new RangePending(o.player, o.prompt, o.from, count, o.pass, o.secret, o.at, o.into);
  if (ctx.frame) ctx.frame.pc--;
}

/** Range choice `p` offered lean in `s` (a new game of a random playout made from a start template). */
export function leanRange(p: RangePending, s: State): Pending {
  return new LeanPending(p.player, p.prompt, null, null, p.from, p.count, p.secret, p.at, p.into, p.pass, s, null, NOT_KNOWN, fullRange);
}

/** The RangePending a lean one stands for. */
function fullRange(l: LeanPending): Pending {
  return new RangePending(l.player, l.prompt, l.from, l.count, l.pass, l.secret, l.at, l.into);
}

/** How many options a pending choice has. */
export function optionCount(p: Pending): number {
  if (p instanceof LeanPending) return p.size();
  return p instanceof RangePending ? p.size : p.values.length;
}

/** The value of option `i` of a pending choice. */
export function optionValue(p: Pending, i: number): Json {
  if (p instanceof LeanPending) return p.value(i);
  return p instanceof RangePending ? p.value(i) : p.values[i];
}

/** The option of a pending choice a label names, or -1. */
export function optionIndex(pending: Pending, label: string): number {
  const p = seenPending(pending) as Pending;
  return p instanceof RangePending ? p.indexOf(label) : p.labels.indexOf(label);
}

/** Why a label is not an option of the pending choice. */
export function notOffered(pending: Pending, label: string): string {
  const p = seenPending(pending) as Pending;
  if (!(p instanceof RangePending)) return msg.illegalMove(label, p.labels);
  return msg.notInRange(label, p.from, p.from + p.count - 1, p.pass === null ? null : p.label(p.count));
}
