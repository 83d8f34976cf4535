/**
 * A pending choice as a random playout makes it (playout.ts): the playout reads only how many
 * options there are, then takes one at once, so nobody sees the choice's `labels`. The pending
 * choices others see (LazyPending in choices.ts, RangePending in range-choice.ts) define `labels`
 * as an own accessor per object (so JSON, structured clones and `toEqual` see an array), and that
 * `Object.defineProperty` was the largest single cost of a small game's decision. This one has
 * plain fields; `full()` makes the pending choice it stands for, with the same fields in the same
 * order, and the playout puts that in the state before anyone else can see it.
 */
import type { Json, Loc } from './ir.js';
import type { SizedOptions } from './size-filter.js';
import type { Pending, State } from './state.js';
import type { Value } from './values.js';

/** How a lean pending choice labels option i cheaply, when it can (see LazyPending.label). */
export const ONE_BOARD = 0;
export const BY_VALUE = 1;
export const NOT_KNOWN = 2;
/** BY_VALUE, and the pass's text is no option's (an action offer's titles): the pass keeps its text. */
export const TITLES = 3;

export type Labeller = (s: State, v: Value) => string;

/** Whether no option before `i` has the value of option `i` (NaN never counts as unique). */
export function firstOfValue(values: readonly Json[], i: number): boolean {
  const v = values[i];
  if (typeof v === 'number' && v !== v) return false;
  for (let j = 0; j < i; j++) if (values[j] === v) return false;
  return true;
}

/**
 * The label `labelOf` gives item i of a choice's items (not the pass) when no earlier item has the
 * same text, else null: uniqueLabels (display.ts) renames only a repeated text (`x (2)`), so the
 * first of a text is its label whatever follows.
 */
export function firstText(labelOf: Labeller, s: State, items: readonly Value[], i: number): string | null {
  const label = labelOf(s, items[i]);
  for (let j = 0; j < i; j++) if (labelOf(s, items[j]) === label) return null;
  return label;
}

export class LeanPending {
  /** The pending choice this stands for, once made. */
  #full: Pending | null = null;

  /**
   * A list of options (`list`, labelled by `labelOf` of the state it was offered in, the pass
   * included), the places of a board that pass a size filter (`sized`, then the pass), or a range
   * (both null: the numbers from..from+count-1, then the pass). With `shown` (a `choose … label
   * e`): option i of `list` is labelled by `labelOf` of `shown[i]`, the value `e` had for it.
   */
  constructor(
    readonly player: number,
    readonly prompt: string | null,
    readonly list: Json[] | null,
    readonly sized: SizedOptions | null,
    readonly from: number,
    readonly count: number,
    readonly secret: boolean,
    readonly at: Loc,
    readonly into: string,
    readonly pass: string | null,
    readonly s: State,
    readonly labelOf: Labeller | null,
    readonly unique: number,
    /** Makes the pending choice others see (a shared function of choices.ts or range-choice.ts). */
    readonly make: (lean: LeanPending) => Pending,
    readonly shown: readonly Value[] | null = null,
    /** An action offer's refused actions: title and reason, side by side (`make` makes the records). */
    readonly refusals: readonly string[] | null = null,
  ) {}

  /** The number of options, the pass included. */
  size(): number {
    if (this.list !== null) return this.list.length;
    const count = this.sized === null ? this.count : this.sized.count;
    return this.pass === null ? count : count + 1;
  }

  value(i: number): Json {
    if (this.list !== null) return this.list[i];
    const sized = this.sized;
    if (sized !== null) return i < sized.count ? sized.at(i) : null;
    return i < this.count ? this.from + i : null;
  }

  /** The values of the options, the pass (null) included. */
  options(): Json[] {
    if (this.list !== null) return this.list;
    const values = (this.sized as SizedOptions).all();
    if (this.pass !== null) values.push(null);
    return values;
  }

  /**
   * Option i's label, as the full pending choice gives it; without building the others when they
   * cannot change it (LazyPending.label, RangePending.label), or, for labels that may repeat, when
   * no earlier option has the same text (a lean choice is labelled once, for the option taken:
   * at most the labels up to it, instead of a full choice's every label).
   */
  label(i: number): string {
    const values = this.list;
    const sized = this.sized;
    const shown = this.shown;
    if (shown !== null) {
      if (this.#full === null && i < shown.length) return firstText(this.labelOf as Labeller, this.s, shown, i) ?? this.full().labels[i];
    } else if (sized !== null) {
      if (this.#full === null && this.unique === ONE_BOARD && i < sized.count) return (this.labelOf as Labeller)(this.s, sized.at(i));
    } else if (values === null) {
      if (i < this.count) return String(this.from + i);
    } else if (this.#full === null && this.labelOf !== null) {
      const options = this.pass !== null ? values.length - 1 : values.length;
      if (i < options) {
        if (this.unique === ONE_BOARD || ((this.unique === BY_VALUE || this.unique === TITLES) && firstOfValue(values, i))) return this.labelOf(this.s, values[i]);
        if (this.unique === NOT_KNOWN) return firstText(this.labelOf, this.s, values, i) ?? this.full().labels[i];
      } else if (this.unique === TITLES) return this.pass as string;
    }
    return this.full().labels[i];
  }

  /** The pending choice others see (made once). */
  full(): Pending {
    return (this.#full ??= this.make(this));
  }

  /** For a stray reader: the full choice's labels and values. */
  get labels(): string[] {
    return this.full().labels;
  }

  get values(): Json[] {
    return this.full().values;
  }

  get refused(): Pending['refused'] {
    return this.full().refused;
  }
}

/** `p` as others see it: a lean pending choice's full one, else `p` itself. */
export function seenPending(p: Pending | null): Pending | null {
  return p instanceof LeanPending ? p.full() : p;
}
