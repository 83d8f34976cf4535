/**
 * `<strata-code-editor>`: Monaco editing the workspace's rule files, with the Strata language
 * server (in a Web Worker, started by the page: `client`) behind it. Loaded lazily: the page shell
 * paints before this module (and Monaco with it) arrives.
 */
import { LitElement, css, html, unsafeCSS, type PropertyValues } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import monacoCss from 'monaco-editor-css?inline';
import { monaco } from './monaco/monaco-setup.js';
import { registerStrataLanguage, languageId, themeName } from './monaco/strata-language.js';
import type { DiagnosticsEvent, LanguageClient } from './lsp/language-client.js';
import { registerLanguageFeatures } from './lsp/language-features.js';
import { toMarker } from './lsp/lsp-convert.js';
import type { FileChange, Workspace } from './workspace/workspace.js';
import { isLibrary, libraryText, libraryUri } from './workspace/library.js';

let languageRegistered = false;

const markerOwner = 'strata';

/**
 * @fires open-file - the editor wants another file shown, e.g. after go to definition (detail: { uri })
 * @fires language-ready - the language server answered its first request
 * @csspart host - the element Monaco draws into
 */
@customElement('strata-code-editor')
export class StrataCodeEditor extends LitElement {
  static override styles = [
    unsafeCSS(monacoCss),
    css`
      :host { display: block; position: relative; min-height: 0; }
      #host { position: absolute; inset: 0; }
      .scenario-passed { background: #2e9d5b; width: 4px !important; margin-left: 3px; }
      .scenario-failed { background: #d64545; width: 4px !important; margin-left: 3px; }
      .rule-fired { background: #fff3c4; }
      .rule-never-ran { background: #fde7e7; }
    `,
  ];

  /** The files being edited. */
  @property({ attribute: false }) workspace?: Workspace;
  /** The file shown. */
  @property() uri = '';
  /** The language server's client (the page starts it). */
  @property({ attribute: false }) client: LanguageClient | null = null;

  private editor?: monaco.editor.IStandaloneCodeEditor;
  /** The client the language features are registered with. */
  private connected: LanguageClient | null = null;
  private readonly disposables: monaco.IDisposable[] = [];
  /** Decoration ids of the last scenario run, by file. */
  private readonly scenarioMarks = new Map<string, string[]>();
  /** Decoration ids of the rules that fired for the last move, by file. */
  private readonly firedMarks = new Map<string, string[]>();
  private readonly neverRanMarks = new Map<string, string[]>();
  /** Set while the editor itself writes a model from a workspace change, to not echo it back. */
  private applyingOutsideChange = false;

  override render() {
    return html`<div id="host" part="host"></div>`;
  }

  override firstUpdated(): void {
    if (!languageRegistered) {
      registerStrataLanguage(monaco);
      languageRegistered = true;
    }
    const host = this.renderRoot.querySelector<HTMLElement>('#host')!;
    // Monaco watches the document's mousemove to notice that the mouse left the editor; seen from
    // the document, an event from inside this shadow root comes from the page's outer element, so
    // every move would count as leaving and close the hover at once. Moves inside stay inside.
    host.addEventListener('mousemove', (e) => e.stopPropagation());
    this.editor = monaco.editor.create(host, {
      theme: themeName,
      automaticLayout: true,
      fixedOverflowWidgets: true,
      'semanticHighlighting.enabled': true,
      minimap: { enabled: false },
      fontSize: 13,
      tabSize: 4,
      wordWrap: 'off',
      scrollBeyondLastLine: false,
      renameOnType: false,
      model: null,
    });
    this.disposables.push(
      monaco.editor.registerEditorOpener({
        openCodeEditor: (_source, resource, selection) => {
          this.show(resource.toString(), selection);
          return true;
        },
      }),
    );
    this.syncModels();
    this.showModel();
    this.connectLanguageServer();
  }

  override updated(changed: PropertyValues<this>): void {
    if (changed.has('uri') && this.editor) this.showModel();
    if (changed.has('client') && this.editor) this.connectLanguageServer();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    for (const d of this.disposables) d.dispose();
    this.editor?.dispose();
  }

