/**
 * Langium's CST builder (langium/lib/parser/cst-node-builder.js, MIT) with child lists made to
 * size. Most composite nodes hold one child (21,763 of 27,575 in the largest ruleset: a rule call
 * passing one operand on). Langium pushes the first child into an empty list, which gives the list
 * room for 17, then copies the list to its exact size when the node is done: here the first child
 * makes a list of one, kept as it is. And the parser asks to add the comments before every token
 * it reads, mostly none: then nothing is looked for. The same trees, node for node.
 */
import { CstNodeBuilder, type CompositeCstNode, type CstNode } from 'langium';

type Composite = CompositeCstNode & { content: CstNode[]; container?: CompositeCstNode };

export class StrataCstNodeBuilder extends CstNodeBuilder {
  override appendChild(parent: CompositeCstNode, child: CstNode): void {
    (child as { container?: CompositeCstNode }).container = parent;
    const p = parent as Composite;
    if (p.content.length === 0) p.content = [child];
    else p.content.push(child);
  }

  /** Comments before a token: none, most of the time (Langium then walked up the open nodes to find where none go). */
  override addHiddenNodes(tokens: Parameters<CstNodeBuilder['addHiddenNodes']>[0]): void {
    if (tokens.length > 0) super.addHiddenNodes(tokens);
  }

  override construct(item: Parameters<CstNodeBuilder['construct']>[0]): void {
    const builder = this as unknown as { nodeStack: Composite[]; current: Composite };
    item.$cstNode = builder.current;
    const node = builder.nodeStack.pop();
    if (!node) return;
    // Empty composite nodes are not valid: removed from the tree (as Langium does).
    if (node.content.length === 0) this.removeNode(node);
    // A list of one was made to size; a longer one grew by pushes and is copied to its size.
    else if (node.content.length > 1) node.content = node.content.slice();
  }
}
