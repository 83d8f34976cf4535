/**
 * Semantic colouring for the editor: names are coloured by what they declare or refer to, so a
 * parameter, a variable, a place and a procedure look different even where the Monarch grammar
 * (which only sees keywords) cannot tell them apart.
 */
import { GrammarUtils, type AstNode } from 'langium';
import { AbstractSemanticTokenProvider, type SemanticTokenAcceptor } from 'langium/lsp';
import { SemanticTokenTypes } from 'vscode-languageserver';
import * as ast from '../generated/ast.js';

type Token = { type: string; modifier?: string[] };

/** How a declaration of this AST type is coloured, where declared and where used. */
export function tokenFor(node: AstNode): Token | undefined {
  if (ast.isFn(node) || ast.isBuiltin(node)) return { type: SemanticTokenTypes.function };
  if (ast.isProc(node) || ast.isAction(node) || ast.isTrigger(node)) return { type: SemanticTokenTypes.method };
  if (ast.isParam(node)) return { type: SemanticTokenTypes.variable, modifier: ['readonly'] };
  if (ast.isVar(node)) return { type: SemanticTokenTypes.variable };
  if (ast.isKind(node) || ast.isEnum(node) || ast.isBoard(node)) return { type: SemanticTokenTypes.type };
  if (ast.isGame(node) || ast.isVariant(node)) return { type: SemanticTokenTypes.class };
  if (ast.isEnumValue(node)) return { type: SemanticTokenTypes.enumMember };
  if (ast.isZone(node) || ast.isSpace(node) || ast.isDie(node)) return { type: SemanticTokenTypes.property, modifier: ['static'] };
  if (ast.isAttr(node)) return { type: SemanticTokenTypes.property };
  if (ast.isNamedElement(node)) return { type: SemanticTokenTypes.parameter };
  return undefined;
}

export class StrataSemanticTokenProvider extends AbstractSemanticTokenProvider {
  protected highlightElement(node: AstNode, acceptor: SemanticTokenAcceptor): void {
    // References: coloured like their target (unresolved ones are left to the Monarch colours).
    if (ast.isRef(node)) {
      const token = node.target?.ref ? tokenFor(node.target.ref) : undefined;
      if (token) acceptor({ node, property: 'target', ...token });
      return;
    }
    if (ast.isCallExpr(node)) {
      const token = node.callee?.ref ? tokenFor(node.callee.ref) : undefined;
      if (token) acceptor({ node, property: 'callee', ...token });
      return;
    }
    if (ast.isMemberExpr(node)) {
      if (node.member) acceptor({ node, property: 'member', type: SemanticTokenTypes.property });
      return;
    }
    if (ast.isTypeRef(node)) {
      if (node.ref?.ref) acceptor({ node, property: 'ref', type: SemanticTokenTypes.type });
      return;
    }
    if (ast.isZone(node) && node.kind?.ref) acceptor({ node, property: 'kind', type: SemanticTokenTypes.type });
    if (ast.isZone(node) && node.keyedBy?.ref) acceptor({ node, property: 'keyedBy', type: SemanticTokenTypes.type });
    if (ast.isCreate(node) && node.kind?.ref) acceptor({ node, property: 'kind', type: SemanticTokenTypes.type });
    if (ast.isRoll(node) && node.die?.ref) acceptor({ node, property: 'die', ...(tokenFor(node.die.ref) ?? { type: SemanticTokenTypes.property }) });
    if (ast.isSetParam(node) && node.param?.ref) acceptor({ node, property: 'param', type: SemanticTokenTypes.variable, modifier: ['readonly'] });
    if (ast.isVariant(node) && node.base?.ref) acceptor({ node, property: 'base', type: SemanticTokenTypes.class });
    if (ast.isFieldInit(node) && node.name) acceptor({ node, property: 'name', type: SemanticTokenTypes.property });
    // Declarations: the declared name, marked as a declaration.
    const declared = tokenFor(node);
    const name = declared && GrammarUtils.findNodeForProperty(node.$cstNode, 'name');
    if (declared && name) {
      acceptor({ cst: name, type: declared.type, modifier: [...(declared.modifier ?? []), 'declaration'] });
    }
  }
}
