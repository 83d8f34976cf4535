/**
 * The only way to make generated JavaScript (see README "Generated code"). Source is a `Code`,
 * and a `Code` is made only here: from the fixed text of a tagged template written in the
 * interpreter's own source (`_`), from a value through `JSON.stringify` (`lit`), from a whole
 * number the generator counted (`int`), or as a generated name (`Names`). A text from a rule file
 * cannot become source any other way: `_` refuses anything but a `Code` between its fixed parts.
 */
import type { Json } from '../ir.js';

const MADE_HERE = Symbol('code');

export class Code {
  /** @internal Use `_`, `lit`, `int` or `Names`: the constructor refuses any other caller. */
  constructor(
    readonly src: string,
    token: symbol,
  ) {
    if (token !== MADE_HERE) throw new Error('Code is made by emit.ts only');
  }

  toString(): string {
    return this.src;
  }
}

/**
 * Source from a template literal: its fixed parts are text of the interpreter's own source, and
 * every `${…}` must be a Code (a plain string or number is refused, at type level and at run time).
 */
export function _(fixed: TemplateStringsArray, ...parts: Code[]): Code {
  // A real template literal's strings are frozen with a frozen `raw`: a made-up array is refused.
  if (!Object.isFrozen(fixed) || !Array.isArray(fixed.raw) || !Object.isFrozen(fixed.raw)) throw new Error('_ takes a template literal');
  let src = fixed[0];
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (!(p instanceof Code)) throw new Error(`generated source takes Code, not ${typeof p}`);
    src += p.src + fixed[i + 1];
  }
  return new Code(src, MADE_HERE);
}

/**
 * A JSON value as a JavaScript literal, through JSON.stringify only. U+2028/U+2029 are escaped
 * too (they end a line in older JavaScript), and -0 keeps its sign (JSON.stringify prints 0).
 */
export function lit(v: Json): Code {
  if (typeof v === 'number' && Object.is(v, -0)) return new Code('-0', MADE_HERE);
  if (typeof v === 'number' && !Number.isFinite(v)) throw new Error('lit takes finite numbers');
  const text = JSON.stringify(v).replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  // Parenthesised: `{…}` at the start of a statement would be a block.
  return new Code(typeof v === 'object' && v !== null ? `(${text})` : text, MADE_HERE);
}

/** A whole number the generator itself counted (a slot, an index into the constants). */
export function int(n: number): Code {
  if (!Number.isSafeInteger(n)) throw new Error('int takes safe integers');
  return new Code(String(n), MADE_HERE);
}

/** Codes joined by a fixed separator. */
export function join(codes: readonly Code[], sep: Code): Code {
  return new Code(codes.map((c) => c.src).join(sep.src), MADE_HERE);
}

/** Generated identifiers: a fixed one-letter prefix and a counter, never a name from the rules. */
export class Names {
  private n = 0;

  constructor(private readonly prefix: 't' | 'h') {}

  next(): Code {
    return new Code(`${this.prefix}${this.n++}`, MADE_HERE);
  }

  /** How many names were given so far. */
  count(): number {
    return this.n;
  }

  /** The names given from the `start`-th on. */
  from(start: number): Code[] {
    return Array.from({ length: this.n - start }, (_, i) => new Code(`${this.prefix}${start + i}`, MADE_HERE));
  }

  /** Every name given so far. */
  all(): Code[] {
    return Array.from({ length: this.n }, (_, i) => new Code(`${this.prefix}${i}`, MADE_HERE));
  }
}
