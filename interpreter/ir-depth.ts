/**
 * Hostile IR may nest expressions or statements deeper than the JavaScript stack allows
 * (compiling, typing and evaluating are recursive). loadGame first measures the nesting without
 * recursion and refuses IR nested deeper than LIMITS.irDepth with a located error.
 */
import { LIMITS } from './context.js';
import { RuleError } from './errors.js';
import type { GameIR, Loc } from './ir.js';
import { msg } from './messages.js';

function isLoc(v: unknown): v is Loc {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return typeof l.file === 'string' && typeof l.line === 'number' && typeof l.col === 'number';
}

/** Throws a RuleError at the first node (an object with a `k` and an `at`) nested too deep. */
export function checkIRDepth(ir: GameIR): void {
  const start: Loc = { file: '', line: 0, col: 0 };
  const stack: { v: unknown; depth: number; at: Loc }[] = [{ v: ir, depth: 0, at: start }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { v } = item;
    if (typeof v !== 'object' || v === null) continue;
    let { depth, at } = item;
    if (!Array.isArray(v)) {
      const node = v as Record<string, unknown>;
      if (typeof node.k === 'string' && isLoc(node.at)) {
        depth++;
        at = node.at;
        if (depth > LIMITS.irDepth) throw new RuleError(msg.nestingLimit(LIMITS.irDepth), at);
      }
    }
    for (const child of Object.values(v)) if (typeof child === 'object' && child !== null) stack.push({ v: child, depth, at });
  }
}