  /** Shows a file and puts the cursor at a 1-based line and column. */
  reveal(uri: string, line: number, col: number): void {
    this.show(uri, { lineNumber: line, column: col });
  }

  /** Formats the shown file with the language server's formatter (a format overtaken by typing is dropped). */
  async format(): Promise<void> {
    try {
      await this.editor?.getAction('editor.action.formatDocument')?.run();
    } catch (e) {
      if (!(e instanceof Error && e.name === 'Canceled')) throw e;
    }
  }

  /** Marks each scenario's line in the gutter as passed or failed, its message on hover (until the next run). */
  markScenarios(uri: string, marks: { file: string; line: number; passed: boolean; message: string; name: string }[]): void {
    const model = monaco.editor.getModel(monaco.Uri.parse(uri));
    if (!model) return;
    const old = this.scenarioMarks.get(uri) ?? [];
    const decorations = marks.filter((m) => m.file === uri).map((m) => ({
      range: new monaco.Range(m.line, 1, m.line, 1),
      options: {
        isWholeLine: true,
        linesDecorationsClassName: m.passed ? 'scenario-passed' : 'scenario-failed',
        hoverMessage: { value: `${m.passed ? '✓ passed' : '✗ failed'}: ${m.name}${m.passed ? '' : ` — ${m.message}`}` },
      },
    }));
    this.scenarioMarks.set(uri, model.deltaDecorations(old, decorations));
  }

  /** Highlights the lines of the rules that fired for the last move (in every open file), replacing the last ones. */
  markFired(at: { file: string; line: number }[]): void {
    for (const [uri, ids] of this.firedMarks) monaco.editor.getModel(monaco.Uri.parse(uri))?.deltaDecorations(ids, []);
    this.firedMarks.clear();
    const byFile = new Map<string, Set<number>>();
    for (const a of at) byFile.set(a.file, (byFile.get(a.file) ?? new Set()).add(a.line));
    for (const [uri, lines] of byFile) {
      const model = monaco.editor.getModel(monaco.Uri.parse(uri));
      if (!model) continue;
      const decorations = [...lines].map((line) => ({
        range: new monaco.Range(line, 1, line, 1),
        options: { isWholeLine: true, className: 'rule-fired', hoverMessage: { value: 'ran in the last move' } },
      }));
      this.firedMarks.set(uri, model.deltaDecorations([], decorations));
    }
  }

  /** Marks the rules that never ran in the Analyze panel's games (in every open file), replacing the last ones. */
  markNeverRan(rules: { file: string; line: number; kind: string; name: string }[]): void {
    for (const [uri, ids] of this.neverRanMarks) monaco.editor.getModel(monaco.Uri.parse(uri))?.deltaDecorations(ids, []);
    this.neverRanMarks.clear();
    const byFile = new Map<string, typeof rules>();
    for (const r of rules) byFile.set(r.file, [...(byFile.get(r.file) ?? []), r]);
    for (const [uri, list] of byFile) {
      const model = monaco.editor.getModel(monaco.Uri.parse(uri));
      if (!model) continue;
      const decorations = list.map((r) => ({
        range: new monaco.Range(r.line, 1, r.line, 1),
        options: { isWholeLine: true, className: 'rule-never-ran', hoverMessage: { value: `never ran in the analysed games: ${r.kind} ${r.name}` } },
      }));
      this.neverRanMarks.set(uri, model.deltaDecorations([], decorations));
    }
  }

  focusEditor(): void {
    this.editor?.focus();
  }

  /** The shown file's text as the editor holds it. */
  text(): string {
    return this.editor?.getModel()?.getValue() ?? '';
  }

  /** The cursor's 1-based line and column, if a file is shown. */
  cursorPosition(): { line: number; col: number } | null {
    const p = this.editor?.getPosition();
    return p ? { line: p.lineNumber, col: p.column } : null;
  }

