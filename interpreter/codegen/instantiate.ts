/**
 * The one place that turns generated source into a function. The source comes from emit.ts alone
 * (a `Code`); the constants and helpers are passed as values, never written into it. Where code
 * cannot be made at run time (a browser page whose Content-Security-Policy forbids it),
 * `instantiate` answers null from then on and the caller uses the closure interpreter.
 */
import type { Code } from './emit.js';

let blocked = false;

/** Whether generated code can be made here (false after a first refusal). */
export function canGenerate(): boolean {
  return !blocked;
}

/**
 * `source` is the body of a function of `K` (the constants) and `H` (the helpers) that returns
 * the compiled function; null when making code is forbidden here.
 */
export function instantiate<T>(source: Code, constants: unknown[], helpers: object): T | null {
  if (blocked) return null;
  let make: (K: unknown[], H: object) => T;
  try {
    // eslint-disable-next-line no-new-func -- the one place (README "Generated code")
    make = new Function('K', 'H', source.src) as (K: unknown[], H: object) => T;
  } catch (e) {
    // A syntax error would be a bug of the generator: only a refusal to make code is expected.
    if (e instanceof EvalError) {
      blocked = true;
      return null;
    }
    throw e;
  }
  return make(constants, helpers);
}
