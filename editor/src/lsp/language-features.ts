/**
 * Monaco providers backed by the Strata language server: completion, hover, go to definition,
 * find references, rename, formatting, semantic colouring, highlights, outline and folding.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type {
  CompletionItem,
  CompletionList,
  DocumentHighlight,
  DocumentSymbol,
  FoldingRange,
  Hover,
  Location,
  LocationLink,
  Range,
  SemanticTokens,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';
import type { LanguageClient } from './language-client.js';
import { languageId } from '../monaco/strata-language.js';
import { msg } from '../messages.js';
import {
  toCompletion,
  toDocumentSymbols,
  toHover,
  toLocations,
  toMonacoRange,
  toPosition,
  toTextEdits,
  toWorkspaceEdit,
} from './lsp-convert.js';

function doc(model: Monaco.editor.ITextModel): { uri: string } {
  return { uri: model.uri.toString() };
}

export function registerLanguageFeatures(monaco: typeof Monaco, client: LanguageClient): Monaco.IDisposable[] {
  const { languages } = monaco;
  const at = (model: Monaco.editor.ITextModel, position: Monaco.IPosition) => ({ textDocument: doc(model), position: toPosition(position) });
  const legend = client.capabilities.semanticTokensProvider?.legend ?? { tokenTypes: [], tokenModifiers: [] };
  const triggers = client.capabilities.completionProvider?.triggerCharacters ?? ['.'];
  // The server publishes diagnostics once it has rebuilt a file: ask for fresh colours then, since
  // tokens requested while it was still rebuilding may describe the previous text.
  const rebuilt = new monaco.Emitter<void>();
  client.addEventListener('diagnostics', () => rebuilt.fire());

  return [
    rebuilt,
    languages.registerCompletionItemProvider(languageId, {
      triggerCharacters: triggers,
      async provideCompletionItems(model, position, _context, token) {
        const result = await client.request<CompletionList | CompletionItem[] | null>('textDocument/completion', at(model, position), token);
        const word = model.getWordUntilPosition(position);
        const range = { startLineNumber: position.lineNumber, endLineNumber: position.lineNumber, startColumn: word.startColumn, endColumn: word.endColumn };
        const items = Array.isArray(result) ? result : (result?.items ?? []);
        return { suggestions: items.map((i) => toCompletion(monaco, i, range)), incomplete: !Array.isArray(result) && !!result?.isIncomplete };
      },
    }),
    languages.registerHoverProvider(languageId, {
      async provideHover(model, position, token) {
        const h = await client.request<Hover | null>('textDocument/hover', at(model, position), token);
        return h ? toHover(h) : null;
      },
    }),
    languages.registerDefinitionProvider(languageId, {
      async provideDefinition(model, position, token) {
        return toLocations(monaco, await client.request<Location | Location[] | LocationLink[] | null>('textDocument/definition', at(model, position), token));
      },
    }),
    languages.registerReferenceProvider(languageId, {
      async provideReferences(model, position, context, token) {
        const params = { ...at(model, position), context: { includeDeclaration: context.includeDeclaration } };
        return toLocations(monaco, await client.request<Location[] | null>('textDocument/references', params, token));
      },
    }),
    languages.registerRenameProvider(languageId, {
      async provideRenameEdits(model, position, newName, token) {
        return toWorkspaceEdit(monaco, await client.request<WorkspaceEdit | null>('textDocument/rename', { ...at(model, position), newName }, token));
      },
      async resolveRenameLocation(model, position, token) {
        const r = await client.request<Range | { range: Range; placeholder: string } | null>('textDocument/prepareRename', at(model, position), token);
        if (!r) return { range: new monaco.Range(1, 1, 1, 1), text: '', rejectReason: msg.renameRefused() };
        const range = 'start' in r ? toMonacoRange(r) : toMonacoRange(r.range);
        return { range, text: 'placeholder' in r ? r.placeholder : model.getValueInRange(range) };
      },
    }),
    languages.registerDocumentFormattingEditProvider(languageId, {
      async provideDocumentFormattingEdits(model, options, token) {
        const params = { textDocument: doc(model), options: { tabSize: options.tabSize, insertSpaces: options.insertSpaces } };
        return toTextEdits(await client.request<TextEdit[] | null>('textDocument/formatting', params, token));
      },
    }),
    languages.registerDocumentSemanticTokensProvider(languageId, {
      onDidChange: rebuilt.event,
      getLegend: () => legend,
      async provideDocumentSemanticTokens(model, _lastResultId, token) {
        const version = model.getVersionId();
        const t = await client.request<SemanticTokens | null>('textDocument/semanticTokens/full', { textDocument: doc(model) }, token, { afterPause: true });
        // Tokens of a text that has changed meanwhile would land in the wrong places.
        if (!t || model.isDisposed() || model.getVersionId() !== version || !tokensFit(model, t.data)) return null;
        return { resultId: t.resultId, data: new Uint32Array(t.data) };
      },
      releaseDocumentSemanticTokens: () => undefined,
    }),
    languages.registerDocumentHighlightProvider(languageId, {
      async provideDocumentHighlights(model, position, token) {
        const list = await client.request<DocumentHighlight[] | null>('textDocument/documentHighlight', at(model, position), token);
        return (list ?? []).map((h) => ({ range: toMonacoRange(h.range), kind: h.kind === undefined ? undefined : h.kind - 1 }));
      },
    }),
    languages.registerDocumentSymbolProvider(languageId, {
      async provideDocumentSymbols(model, token) {
        return toDocumentSymbols((await client.request<DocumentSymbol[] | null>('textDocument/documentSymbol', { textDocument: doc(model) }, token, { afterPause: true })) ?? []);
      },
    }),
    languages.registerFoldingRangeProvider(languageId, {
      async provideFoldingRanges(model, _context, token) {
        const list = await client.request<FoldingRange[] | null>('textDocument/foldingRange', { textDocument: doc(model) }, token, { afterPause: true });
        return (list ?? []).map((f) => ({ start: f.startLine + 1, end: f.endLine + 1 }));
      },
    }),
  ];
}

/**
 * Whether semantic tokens (LSP relative encoding: line delta, start delta, length, type, modifiers)
 * all lie inside the model's lines. Tokens the server computed on an older text may not; they are
 * dropped, and asked for again once the server has checked the new text.
 */
export function tokensFit(model: Pick<Monaco.editor.ITextModel, 'getLineCount' | 'getLineLength'>, data: number[]): boolean {
  let line = 0;
  let char = 0;
  const lines = model.getLineCount();
  for (let i = 0; i + 4 < data.length; i += 5) {
    const deltaLine = data[i]!;
    line += deltaLine;
    char = deltaLine === 0 ? char + data[i + 1]! : data[i + 1]!;
    if (line >= lines || char + data[i + 2]! > model.getLineLength(line + 1)) return false;
  }
  return true;
}
