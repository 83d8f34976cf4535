/**
 * The one implementation of a name bound for a while: `let`, lambda parameters, the binders of
 * quantifiers and comprehensions. A binder lives in a slot of the function call being evaluated
 * (inside a function body, see CompileEnv.slots) or else in the frame's locals, and gets its earlier
 * value back afterwards. One that had none keeps its last value: names are resolved by the
 * compiler, so nothing reads it out of scope, and `delete` would turn the locals into a slow
 * dictionary object.
 */
import type { Ctx } from './context.js';
import type { Value } from './values.js';

/** Sets a named local; `__proto__` is defined as an own property instead of changing the prototype. */
export function setLocal(locals: Record<string, Value>, name: string, v: Value): void {
  if (name === '__proto__') Object.defineProperty(locals, name, { value: v, writable: true, enumerable: true, configurable: true });
  else locals[name] = v;
}

/** Writes a named local; `__proto__` is defined as an own property instead of changing the prototype. */
export function localWriter(name: string): (locals: Record<string, Value>, v: Value) => void {
  if (name === '__proto__') {
    return (locals, v) => {
      Object.defineProperty(locals, name, { value: v, writable: true, enumerable: true, configurable: true });
    };
  }
  return (locals, v) => {
    locals[name] = v;
  };
}

export class Binder {
  private readonly write: (locals: Record<string, Value>, v: Value) => void;

  constructor(
    readonly name: string,
    /** The slot of the function call, or -1 for a named local of the frame. */
    readonly slot: number,
  ) {
    this.write = localWriter(name);
  }

  /** The current value, undefined when the name has none. */
  get(ctx: Ctx): Value | undefined {
    if (this.slot >= 0) return ctx.slots[this.slot];
    const locals = ctx.locals;
    return Object.hasOwn(locals, this.name) ? locals[this.name] : undefined;
  }

  set(ctx: Ctx, v: Value): void {
    if (this.slot >= 0) ctx.slots[this.slot] = v;
    else this.write(ctx.locals, v);
  }

  /** Binds `v` and returns the earlier value (undefined when none), for `leave`. */
  enter(ctx: Ctx, v: Value): Value | undefined {
    const prev = this.get(ctx);
    this.set(ctx, v);
    return prev;
  }

  /** Gives the name its earlier value back (one without keeps the current value). */
  leave(ctx: Ctx, prev: Value | undefined): void {
    if (prev !== undefined) this.set(ctx, prev);
  }
}
