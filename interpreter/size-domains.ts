/**
 * Domains kept up to date as a game is played in place (issue 10: "common domains kept
 * incrementally"): which places of a board list pass a filter `size(x) OP n` (most often the empty
 * places of a board). A random playout's `choose x in Board where size(x) == 0` counted them by a
 * scan of the whole list at every choice (size-filter.ts SizedOptions: a third of the time of a
 * 15x15 board game); here the count and the i-th place that passes come from a Fenwick tree over
 * the list, brought up to date at each choice from the holders written since the last one.
 *
 * Every change of a holder's pieces goes through sharing.ts's `writableHolder` or `setHolder`; they
 * note the holder here when its state is the tracked one. One state is tracked at a time: the one
 * whose domains were last asked for. Asking for another state's starts again from a scan, so a
 * state changed while it was not tracked is never read from stale domains. Pure states never
 * change, and a state played in place is the same object from move to move: a random playout asks
 * for one state's domains again and again.
 */
import type { Json } from './ir.js';
import type { State } from './state.js';

/** The state whose writes are noted (read by sharing.ts at every holder write: one comparison). */
export const tracking: { state: State | null } = { state: null };

/** Holders written since the domains were last brought up to date (`overflow`: too many, rebuild). */
let written = new Int32Array(64);
let writtenCount = 0;
let overflow = false;
/** More writes than this between two choices: cheaper to scan again than to replay them. */
const MAX_WRITTEN = 4096;

/** Moves on at every write noted and every change of tracked state: a SizedOptions' stamp. */
let epoch = 0;

/** The tracked state's domains (a few: one per board list and filter a `choose` asks about). */
let domains: SizeDomain[] = [];
const MAX_DOMAINS = 16;

/** Holder `id` of the tracked state is about to change (sharing.ts). */
export function noteWritten(id: number): void {
  epoch++;
  if (overflow) return;
  if (writtenCount === written.length) {
    if (writtenCount >= MAX_WRITTEN) {
      overflow = true;
      return;
    }
    const more = new Int32Array(written.length * 2);
    more.set(written);
    written = more;
  }
  written[writtenCount++] = id;
}

/** The current epoch: equal to a stamp taken earlier when nothing of the tracked state changed since. */
export function domainEpoch(): number {
  return epoch;
}

/**
 * The items of board list `items` (holder ids `ids`) whose holders in `s` have a size in [lo, hi]
 * (outside it, with `negate`), kept up to date; null when the list repeats a holder.
 */
export function sizeDomain(s: State, items: readonly Json[], ids: Int32Array, lo: number, hi: number, negate: boolean): SizeDomain | null {
  if (tracking.state !== s || overflow) {
    // Another state (a new game: the same lists, so the same domains, filled again) or too many
    // writes to replay.
    if (tracking.state !== s) {
      tracking.state = s;
      epoch++;
    }
    for (const d of domains) d.stale = true;
    writtenCount = 0;
    overflow = false;
  } else if (writtenCount > 0) {
    for (const d of domains) if (!d.stale) d.update(s.holders, written, writtenCount);
    writtenCount = 0;
  }
  let d: SizeDomain | null = null;
  for (const e of domains) if (e.items === items && e.lo === lo && e.hi === hi && e.negate === negate) d = e;
  if (d === null) {
    const index = indexOf(ids);
    if (index === null) return null;
    d = new SizeDomain(items, ids, lo, hi, negate, index);
    if (domains.length >= MAX_DOMAINS) domains.shift();
    domains.push(d);
  }
  if (d.stale) d.refill(s.holders);
  if (checking !== null) for (const e of domains) if (!e.stale) check(e, s.holders);
  return d;
}

/** Holder id → index in the list, by list (the same board list in every game of a rule file). */
const indexes = new WeakMap<Int32Array, Int32Array | null>();

/** Holder id → its index in `ids`, -1 for holders not in it; null when `ids` repeats one. */
function indexOf(ids: Int32Array): Int32Array | null {
  let index = indexes.get(ids);
  if (index !== undefined) return index;
  let max = -1;
  for (let i = 0; i < ids.length; i++) if (ids[i] > max) max = ids[i];
  index = new Int32Array(max + 1).fill(-1);
  for (let i = 0; i < ids.length; i++) {
    if (index[ids[i]] >= 0) {
      index = null;
      break;
    }
    index[ids[i]] = i;
  }
  indexes.set(ids, index);
  return index;
}

/** Tests: every domain handed out is compared with a scan of the state (the number compared so far). */
let checking: { domains: number } | null = null;

