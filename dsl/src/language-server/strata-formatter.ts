/**
 * Formatting of rule files: blocks of declarations and statements get one item per line, indented
 * inside their braces; short brace lists (kinds, enums, records, matches, attributes) stay on one
 * line; commas are followed by one space. Blank lines a designer left between items are kept.
 */
import { CstUtils, isLeafCstNode, type AstNode, type CstNode } from 'langium';
import { AbstractFormatter, Formatting, type NodeFormatter } from 'langium/lsp';
import * as ast from '../generated/ast.js';

/** Nodes whose braces hold one item per line. */
function isBlockLike(node: AstNode): boolean {
  return ast.isGame(node) || ast.isBlock(node) || ast.isVariant(node) || ast.isScenario(node) || ast.isBoard(node);
}

/** Nodes whose braces hold a short inline list: `{ a, b }`. */
function isInlineList(node: AstNode): boolean {
  return (
    ast.isKind(node) || ast.isEnum(node) || ast.isRecordExpr(node) || ast.isSpace(node) || ast.isLink(node)
    || ast.isDefaults(node) || ast.isDie(node) || ast.isCreate(node) || ast.isMatchExpr(node)
  );
}

export class StrataFormatter extends AbstractFormatter {
  protected format(node: AstNode): void {
    const f = this.getNodeFormatter(node);
    if (ast.isModel(node)) this.formatModel(node, f as NodeFormatter<ast.Model>);
    else if (isBlockLike(node)) this.formatBlock(f);
    else if (isInlineList(node)) this.formatInlineList(f);
    this.formatPunctuation(f);
  }

  /**
   * Top-level items start on their own line, unindented (the first one stays where it is). Words
   * next to each other on a line (`game   T`) get one space: a weak rule, that the specific rules
   * below override.
   */
  private formatModel(node: ast.Model, f: NodeFormatter<ast.Model>): void {
    const items: AstNode[] = [...node.uses, ...(node.game ? [node.game] : []), ...node.variants, ...node.scenarios, ...node.builtins];
    items.sort((a, b) => (a.$cstNode?.offset ?? 0) - (b.$cstNode?.offset ?? 0));
    for (const item of items.slice(1)) f.node(item).prepend(Formatting.noIndent({ allowMore: true }));
    if (!node.$cstNode) return;
    const leaves = CstUtils.streamCst(node.$cstNode).filter((n) => isLeafCstNode(n) && !n.hidden).toArray();
    const spaced = leaves.filter((n, i) => {
      const before = leaves[i - 1];
      return before !== undefined && sameLine(before, n) && /[\w"]$/.test(before.text) && /^[\w"]/.test(n.text);
    });
    f.cst(spaced).prepend(Formatting.oneSpace({ priority: -1 }));
  }

  private formatBlock(f: NodeFormatter<AstNode>): void {
    const open = f.keyword('{');
    const close = f.keyword('}');
    if (open.nodes.length === 0 || close.nodes.length === 0) return;
    open.prepend(Formatting.oneSpace());
    f.interior(open, close).prepend(Formatting.indent({ allowMore: true }));
    close.prepend(Formatting.newLine());
  }

  private formatInlineList(f: NodeFormatter<AstNode>): void {
    const open = f.keyword('{');
    const close = f.keyword('}');
    if (open.nodes.length === 0 || close.nodes.length === 0) return;
    open.prepend(Formatting.oneSpace());
    // A list that the designer already spread over several lines stays spread out.
    const spread = open.nodes[0]!.range.start.line !== close.nodes[0]!.range.start.line;
    if (spread) {
      f.interior(open, close).prepend(Formatting.indent({ allowMore: true }));
      close.prepend(Formatting.newLine());
    } else {
      open.append(Formatting.oneSpace());
      close.prepend(Formatting.oneSpace());
    }
  }

  /**
   * Spacing around punctuation, applied only where both neighbours share a line: a line break a
   * designer chose (a long argument list, a spread list) is never joined.
   */
  private formatPunctuation(f: NodeFormatter<AstNode>): void {
    const before = (k: string[]) => f.cst(f.keywords(...k).nodes.filter((n) => sameLine(CstUtils.getPreviousNode(n), n)));
    const after = (k: string[]) => f.cst(f.keywords(...k).nodes.filter((n) => sameLine(n, CstUtils.getNextNode(n))));
    before([',', ')', ':', '.']).prepend(Formatting.noSpace());
    after([',', ':']).append(Formatting.oneSpace());
    after(['(', '.']).append(Formatting.noSpace());
    const operators = ['=', '+=', '-=', '==', '!=', '<=', '>=', '=>', '->'];
    before(operators).prepend(Formatting.oneSpace());
    after(operators).append(Formatting.oneSpace());
  }
}

function sameLine(a: CstNode | undefined, b: CstNode | undefined): boolean {
  return a !== undefined && b !== undefined && a.range.end.line === b.range.start.line;
}
