/**
 * Which user functions' calls may reuse one slots array (README "Slots reused"). A call's
 * arguments and binders live in an array (`ctx.slots`); a call of a function whose slots may be
 * reused takes the function's spare array (`FnEntry.spare`) instead of making one, and gives it
 * back, emptied, when the body returns (`takeSlots`). Re-entry needs no analysis:
 * while a call holds the spare there is none, so a call made meanwhile (recursion, direct or
 * mutual, or a lambda calling back into the function) makes its own array, as every call did
 * before. A call that ends with a rule error never gives its array back.
 *
 * What must be known from the IR is that nothing keeps the array once the call has returned. Only
 * a lambda can: it captures the slots of the call that makes it and runs in them. A lambda given
 * directly to a builtin is called before the builtin returns, and builtins return JSON only (a
 * function value cannot be put in a list, a record or the state), so it cannot outlive the call.
 * A lambda anywhere else (bound by `let`, returned, passed to a user function that may return it)
 * may outlive it: such a function's calls keep making a fresh array each.
 */
import type { Expr } from './ir.js';
import { walkIR } from './ir-walk.js';
import type { Value } from './values.js';

/**
 * Whether calls of a function whose body is `body` may reuse one slots array (see above). Each
 * distinct object of the IR is visited once, without recursion (the IR may share subtrees).
 */
export function slotsReusable(body: Expr): boolean {
  return walkIR(body, (node) => {
    // A literal's value is data, not code.
    if (node.k === 'lit') return 'skip';
    if (node.k === 'lambda') return 'stop';
    // A lambda passed to a builtin is called back during the call, never kept: its body is looked at.
    if (node.k === 'builtin' && Array.isArray(node.args)) return (node.args as unknown[]).map((a) => (isLambda(a) ? a.body : a));
    return undefined;
  });
}

function isLambda(x: unknown): x is { k: 'lambda'; body: unknown } {
  return typeof x === 'object' && x !== null && (x as { k?: unknown }).k === 'lambda';
}

/** A function's slot arrays: how many slots a call has, and the spare array (null while a call holds it, or none was given back yet). */
export interface SlotsOwner {
  slots: number;
  spare: (Value | undefined)[] | null;
}

/**
 * A new slots array for a call of `f`, when it has no spare (a call takes the spare itself:
 * `f.spare`, then null while it runs, so that a call made meanwhile makes its own; once its body
 * has returned it empties the array and gives it back as `f.spare`, for the next call to find it
 * as a new one). Both engines write the taking and giving back out where they call.
 */
export function takeSlots(f: SlotsOwner): (Value | undefined)[] {
  // Filled one by one: an array of packed elements, as the array literals calls made before.
  const out: (Value | undefined)[] = [];
  for (let i = 0; i < f.slots; i++) out.push(undefined);
  return out;
}
