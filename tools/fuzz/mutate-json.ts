/**
 * Mutations of JSON documents (compiled IRs, saved games) as data: drop or replace a field, graft
 * a subtree from elsewhere in the same document (which often stays schema-valid), nest a node in
 * copies of its parent (deep expressions), grow arrays, rename keys to hostile names. An operation
 * whose path no longer exists (after shrinking dropped an earlier one) does nothing.
 */
import { hostileNames, hostileValues } from './hostile.js';
import type { Random } from './random.js';

export type Path = (string | number)[];

export type JsonOp =
  | { op: 'delete'; path: Path }
  | { op: 'set'; path: Path; value: unknown }
  | { op: 'graft'; path: Path; from: Path }
  | { op: 'nest'; path: Path; depth: number }
  | { op: 'grow'; path: Path; length: number }
  | { op: 'renameKey'; path: Path; key: string };

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;

function at(doc: unknown, path: Path): unknown {
  let v = doc;
  for (const k of path) {
    if (!isContainer(v) || !Object.hasOwn(v, k)) return undefined;
    v = (v as Record<string | number, unknown>)[k];
  }
  return v;
}

function setAt(parent: Container, key: string | number, value: unknown): void {
  if (Array.isArray(parent)) parent[Number(key)] = value;
  // defineProperty: a key named __proto__ becomes an own property, as JSON.parse would make it.
  else Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * `doc` with `ops` applied. Only the containers along each operation's path are copied (a whole
 * copy of an IR per input took a quarter of the fuzzer's time); the rest is shared with `doc`, so
 * callers treat both as read-only (the corpus is frozen: see corpus.ts).
 */
export function applyJsonOps<T>(doc: T, ops: readonly JsonOp[]): T {
  let root: unknown = doc;
  const copied = new Set<Container>();
  const own = (v: Container): Container => {
    if (copied.has(v)) return v;
    // A spread copies an own `__proto__` key as an own key, as JSON.parse made it.
    const copy: Container = Array.isArray(v) ? [...v] : { ...v };
    copied.add(copy);
    return copy;
  };
  /** The container at `path`, made a private copy along the way; undefined when the path is gone. */
  const writable = (path: Path): Container | undefined => {
    if (!isContainer(root)) return undefined;
    root = own(root);
    let v = root as Container;
    for (const k of path) {
      if (!Object.hasOwn(v, k)) return undefined;
      const child = (v as Record<string | number, unknown>)[k];
      if (!isContainer(child)) return undefined;
      const mine = own(child);
      setAt(v, k, mine);
      v = mine;
    }
    return v;
  };
  for (const o of ops) {
    if (o.path.length === 0) {
      if (o.op === 'set') root = structuredClone(o.value);
      continue;
    }
    const parent = writable(o.path.slice(0, -1));
    const key = o.path[o.path.length - 1]!;
    if (!parent || !Object.hasOwn(parent, key)) continue;
    const current = (parent as Record<string | number, unknown>)[key];
    switch (o.op) {
      case 'delete':
        if (Array.isArray(parent)) parent.splice(Number(key), 1);
        else delete parent[key];
        break;
      case 'set':
        setAt(parent, key, structuredClone(o.value));
        break;
      case 'graft': {
        const from = at(root, o.from);
        if (from !== undefined) setAt(parent, key, from);
        break;
      }
      case 'nest': {
        let v = current;
        for (let i = 0; i < o.depth; i++) {
          const copy = Array.isArray(parent) ? [...parent] : { ...parent };
          setAt(copy, key, v);
          v = copy;
        }
        setAt(parent, key, v);
        break;
      }
      case 'grow':
        if (Array.isArray(current) && current.length > 0) {
          const grown = Array.from({ length: o.length }, (_, i) => current[i % current.length]);
          setAt(parent, key, grown);
        }
        break;
      case 'renameKey':
        if (!Array.isArray(parent)) {
          delete parent[key];
          setAt(parent, o.key, current);
        }
        break;
    }
  }
  return root as T;
}

/** A random path into `doc`, going deeper with probability `deeper` at each level. */
export function randomPath(r: Random, doc: unknown, deeper = 0.85): Path {
  const path: Path = [];
  let v = doc;
  while (isContainer(v) && r.chance(deeper)) {
    const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v);
    if (keys.length === 0) break;
    const k = r.pick(keys);
    path.push(k);
    v = (v as Record<string | number, unknown>)[k];
  }
  return path;
}

/** A replacement for `current`: a near or hostile value of the same kind, sometimes anything. */
function replacement(r: Random, doc: unknown, current: unknown): unknown {
  if (typeof current === 'number' && r.chance(0.7)) {
    return r.pick([current + 1, current - 1, -current, current * 1000, 0, 0.5, 1e308, 2 ** 53 + 2, -1, 1e6, 1e9]);
  }
  if (typeof current === 'string' && r.chance(0.7)) {
    // Another string of the same document (a name used elsewhere), or a hostile name.
    for (let i = 0; i < 8 && r.chance(0.8); i++) {
      const other = at(doc, randomPath(r, doc, 0.95));
      if (typeof other === 'string') return other;
    }
    return r.pick(hostileNames);
  }
  return r.pick(hostileValues);
}

export function randomJsonOps(r: Random, doc: unknown): JsonOp[] {
  const n = 1 + r.int(3);
  return Array.from({ length: n }, (): JsonOp => {
    const path = randomPath(r, doc);
    if (path.length === 0) return { op: 'set', path, value: r.pick(hostileValues) };
    switch (r.int(8)) {
      case 0:
        return { op: 'delete', path };
      case 1:
      case 2:
      case 3:
        return { op: 'set', path, value: replacement(r, doc, at(doc, path)) };
      case 4:
        return { op: 'graft', path, from: randomPath(r, doc) };
      case 5:
        return { op: 'nest', path, depth: r.pick([10, 200, 5000]) };
      case 6:
        return { op: 'grow', path, length: r.pick([100, 10_000, 200_000]) };
      default:
        return { op: 'renameKey', path, key: r.pick(hostileNames) };
    }
  });
}

/** Freezes `v` and everything in it: inputs share the corpus, so no stage may change it. */
export function deepFreeze<T>(v: T): T {
  const stack: unknown[] = [v];
  for (let x = stack.pop(); x !== undefined; x = stack.pop()) {
    if (!isContainer(x) || Object.isFrozen(x)) continue;
    Object.freeze(x);
    for (const child of Object.values(x)) stack.push(child);
  }
  return v;
}
