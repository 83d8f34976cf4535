/** What every compiler module needs: types, the resolved game, doc comments and source locations. */
import { AstUtils, isJSDoc, parseJSDoc, type AstNode, type CstNode, type LangiumDocument } from 'langium';
import type { Position } from 'vscode-languageserver-types';
import type { Loc } from '../../../interpreter/ir.js';
import type { StrataServices } from '../strata-module.js';
import type { StrataTypeSystem } from '../types/strata-type-system.js';
import type { EffectiveGame } from '../scoping/strata-variants.js';

export interface CompileContext {
  types: StrataTypeSystem;
  services: StrataServices;
  /** The game or variant being compiled, its changes applied. */
  game: EffectiveGame;
  /** The file name a location shows for a document (the path as given to the compiler). */
  fileOf: (document: LangiumDocument) => string;
}

/** 1-based line and column of a node's start, in the file as the caller named it. */
export function loc(ctx: CompileContext, node: AstNode): Loc {
  const start = startOf(node.$cstNode);
  return { file: ctx.fileOf(AstUtils.getDocument(node)), line: (start?.line ?? 0) + 1, col: (start?.character ?? 0) + 1 };
}

/**
 * `cst.range.start`, read from the first leaf: a composite node's `range` asks its first and last
 * child for theirs, down to the leaves, and caches a range object in every composite on the way
 * (a twentieth of a compile's allocations, for the start alone).
 */
export function startOf(cst: CstNode | undefined): Position | undefined {
  let node = cst;
  if (node === undefined) return undefined;
  for (;;) {
    const content = (node as { content?: unknown }).content;
    if (!Array.isArray(content)) return node.range.start;
    // Langium's `range` of a composite with no children starts at 0:0.
    if (content.length === 0) return { line: 0, character: 0 };
    node = firstNotHidden(content as CstNode[]);
  }
}

/** The first node that is not hidden (a comment), else the first (Langium's `firstNonHiddenNode`). */
function firstNotHidden(content: CstNode[]): CstNode {
  for (let i = 0; i < content.length; i++) if (!content[i]!.hidden) return content[i]!;
  return content[0]!;
}

/** A declaration's doc comment as plain Markdown, when it has one. */
export function docOf(ctx: CompileContext, node: AstNode): { doc?: string } {
  const comment = ctx.services.documentation.CommentProvider.getComment(node);
  if (!comment || !isJSDoc(comment)) return {};
  const doc = parseJSDoc(comment).toMarkdown().trim();
  return doc ? { doc } : {};
}
