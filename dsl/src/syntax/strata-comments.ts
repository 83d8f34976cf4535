/**
 * Doc comments: the `/** … *\/` before a declaration, even when `//` notes or plain `/* *\/`
 * comments stand between the two (Langium's default takes only the comment right before the
 * declaration, and a `//` line there would drop the doc from hovers and from the IR).
 */
import { CstUtils, DefaultCommentProvider, isAstNodeWithComment, isLeafCstNode, type AstNode } from 'langium';

export class StrataCommentProvider extends DefaultCommentProvider {
  override getComment(node: AstNode): string | undefined {
    if (isAstNodeWithComment(node)) return node.$comment;
    if (!node.$cstNode) return undefined;
    for (let previous = CstUtils.getPreviousNode(node.$cstNode, true); previous; previous = CstUtils.getPreviousNode(previous, true)) {
      // Only comments lie between a declaration and its doc: anything else ends the search.
      if (!isLeafCstNode(previous) || !previous.hidden) return undefined;
      if (previous.text.startsWith('/**')) return previous.text;
    }
    return super.getComment(node);
  }
}
