/**
 * Conversions between the language server protocol's shapes (0-based positions) and Monaco's
 * (1-based lines and columns).
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import type {
  CompletionItem,
  Diagnostic,
  DocumentSymbol,
  Hover,
  Location,
  LocationLink,
  MarkedString,
  MarkupContent,
  Position,
  Range,
  TextEdit,
  WorkspaceEdit,
} from 'vscode-languageserver-protocol';

type M = typeof Monaco;

export function toPosition(p: Monaco.IPosition): Position {
  return { line: p.lineNumber - 1, character: p.column - 1 };
}

export function toMonacoRange(r: Range): Monaco.IRange {
  return {
    startLineNumber: r.start.line + 1,
    startColumn: r.start.character + 1,
    endLineNumber: r.end.line + 1,
    endColumn: r.end.character + 1,
  };
}

/** A diagnostic's message as plain text (LSP 3.18 allows markup). */
export function diagnosticText(d: Diagnostic): string {
  return typeof d.message === 'string' ? d.message : d.message.value;
}

export function toMarker(monaco: M, d: Diagnostic): Monaco.editor.IMarkerData {
  const severity = d.severity === 1 ? monaco.MarkerSeverity.Error
    : d.severity === 2 ? monaco.MarkerSeverity.Warning
    : d.severity === 3 ? monaco.MarkerSeverity.Info
    : monaco.MarkerSeverity.Hint;
  return {
    ...toMonacoRange(d.range),
    severity,
    message: diagnosticText(d),
    source: d.source,
    code: d.code === undefined ? undefined : String(d.code),
  };
}

function markdown(content: MarkupContent | MarkedString): Monaco.IMarkdownString {
  if (typeof content === 'string') return { value: content };
  if ('kind' in content) return { value: content.kind === 'markdown' ? content.value : escapeMarkdown(content.value) };
  return { value: '```' + content.language + '\n' + content.value + '\n```' };
}

function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>]/g, '\\$&');
}

export function toHover(h: Hover): Monaco.languages.Hover {
  const contents = Array.isArray(h.contents) ? h.contents.map(markdown) : [markdown(h.contents)];
  return { contents, range: h.range ? toMonacoRange(h.range) : undefined };
}

/** LSP CompletionItemKind (1-based, protocol order) to Monaco's enum. */
function completionKind(monaco: M, kind: number | undefined): Monaco.languages.CompletionItemKind {
  const k = monaco.languages.CompletionItemKind;
  const table = [k.Text, k.Text, k.Method, k.Function, k.Constructor, k.Field, k.Variable, k.Class, k.Interface,
    k.Module, k.Property, k.Unit, k.Value, k.Enum, k.Keyword, k.Snippet, k.Color, k.File, k.Reference, k.Folder,
    k.EnumMember, k.Constant, k.Struct, k.Event, k.Operator, k.TypeParameter];
  return table[kind ?? 1] ?? k.Text;
}

export function toCompletion(monaco: M, item: CompletionItem, defaultRange: Monaco.IRange): Monaco.languages.CompletionItem {
  const edit = item.textEdit;
  const range = !edit ? defaultRange
    : 'range' in edit ? toMonacoRange(edit.range)
    : { insert: toMonacoRange(edit.insert), replace: toMonacoRange(edit.replace) };
  const snippet = item.insertTextFormat === 2;
  return {
    label: item.label,
    kind: completionKind(monaco, item.kind),
    detail: item.detail,
    documentation: item.documentation === undefined ? undefined : markdown(item.documentation),
    insertText: edit?.newText ?? item.insertText ?? item.label,
    insertTextRules: snippet ? monaco.languages.CompletionItemInsertTextRule.InsertAsSnippet : undefined,
    range,
    sortText: item.sortText,
    filterText: item.filterText,
    additionalTextEdits: item.additionalTextEdits?.map((e) => ({ range: toMonacoRange(e.range), text: e.newText })),
  };
}

export function toLocations(monaco: M, result: Location | Location[] | LocationLink[] | null): Monaco.languages.Location[] {
  if (!result) return [];
  const list: (Location | LocationLink)[] = Array.isArray(result) ? result : [result];
  return list.map((l) =>
    'targetUri' in l
      ? { uri: monaco.Uri.parse(l.targetUri), range: toMonacoRange(l.targetSelectionRange) }
      : { uri: monaco.Uri.parse(l.uri), range: toMonacoRange(l.range) },
  );
}

export function toTextEdits(edits: TextEdit[] | null): Monaco.languages.TextEdit[] {
  return (edits ?? []).map((e) => ({ range: toMonacoRange(e.range), text: e.newText }));
}

export function toWorkspaceEdit(monaco: M, edit: WorkspaceEdit | null): Monaco.languages.WorkspaceEdit {
  const edits: Monaco.languages.IWorkspaceTextEdit[] = [];
  const add = (uri: string, list: TextEdit[]) => {
    for (const e of list) {
      edits.push({ resource: monaco.Uri.parse(uri), textEdit: { range: toMonacoRange(e.range), text: e.newText }, versionId: undefined });
    }
  };
  for (const [uri, list] of Object.entries(edit?.changes ?? {})) add(uri, list);
  for (const change of edit?.documentChanges ?? []) {
    if ('textDocument' in change) add(change.textDocument.uri, change.edits.filter((e): e is TextEdit => 'range' in e));
  }
  return { edits };
}

export function toDocumentSymbols(symbols: DocumentSymbol[]): Monaco.languages.DocumentSymbol[] {
  return symbols.map((s) => ({
    name: s.name,
    detail: s.detail ?? '',
    kind: Math.max(0, s.kind - 1) as Monaco.languages.SymbolKind,
    tags: [],
    range: toMonacoRange(s.range),
    selectionRange: toMonacoRange(s.selectionRange),
    children: s.children ? toDocumentSymbols(s.children) : undefined,
  }));
}
