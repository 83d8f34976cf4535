/**
 * The shape of a JSON document handed over in memory (an IR or a saved game from an API caller or
 * a mutation): how deep it nests and how many values it holds when written out. A document built in
 * memory may share one object in many places (a DAG) or even contain itself, so walking it as a
 * tree can take time exponential in its size, and recursion over it (JSON.stringify, ajv) can
 * overflow the stack. This walk visits each distinct object once, without recursion, and stops at
 * the first level past the depth limit.
 */

export interface ShapeLimits {
  /** Objects and arrays nested in each other. */
  depth: number;
  /** Values of the document written out as JSON (a shared object counts once per place). */
  values: number;
}

export interface ShapeProblem {
  problem: 'depth' | 'values' | 'cycle';
  /** Where: the keys from the root (for 'values', to the first object or array found past the limit). */
  path: (string | number)[];
  /** The objects along `path`, the root first (for the caller's own located message). */
  nodes: object[];
}

interface Frame {
  value: object;
  key: string | number;
  /** Keys of an object (an array is walked by index). */
  keys: string[] | null;
  next: number;
  size: number;
  /** Levels of objects and arrays below this one. */
  height: number;
}

/** The first problem of `doc`'s shape past `limits`, or undefined when it is within them. */
export function jsonShapeProblem(doc: unknown, limits: ShapeLimits): ShapeProblem | undefined {
  if (typeof doc !== 'object' || doc === null) return undefined;
  // Objects already measured (sizes saturated at limits.values + 1): each is walked once.
  const measured = new Map<object, { size: number; height: number }>();
  const open = new Set<object>();
  const frame = (value: object, key: string | number): Frame => ({ value, key, keys: Array.isArray(value) ? null : Object.keys(value), next: 0, size: 1, height: 0 });
  const stack: Frame[] = [frame(doc, '')];
  open.add(doc);
  const at = (problem: ShapeProblem['problem'], key?: string | number, child?: object): ShapeProblem => ({
    problem,
    path: [...stack.slice(1).map((f) => f.key), ...(key === undefined ? [] : [key])],
    nodes: [...stack.map((f) => f.value), ...(child === undefined ? [] : [child])],
  });
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    const length = top.keys === null ? (top.value as unknown[]).length : top.keys.length;
    if (top.next < length) {
      const k = top.keys === null ? top.next : top.keys[top.next]!;
      top.next++;
      const child = (top.value as Record<string | number, unknown>)[k];
      if (typeof child !== 'object' || child === null) {
        if (++top.size > limits.values) return at('values');
        continue;
      }
      const known = measured.get(child);
      if (known !== undefined) {
        // A shared object met again, deeper than before, may reach past the limit from here.
        if (stack.length + known.height >= limits.depth) return at('depth', k, child);
        top.size = Math.min(limits.values + 1, top.size + known.size);
        top.height = Math.max(top.height, known.height + 1);
        if (top.size > limits.values) return at('values');
        continue;
      }
      if (open.has(child)) return at('cycle', k, child);
      if (stack.length >= limits.depth) return at('depth', k, child);
      open.add(child);
      stack.push(frame(child, k));
      continue;
    }
    stack.pop();
    open.delete(top.value);
    measured.set(top.value, { size: top.size, height: top.height });
    const parent = stack[stack.length - 1];
    if (parent) {
      parent.height = Math.max(parent.height, top.height + 1);
      parent.size = Math.min(limits.values + 1, parent.size + top.size);
      if (parent.size > limits.values) return at('values');
    }
  }
  return undefined;
}

/** A JSON pointer to `path`, shortened in the middle when long. */
export function shortPointer(path: readonly (string | number)[]): string {
  if (path.length === 0) return '(root)';
  const part = (k: string | number): string => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`;
  if (path.length <= 8) return path.map(part).join('');
  return `${path.slice(0, 4).map(part).join('')}/…(${path.length - 8} more)…${path.slice(-4).map(part).join('')}`;
}
