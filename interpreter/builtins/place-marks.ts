import { NO_PLACE, type PlaceValue } from '../place-values.js';

/**
 * Scratch marks by place id for board searches (geometry.ts). A search used to allocate and fill an
 * array over every place of every board on each call (1,261 places for one search of a few dozen);
 * a `PlaceMarks` is reused instead: a mark counts only when its stamp is the current search's epoch,
 * so starting a search clears nothing.
 *
 * A lambda called during a search may start another search, so the free buffers are a stack:
 * `takeMarks` pops one (or makes one), `giveBack` pushes it back. A search stopped by an error
 * never gives its buffer back; it is left to the garbage collector and a new one is made later.
 */
export class PlaceMarks {
  private readonly stamp: Int32Array;
  private readonly value: Int32Array;
  private epoch = 0;
  /**
   * Scratch for a queue of place ids (each place is queued once at most, so it never overflows),
   * or a count per group of places (at most one group per place, numbered from 1).
   */
  readonly queue: Int32Array;
  private list: Int32Array;
  private keys: PlaceValue[] = [];

  constructor(size: number) {
    this.stamp = new Int32Array(size);
    this.value = new Int32Array(size);
    this.queue = new Int32Array(size + 1);
    this.list = new Int32Array(size);
  }

  /** Scratch for `n` place values (read only what was written in this search). */
  values(n: number): PlaceValue[] {
    while (this.keys.length < n) this.keys.push(NO_PLACE);
    return this.keys;
  }

  /** Scratch for `n` place ids (a list may name a place more than once: then it grows). */
  ids(n: number): Int32Array {
    if (this.list.length < n) this.list = new Int32Array(n);
    return this.list;
  }

  /** Forgets every mark (a new epoch; the arrays are cleared only when the epoch wraps round). */
  clear(): void {
    if (this.epoch === 0x7fffffff) {
      this.stamp.fill(0);
      this.epoch = 0;
    }
    this.epoch++;
  }

  has(id: number): boolean {
    return this.stamp[id] === this.epoch;
  }

  /** The place's mark, or `none` when it has none. */
  get(id: number, none: number): number {
    return this.stamp[id] === this.epoch ? this.value[id] : none;
  }

  set(id: number, v: number): void {
    this.stamp[id] = this.epoch;
    this.value[id] = v;
  }

  /*
   * Open and settled places, for a search that visits each place of a set once (`components`):
   * one load tells an open place (in the set, not reached yet) from any other in its innermost
   * loop, where `get` needs two. A settled place's value is read with `settled`; `has` and `get`
   * do not see settled places.
   */

  /** Puts the place in the set, not reached yet. */
  open(id: number): void {
    this.stamp[id] = this.epoch;
  }

  isOpen(id: number): boolean {
    return this.stamp[id] === this.epoch;
  }

  /** Marks an open place reached, with value `v` (its stamp can match no epoch: epochs start at 1). */
  settle(id: number, v: number): void {
    this.stamp[id] = 0;
    this.value[id] = v;
  }

  /** The value a place was settled with (only for a place settled in this search). */
  settled(id: number): number {
    return this.value[id];
  }
}

/** The free buffers of one game's boards (`BoardIndex.marks`) and the number of places they cover. */
export interface MarksPool {
  size: number;
  free: PlaceMarks[];
}

/** A cleared buffer of the pool, taken from the free stack or made. */
export function takeMarks(pool: MarksPool): PlaceMarks {
  const m = pool.free.pop() ?? new PlaceMarks(pool.size);
  m.clear();
  return m;
}

/** Returns a buffer once its search is over (it may then be taken by the next search). */
export function giveBack(pool: MarksPool, m: PlaceMarks): void {
  pool.free.push(m);
}
