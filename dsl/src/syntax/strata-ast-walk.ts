/**
 * One pass over a document's AST for linking, indexing references and checking. Langium's own
 * passes stream the tree through iterators and await a cancellation check at every node; a rule file
 * has tens of thousands of nodes and the editor rebuilds it on every keystroke, so this walk is a
 * plain loop that looks for cancellation every few hundred nodes. Same order: parents first, then
 * children in property order.
 */
import { Cancellation, interruptAndCheck, isAstNode, isMultiReference, isReference, type AstNode, type ReferenceInfo } from 'langium';

const CHECK_EVERY = 512;
const DOLLAR = 36; // '$': Langium's own properties ($container, $cstNode, …)

/**
 * Calls `visit` on every node under `root` (itself included), parents before children; a `false`
 * from `visit` skips the node's children.
 */
export async function walkAst(root: AstNode, visit: (node: AstNode) => boolean | void | Promise<boolean | void>, token: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
  const stack: AstNode[] = [root];
  let seen = 0;
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (++seen % CHECK_EVERY === 0) await interruptAndCheck(token);
    let descend = visit(node);
    if (descend instanceof Promise) descend = await descend;
    if (descend === false) continue;
    const before = stack.length;
    // `for … in`: an AST node's own keys in Object.keys order (plain objects), without a key list.
    for (const key in node) {
      if (key.charCodeAt(0) === DOLLAR) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (isAstNode(value)) stack.push(value);
      else if (Array.isArray(value)) for (const item of value) if (isAstNode(item)) stack.push(item);
    }
    // Pushed in property order, popped in reverse: turn this node's children around (no pair
    // array per swap).
    for (let i = before, j = stack.length - 1; i < j; i++, j--) {
      const first = stack[i]!;
      stack[i] = stack[j]!;
      stack[j] = first;
    }
  }
}

/** The cross-references a node holds, as Langium's linker sees them. */
export function referencesOf(node: AstNode, each: (info: ReferenceInfo) => void): void {
  for (const key in node) {
    if (key.charCodeAt(0) === DOLLAR) continue;
    const value = (node as unknown as Record<string, unknown>)[key];
    if (isReference(value) || isMultiReference(value)) each({ reference: value, container: node, property: key });
    else if (Array.isArray(value)) {
      // A loop, not a closure per list of every node.
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (isReference(item) || isMultiReference(item)) each({ reference: item, container: node, property: key, index });
      }
    }
  }
}
