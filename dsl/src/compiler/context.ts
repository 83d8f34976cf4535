/** What every compiler module needs: types, the resolved game, doc comments and source locations. */
import { AstUtils, isJSDoc, parseJSDoc, type AstNode, type LangiumDocument } from 'langium';
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
  const start = node.$cstNode?.range.start;
  return { file: ctx.fileOf(AstUtils.getDocument(node)), line: (start?.line ?? 0) + 1, col: (start?.character ?? 0) + 1 };
}

/** A declaration's doc comment as plain Markdown, when it has one. */
export function docOf(ctx: CompileContext, node: AstNode): { doc?: string } {
  const comment = ctx.services.documentation.CommentProvider.getComment(node);
  if (!comment || !isJSDoc(comment)) return {};
  const doc = parseJSDoc(comment).toMarkdown().trim();
  return doc ? { doc } : {};
}