export function checkDomains(on: boolean): { domains: number } | null {
  checking = on ? { domains: 0 } : null;
  return checking;
}

function check(d: SizeDomain, holders: readonly number[][]): void {
  const passing: number[] = [];
  for (let i = 0; i < d.ids.length; i++) if (inRange(holders[d.ids[i]].length, d.lo, d.hi, d.negate)) passing.push(i);
  const got: number[] = [];
  for (let k = 0; k < d.count; k++) got.push(d.nth(k));
  if (got.join() !== passing.join()) throw new Error(`size domain out of date: [${got.join()}] kept, [${passing.join()}] in the state`);
  (checking as { domains: number }).domains++;
}

/** Forgets the tracked state (tests; a state known to have been changed behind sharing.ts's back). */
export function untrack(): void {
  tracking.state = null;
  for (const d of domains) d.stale = true;
  writtenCount = 0;
  overflow = false;
  epoch++;
}

export class SizeDomain {
  /** How many items pass. */
  count = 0;
  /** Filled from another state (or never): to be filled from the state asked about. */
  stale = true;
  /** Item i passes. */
  readonly #pass: Uint8Array;
  /** Fenwick tree (1-based) of `#pass`: prefix counts in log n. */
  readonly #tree: Int32Array;
  /** Holder id → its index in the list, -1 for holders not in it. */
  readonly #index: Int32Array;
  /** The largest power of two ≤ the list's length (the tree's descent starts there). */
  readonly #top: number;

  constructor(
    readonly items: readonly Json[],
    readonly ids: Int32Array,
    readonly lo: number,
    readonly hi: number,
    readonly negate: boolean,
    index: Int32Array,
  ) {
    const n = ids.length;
    this.#pass = new Uint8Array(n);
    this.#tree = new Int32Array(n + 1);
    this.#index = index;
    let top = 1;
    while (top * 2 <= n) top *= 2;
    this.#top = top;
  }

  /** A domain of `ids` filled from `holders`; null when `ids` repeats a holder. */
  static build(holders: readonly number[][], items: readonly Json[], ids: Int32Array, lo: number, hi: number, negate: boolean): SizeDomain | null {
    const index = indexOf(ids);
    if (index === null) return null;
    const d = new SizeDomain(items, ids, lo, hi, negate, index);
    d.refill(holders);
    return d;
  }

  /** Fills the domain from `holders` (a scan of the list). */
  refill(holders: readonly number[][]): void {
    const { ids, lo, hi, negate } = this;
    const pass = this.#pass;
    const tree = this.#tree;
    const n = ids.length;
    tree.fill(0);
    let count = 0;
    for (let i = 0; i < n; i++) {
      const on = inRange(holders[ids[i]].length, lo, hi, negate) ? 1 : 0;
      pass[i] = on;
      count += on;
      tree[i + 1] += on;
      // Linear build: each node hands its sum to its parent.
      const parent = i + 1 + ((i + 1) & -(i + 1));
      if (parent <= n) tree[parent] += tree[i + 1];
    }
    this.count = count;
    this.stale = false;
  }

  /** Brings the domain up to date after the holders `written[0..n)` changed. */
  update(holders: readonly number[][], written: Int32Array, n: number): void {
    const index = this.#index;
    const pass = this.#pass;
    const { lo, hi, negate } = this;
    for (let k = 0; k < n; k++) {
      const h = written[k];
      const i = h < index.length ? index[h] : -1;
      if (i < 0) continue;
      const on = inRange(holders[h].length, lo, hi, negate) ? 1 : 0;
      if (on === pass[i]) continue;
      pass[i] = on;
      const delta = on === 1 ? 1 : -1;
      this.count += delta;
      const tree = this.#tree;
      for (let j = i + 1; j < tree.length; j += j & -j) tree[j] += delta;
    }
  }

  /** The index in the list of the k-th item that passes (0-based, k < count). */
  nth(k: number): number {
    const tree = this.#tree;
    const n = tree.length - 1;
    let at = 0;
    let left = k + 1;
    for (let step = this.#top; step > 0; step >>= 1) {
      const next = at + step;
      if (next <= n && tree[next] < left) {
        at = next;
        left -= tree[next];
      }
    }
    return at;
  }
}

/** Whether a size lies in [lo, hi] (outside it, with `negate`): a size filter's test (size-filter.ts). */
export function inRange(size: number, lo: number, hi: number, negate: boolean): boolean {
  return (size >= lo && size <= hi) !== negate;
}
