/**
 * Schema validation of a game's IR in parts (for validate.ts). ajv's validators recurse along the
 * IR, and a rule file may nest deeply (a 200-term sum, a 200-deep `else if` chain: far past ajv's
 * stack). So the IR is cut where expressions nest in expressions, or statements in statements, more
 * than `PART_DEPTH` deep: the cut subtree is checked on its own against `Expr` or `Stmt`, and a
 * placeholder of that definition stands in for it. Each part is then shallow; the result is the
 * same as one validation.
 */

const PART_DEPTH = 32;

/** Expression kinds (`k`), and the keys under which an expression holds expressions. */
const exprKinds = new Set(['lit', 'local', 'param', 'var', 'zone', 'place', 'board', 'action', 'proc', 'bin', 'un', 'if', 'match', 'list', 'record', 'comp', 'quant', 'field', 'index', 'call', 'builtin', 'lambda', 'let']);
const exprKeys = new Set(['a', 'b', 'x', 'c', 'then', 'else', 'subject', 'coll', 'filter', 'elem', 'value', 'obj', 'index', 'body', 'owner', 'items', 'args', 'keys']);
/** Keys under which a statement holds statements (always lists). */
const stmtKeys = new Set(['then', 'else', 'body']);

type Node = Record<string, unknown>;
export interface Part {
  definition: 'Expr' | 'Stmt';
  node: Node;
}

const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `ir` cut into parts that each nest at most PART_DEPTH deep: the root (the whole game, with
 * placeholders) and every subtree cut off, with the definition it must match. `depth`: how many
 * levels of objects and lists the IR nests, when known (validate.ts measures it).
 */
export function cutIR(ir: unknown, depth?: number): { root: unknown; parts: Part[] } {
  // Most games nest far less: then the IR is its own root, with no copy. A cut needs PART_DEPTH
  // expressions (or statements) nested in one another below the game, each at least one level
  // deeper than the one holding it: an IR of at most PART_DEPTH levels has none (no walk needed).
  if (isNode(ir) && ((depth !== undefined && depth <= PART_DEPTH) || !wouldCut(ir))) return { root: ir, parts: [] };
  const parts: Part[] = [];
  const root = isNode(ir) ? cut(ir, undefined, parts) : ir;
  // Parts cut from parts are appended while this runs: each is copied (and cut) once.
  const done: Part[] = [];
  for (let i = 0; i < parts.length; i++) done.push({ definition: parts[i]!.definition, node: cut(parts[i]!.node, parts[i]!.definition, parts) });
  return { root, parts: done };
}

/**
 * A copy of `top` (of definition `as`, or the whole game) whose expressions and statements nest at
 * most PART_DEPTH deep; the subtrees cut off are added to `parts`.
 */
function cut(top: Node, as: Part['definition'] | undefined, parts: Part[]): Node {
  // A node is copied only when something below it is cut off; otherwise it is returned as is.
  const copyOf = (node: Node, kind: Part['definition'] | undefined, depth: number): Node => {
    let out: Node | undefined;
    for (const key in node) {
      if (!Object.hasOwn(node, key)) continue;
      const value = node[key];
      if (typeof value !== 'object' || value === null) continue;
      const childKind = kind === 'Expr' && exprKeys.has(key) ? 'Expr' : kind === 'Stmt' && stmtKeys.has(key) && Array.isArray(value) ? 'Stmt' : undefined;
      const child = (v: unknown, inList: boolean): unknown => {
        if (!isNode(v)) return v;
        const inner = childKind ?? kindOf(v, key, kind, inList);
        if (childKind && depth + 1 >= PART_DEPTH) {
          parts.push({ definition: childKind, node: v });
          return placeholder(childKind, v);
        }
        return copyOf(v, inner, childKind ? depth + 1 : 0);
      };
      let replaced: unknown = value;
      if (Array.isArray(value)) {
        for (let i = 0; i < value.length; i++) {
          const c = child(value[i], true);
          if (c !== value[i]) {
            if (replaced === value) replaced = [...value];
            (replaced as unknown[])[i] = c;
          }
        }
      } else replaced = child(value, false);
      if (replaced !== value) {
        out ??= { ...node };
        // defineProperty: a key named __proto__ stays an own key of the copy.
        Object.defineProperty(out, key, { value: replaced, enumerable: true, writable: true, configurable: true });
      }
    }
    return out ?? node;
  };
  return copyOf(top, as, 0);
}

/**
 * Whether `cut` would cut anything off the whole game `top`: the same walk, without copying (and
 * without a closure per key: it runs over every node of every IR compiled).
 */
function wouldCut(top: Node): boolean {
  return deep(top, undefined, 0);
}

function deep(node: Node, kind: Part['definition'] | undefined, depth: number): boolean {
  for (const key in node) {
    const value = node[key];
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      const childKind = kind === 'Expr' && exprKeys.has(key) ? 'Expr' : kind === 'Stmt' && stmtKeys.has(key) ? 'Stmt' : undefined;
      for (const v of value) if (childCuts(v, key, kind, childKind, depth, true)) return true;
    } else {
      const childKind = kind === 'Expr' && exprKeys.has(key) ? 'Expr' : undefined;
      if (childCuts(value, key, kind, childKind, depth, false)) return true;
    }
  }
  return false;
}

/** `deep` for one child `v` under `key` of a node of `kind` (`childKind`: its kind on an Expr-in-Expr or Stmt-in-Stmt edge). */
function childCuts(v: unknown, key: string, kind: Part['definition'] | undefined, childKind: Part['definition'] | undefined, depth: number, inList: boolean): boolean {
  if (!isNode(v)) return false;
  if (childKind && depth + 1 >= PART_DEPTH) return true;
  return deep(v, childKind ?? kindOf(v, key, kind, inList), childKind ? depth + 1 : 0);
}

/** Whether a node met outside an expression-in-expression or statement-in-statement edge is one. */
function kindOf(node: Node, key: string, parent: Part['definition'] | undefined, inList: boolean): Part['definition'] | undefined {
  if (typeof node['k'] !== 'string') return undefined;
  if (parent === 'Stmt' && key === 'target') return undefined; // an LValue: not cut at, its parts are expressions
  if (inList && (stmtKeys.has(key) || key === 'setup' || key === 'flow')) return 'Stmt';
  return exprKinds.has(node['k']) ? 'Expr' : undefined;
}

function placeholder(definition: Part['definition'], node: Node): Node {
  const at = node['at'];
  return definition === 'Expr' ? { k: 'lit', v: 0, at } : { k: 'break', at };
}
