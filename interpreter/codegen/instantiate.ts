/**
 * The one place that turns generated source into a function. The source comes from emit.ts alone
 * (a `Code`); the constants and helpers are passed as values, never written into it. Where code
 * cannot be made at run time (a browser page whose Content-Security-Policy forbids it),
 * `instantiate` answers null from then on and the caller uses the closure interpreter.
 *
 * Factories are shared between loads (README "Generated code", warm-up): the same source (a
 * variant's unchanged rules, the editor's reload after an edit elsewhere, the same game loaded
 * again) gets the same factory, so the functions it makes share V8's feedback and optimised code
 * instead of being learnt again. Nothing of a load is closed over: its constants and helpers are
 * the factory's arguments.
 */
import { _, int, type Code } from './emit.js';

type Factory = (K: unknown[], H: object) => unknown;

/** At most this many factories are kept (least recently used dropped first): memory stays bounded. */
export const FACTORY_LIMIT = 4096;

let blocked = false;
const factories = new Map<string, Factory>();
/** Names of made functions, for CPU profiles: `r7`, `b3` (a counter, never a name from the rules). */
let named = 0;

/** How many functions were asked for, and how many of them needed a new factory (for tests). */
export const factoryStats = { made: 0, compiled: 0 };

/** Whether generated code can be made here (false after a first refusal). */
export function canGenerate(): boolean {
  return !blocked;
}

/** How many factories are kept now (at most FACTORY_LIMIT). */
export function factoryCount(): number {
  return factories.size;
}

/** Forgets every factory (a test that must see `new Function` called again). */
export function forgetFactories(): void {
  factories.clear();
}

/**
 * `source(name)` is the body of a function of `K` (the constants) and `H` (the helpers) that returns
 * the compiled function named `name`; null when making code is forbidden here. The source's text
 * with the bare `prefix` as its name is the factory's key.
 */
export function instantiate<T>(prefix: 'r' | 'b', source: (name: Code) => Code, constants: unknown[], helpers: object): T | null {
  if (blocked) return null;
  const key = source(prefix === 'r' ? _`r` : _`b`).src;
  let make = factories.get(key);
  if (make !== undefined) {
    // Most recently used last: the first entry is the one dropped when full.
    factories.delete(key);
    factories.set(key, make);
  } else {
    const name = prefix === 'r' ? _`r${int(named++)}` : _`b${int(named++)}`;
    try {
      // eslint-disable-next-line no-new-func -- the one place (README "Generated code")
      make = new Function('K', 'H', source(name).src) as Factory;
    } catch (e) {
      // A syntax error would be a bug of the generator: only a refusal to make code is expected.
      if (e instanceof EvalError) {
        blocked = true;
        return null;
      }
      throw e;
    }
    if (factories.size >= FACTORY_LIMIT) factories.delete(factories.keys().next().value as string);
    factories.set(key, make);
    factoryStats.compiled++;
  }
  factoryStats.made++;
  return make(constants, helpers) as T;
}
