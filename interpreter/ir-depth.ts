/**
 * Hostile IR may nest expressions or statements deeper than the JavaScript stack allows
 * (compiling, typing and evaluating are recursive). loadGame first measures the nesting without
 * recursion and refuses IR nested deeper than LIMITS.irDepth with a located error.
 */
import { LIMITS } from './context.js';
import { RuleError } from './errors.js';
import type { GameIR, Loc } from './ir.js';
import { jsonShapeProblem, shortPointer } from './json-shape.js';
import { msg } from './messages.js';

function isLoc(v: unknown): v is Loc {
  if (typeof v !== 'object' || v === null) return false;
  const l = v as Record<string, unknown>;
  return typeof l.file === 'string' && typeof l.line === 'number' && typeof l.col === 'number';
}

/** Throws a RuleError at the first node (an object with a `k` and an `at`) nested too deep. */
export function checkIRDepth(ir: GameIR): void {
  const limits = { depth: LIMITS.jsonDepth, values: LIMITS.jsonValues };
  // First the shape, linearly (a document built in memory may share objects: walked as a tree
  // below, it could take exponential time). Past the depth limit, the message names the
  // expression nested too deep when that is what it is.
  const shape = jsonShapeProblem(ir, limits);
  if (shape) {
    let depth = 0;
    let where: Loc = { file: typeof ir.name === 'string' ? ir.name : '', line: 0, col: 0 };
    for (const node of shape.nodes) {
      const n = node as Record<string, unknown>;
      if (Array.isArray(node) || typeof n.k !== 'string' || !isLoc(n.at)) continue;
      where = n.at;
      if (++depth > LIMITS.irDepth) throw new RuleError(msg.nestingLimit(LIMITS.irDepth), where);
    }
    throw new RuleError(msg.jsonShape(shape.problem, shortPointer(shape.path), limits), where);
  }
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
