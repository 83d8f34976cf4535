/**
 * A walk over the nodes of an IR tree without recursion (a hostile IR may be deep) that visits each
 * distinct object once (the IR may share subtrees, and a shared subtree under many parents must
 * not be walked once per parent). A node's place (`at`) and static type (`ty`) are data, not
 * subtrees; arrays are walked item by item.
 */

/**
 * What `visit` says of a node: `undefined` to walk all its fields, `'skip'` to walk none of them,
 * a list of values to walk instead of its fields, `'stop'` to end the walk.
 */
export type Visited = undefined | 'skip' | 'stop' | readonly unknown[];

/** Walks `root`, calling `visit` on every object that is not an array; false when `visit` stopped it. */
export function walkIR(root: unknown, visit: (node: Record<string, unknown>) => Visited): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const x = stack.pop();
    if (typeof x !== 'object' || x === null || seen.has(x)) continue;
    seen.add(x);
    if (Array.isArray(x)) {
      for (const y of x) stack.push(y);
      continue;
    }
    const node = x as Record<string, unknown>;
    const next = visit(node);
    if (next === 'stop') return false;
    if (next === 'skip') continue;
    if (next !== undefined) {
      for (const y of next) stack.push(y);
      continue;
    }
    for (const key in node) if (key !== 'at' && key !== 'ty') stack.push(node[key]);
  }
  return true;
}