  private show(uri: string, at?: monaco.IRange | monaco.IPosition): void {
    if (uri !== this.uri) {
      this.uri = uri;
      this.showModel();
      this.dispatchEvent(new CustomEvent('open-file', { detail: { uri }, bubbles: true, composed: true }));
    }
    if (!at || !this.editor) return;
    if ('startLineNumber' in at) {
      this.editor.setSelection(at);
      this.editor.revealRangeInCenterIfOutsideViewport(at);
    } else {
      this.editor.setPosition(at);
      this.editor.revealPositionInCenterIfOutsideViewport(at);
    }
    this.editor.focus();
  }

  private showModel(): void {
    const model = monaco.editor.getModel(monaco.Uri.parse(this.uri));
    if (!this.editor || !model || this.editor.getModel() === model) return;
    this.editor.setModel(model);
    this.editor.updateOptions({ readOnly: isLibrary(this.uri) });
  }

  /** One Monaco model per workspace file, following additions, removals and outside edits. */
  private syncModels(): void {
    const ws = this.workspace;
    if (!ws) return;
    const reconcile = () => {
      const wanted = new Set(ws.files().map((f) => f.uri));
      for (const f of ws.files()) if (!monaco.editor.getModel(monaco.Uri.parse(f.uri))) this.createModel(f.uri, f.text);
      for (const m of monaco.editor.getModels()) {
        if (m.getLanguageId() === languageId && m.uri.scheme === 'file' && !wanted.has(m.uri.toString())) m.dispose();
      }
      this.showModel();
    };
    const onChange = (e: Event) => {
      const { uri, source } = (e as CustomEvent<FileChange>).detail;
      const model = monaco.editor.getModel(monaco.Uri.parse(uri));
      const text = ws.get(uri)?.text;
      if (source === 'editor' || !model || text === undefined || model.getValue() === text) return;
      this.applyingOutsideChange = true;
      // An edit operation, not setValue: the designer can undo an import or a revert.
      model.pushEditOperations([], [{ range: model.getFullModelRange(), text }], () => null);
      this.applyingOutsideChange = false;
    };
    ws.addEventListener('files-changed', reconcile);
    ws.addEventListener('file-changed', onChange);
    this.disposables.push({
      dispose: () => {
        ws.removeEventListener('files-changed', reconcile);
        ws.removeEventListener('file-changed', onChange);
      },
    });
    reconcile();
    // The built-in library, for go to definition on a built-in function.
    if (!monaco.editor.getModel(monaco.Uri.parse(libraryUri))) monaco.editor.createModel(libraryText, languageId, monaco.Uri.parse(libraryUri));
  }

  private createModel(uri: string, text: string): void {
    const model = monaco.editor.createModel(text, languageId, monaco.Uri.parse(uri));
    model.onDidChangeContent(() => {
      if (!this.applyingOutsideChange) this.workspace?.setText(uri, model.getValue(), 'editor');
    });
  }

  /** Language features and error markers from the page's language server, once it is up. */
  private connectLanguageServer(): void {
    const client = this.client;
    if (!client || this.connected === client) return;
    this.connected = client;
    const mark = (uri: string) => {
      const model = monaco.editor.getModel(monaco.Uri.parse(uri));
      if (model) monaco.editor.setModelMarkers(model, markerOwner, (client.diagnostics.get(uri) ?? []).map((d) => toMarker(monaco, d)));
    };
    const onDiagnostics = (e: Event) => mark((e as CustomEvent<DiagnosticsEvent>).detail.uri);
    client.addEventListener('diagnostics', onDiagnostics);
    for (const uri of client.diagnostics.keys()) mark(uri);
    this.disposables.push(
      { dispose: () => client.removeEventListener('diagnostics', onDiagnostics) },
      monaco.editor.onDidCreateModel((m) => mark(m.uri.toString())),
      ...registerLanguageFeatures(monaco, client),
    );
    this.dispatchEvent(new CustomEvent('language-ready', { bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-code-editor': StrataCodeEditor;
  }
}
