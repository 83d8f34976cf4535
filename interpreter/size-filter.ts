/**
 * Filters `size(x) OP n` on a binder x with a number n (the empty places of a board, the players'
 * non-empty hands): the most common filter, run for every option a `choose` offers and every item
 * of `all c in Board where size(c) > 0`. Such a filter is tested on each item without binding x,
 * and on a board list by the places' holder ids (holder-index.ts), without looking up any name.
 */
import { findBuiltin } from './builtins/index.js';
import type { Ctx } from './context.js';
import { listIds } from './holder-index.js';
import type { Expr, Json, Loc } from './ir.js';
import { domainEpoch, inRange, sizeDomain, type SizeDomain } from './size-domains.js';
import type { Value } from './values.js';

export interface SizeFilter {
  /**
   * Sizes are whole numbers, so every comparison is a range of them: a size passes when it lies in
   * [lo, hi], or (for `!=`) when it does not. Tested inline, without a call per item.
   */
  lo: number;
  hi: number;
  negate: boolean;
  /** The size of an item that is not a place of a board list (the `size` builtin, checked). */
  size: (ctx: Ctx, item: Value, at: Loc) => Value;
  /** Where `size(x)` is, for its errors. */
  at: Loc;
}

/** [lo, hi] and negate for `size OP n` (NaN bounds let nothing in, as NaN compares false). */
function range(op: string, n: number): { lo: number; hi: number; negate: boolean } | null {
  const whole = Number.isInteger(n);
  switch (op) {
    case '==':
      return whole ? { lo: n, hi: n, negate: false } : { lo: 1, hi: 0, negate: false };
    case '!=':
      return whole ? { lo: n, hi: n, negate: true } : { lo: 1, hi: 0, negate: true };
    case '<':
      return { lo: -Infinity, hi: Math.ceil(n) - 1, negate: false };
    case '<=':
      return { lo: -Infinity, hi: Math.floor(n), negate: false };
    case '>':
      return { lo: Math.floor(n) + 1, hi: Infinity, negate: false };
    case '>=':
      return { lo: Math.ceil(n), hi: Infinity, negate: false };
    default:
      return null;
  }
}

function passes(f: SizeFilter, size: number): boolean {
  return inRange(size, f.lo, f.hi, f.negate);
}

/** The filter as a SizeFilter when it is `size(binder) OP number`, else null. */
export function sizeFilter(filter: Expr | undefined, binder: string): SizeFilter | null {
  if (filter === undefined || filter.k !== 'bin') return null;
  const { op, a, b } = filter;
  if (a.k !== 'builtin' || a.name !== 'size' || a.args.length !== 1 || b.k !== 'lit' || typeof b.v !== 'number') return null;
  const x = a.args[0];
  const size = findBuiltin('size')?.run1;
  if (x.k !== 'local' || x.name !== binder || size === undefined) return null;
  const r = range(op, b.v);
  return r === null ? null : { ...r, size, at: a.at };
}

/**
 * The index of the first item whose holder passes (`want` true) or fails (`want`
 * false) the filter, else `items.length`.
 */
export function findBySize(ctx: Ctx, f: SizeFilter, items: readonly Json[], want: boolean): number {
  const ids = listIds(ctx, items);
  const { lo, hi, negate } = f;
  if (ids !== null) {
    const byId = ctx.s.holders;
    for (let i = 0; i < items.length; i++) {
      const list = byId[ids[i]];
      if (inRange(list.length, lo, hi, negate) === want) return i;
    }
    return items.length;
  }
  for (let i = 0; i < items.length; i++) {
    if (passes(f, f.size(ctx, items[i], f.at) as number) === want) return i;
  }
  return items.length;
}

/** The items whose holder passes the filter, in order. */
export function filterBySize(ctx: Ctx, f: SizeFilter, items: readonly Json[], out: Json[]): Json[] {
  const ids = listIds(ctx, items);
  const { lo, hi, negate } = f;
  if (ids !== null) {
    const byId = ctx.s.holders;
    for (let i = 0; i < items.length; i++) {
      const list = byId[ids[i]];
      if (inRange(list.length, lo, hi, negate)) out.push(items[i]);
    }
    return out;
  }
  for (let i = 0; i < items.length; i++) if (passes(f, f.size(ctx, items[i], f.at) as number)) out.push(items[i]);
  return out;
}

