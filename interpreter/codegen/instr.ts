/**
 * One generated instruction before it becomes a function: the code its generator wrote (`g`, with
 * its constants and helpers) and its last statement. `finish` makes it a function of its own; a
 * body's runner (gen-body.ts) writes it inline as a case of its `switch`.
 */
import type { Code } from './emit.js';
import type { Gen } from './gen-expr.js';

export interface Instr {
  g: Gen;
  tail: Code;
}

export function instr(g: Gen, tail: Code): Instr {
  return { g, tail };
}
