/**
 * Errors of the interpreter. A RuleError is a mistake in the rules met while playing (a runaway loop,
 * a value of the wrong type, no legal choice): it carries the IR node's source location and the API
 * turns it into a `rule-error` Result. Any other exception escaping the API is an interpreter bug.
 */
import { formatLoc } from './format.js';
import type { Loc } from './ir.js';

export type PlayErrorCode = 'illegal-move' | 'game-over' | 'bad-setup' | 'rule-error';

export interface PlayError {
  code: PlayErrorCode;
  message: string;
  at?: Loc;
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: PlayError };

export class RuleError extends Error {
  constructor(
    /** What went wrong, without the location (which `message` also names, for stack traces). */
    readonly plain: string,
    readonly at: Loc,
  ) {
    super(`${plain} (${formatLoc(at)})`);
    this.name = 'RuleError';
  }
}

export { formatLoc } from './format.js';

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T>(code: PlayErrorCode, message: string, at?: Loc): Result<T> {
  return { ok: false, error: at ? { code, message, at } : { code, message } };
}

/** Runs `f`, turning a RuleError into a `rule-error` Result; other exceptions are bugs and escape. */
export function guard<T>(f: () => T): Result<T> {
  try {
    return ok(f());
  } catch (e) {
    if (e instanceof RuleError) return fail('rule-error', e.plain, e.at);
    throw e;
  }
}

export function assertUnreachable(x: never): never {
  throw new Error(`unexpected IR node: ${JSON.stringify(x)}`);
}