/** How many items' holders pass the filter. */
export function countBySize(ctx: Ctx, f: SizeFilter, items: readonly Json[]): number {
  const ids = listIds(ctx, items);
  const { lo, hi, negate } = f;
  let n = 0;
  if (ids !== null) {
    const byId = ctx.s.holders;
    for (let i = 0; i < items.length; i++) {
      const list = byId[ids[i]];
      if (inRange(list.length, lo, hi, negate)) n++;
    }
    return n;
  }
  for (let i = 0; i < items.length; i++) if (passes(f, f.size(ctx, items[i], f.at) as number)) n++;
  return n;
}

/**
 * Where the items that passed the last scan of SizedOptions lie in their list, and which scan
 * that was: reused, since a random playout takes its option before the next choice is offered.
 */
let passed = new Int32Array(256);
let passedBy = 0;

/**
 * A list this long or longer has its domain kept (size-domains.ts); a shorter one is scanned at
 * each choice, which costs less than the domain's upkeep (a 3x3 board: 7 % fewer playouts with
 * its domain kept; a 15x15 one: 25 % more).
 */
export const DOMAIN_MIN = 64;

/**
 * The options of a random playout's `choose x in L where size(x) OP n` over a board list L
 * (lean-pending.ts): counted, not listed; option i is found when taken. The count and the i-th
 * option come from the list's domain (size-domains.ts), kept up to date as the game is played, or
 * from a scan of a short list. A playout takes its option while the state is still at the choice;
 * an option asked for after the state changed is found by a scan of the state as it is then.
 */
export class SizedOptions {
  readonly count: number;
  readonly #stamp: number;
  #last = -1;
  #value: Json = null;

  /**
   * The options of `items` whose holders pass `f`, or null when `items` is not a board list whose
   * places are all holders of this game (holder-index.ts `listIds`).
   */
  static of(ctx: Ctx, f: SizeFilter, items: readonly Json[]): SizedOptions | null {
    const ids = listIds(ctx, items);
    if (ids === null) return null;
    const { lo, hi, negate } = f;
    if (ids.length >= DOMAIN_MIN) {
      const domain = sizeDomain(ctx.s, items, ids, lo, hi, negate);
      if (domain !== null) return new SizedOptions(ctx, f, items, domain.count, domain, domainEpoch());
    }
    const byId = ctx.s.holders;
    if (passed.length < ids.length) passed = new Int32Array(ids.length * 2);
    const out = passed;
    let n = 0;
    // Every position is written and the count moved on only where the item passes: whether a
    // place is empty is random, and a branch on it was mispredicted half the time (the empty
    // places, `size(x) == 0`: a scan twice as fast).
    if (lo === 0 && hi === 0 && !negate) {
      for (let i = 0; i < ids.length; i++) {
        const list = byId[ids[i]];
        out[n] = i;
        n += list.length === 0 ? 1 : 0;
      }
    } else {
      for (let i = 0; i < ids.length; i++) {
        const list = byId[ids[i]];
        out[n] = i;
        n += inRange(list.length, lo, hi, negate) ? 1 : 0;
      }
    }
    return new SizedOptions(ctx, f, items, n, null, ++passedBy);
  }

  private constructor(
    readonly ctx: Ctx,
    readonly f: SizeFilter,
    readonly items: readonly Json[],
    count: number,
    /** The domain counted, or null for a scan into `passed`. */
    readonly domain: SizeDomain | null,
    stamp: number,
  ) {
    this.count = count;
    this.#stamp = stamp;
  }

  /** The i-th item that passes (i < count). */
  at(i: number): Json {
    const domain = this.domain;
    if (domain !== null) {
      // The epoch moves on at every write to the tracked state and every change of it.
      if (this.#stamp === domainEpoch()) return this.items[domain.nth(i)];
    } else if (this.#stamp === passedBy) return this.items[passed[i]];
    if (i !== this.#last) {
      const ids = listIds(this.ctx, this.items)!;
      const byId = this.ctx.s.holders;
      const { lo, hi, negate } = this.f;
      let left = i;
      for (let k = 0; k < ids.length; k++) {
        const list = byId[ids[k]];
        if (inRange(list.length, lo, hi, negate) && left-- === 0) {
          this.#value = this.items[k];
          break;
        }
      }
      this.#last = i;
    }
    return this.#value;
  }

  /** Every item that passes, in order. */
  all(): Json[] {
    return filterBySize(this.ctx, this.f, this.items, []);
  }
}
