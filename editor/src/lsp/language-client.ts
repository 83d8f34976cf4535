/**
 * A thin LSP client for the Strata language server running in a Web Worker: JSON-RPC over
 * postMessage (vscode-jsonrpc/browser), every Strata model of Monaco kept open and in sync on the
 * server, diagnostics turned into Monaco markers. Feature requests go through `request`; the
 * Monaco providers that use them are in language-features.ts.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { BrowserMessageReader, BrowserMessageWriter, CancellationTokenSource, ResponseError, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/browser';
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams, ServerCapabilities } from 'vscode-languageserver-protocol';
import { toMarker } from './lsp-convert.js';
import { languageId } from '../monaco/strata-language.js';
import LanguageServerWorker from './language-server-worker.ts?worker';

export const markerOwner = 'strata';

export interface DiagnosticsEvent {
  uri: string;
  diagnostics: Diagnostic[];
}

/**
 * @fires diagnostics - the server published diagnostics for a file (detail: DiagnosticsEvent)
 */
export class LanguageClient extends EventTarget {
  capabilities: ServerCapabilities = {};
  private readonly connection: MessageConnection;
  private readonly disposables: Monaco.IDisposable[] = [];
  private readonly synced = new Set<string>();
  /** Per file: the last version sent to the server, and the last version it finished checking. */
  private readonly sent = new Map<string, number>();
  private readonly checked = new Map<string, number>();
  private readonly waiting = new Set<{ uri: string; version: number; done: () => void }>();
  /** Per file: the requests about it not yet answered. */
  private readonly pending = new Map<string, Set<CancellationTokenSource>>();

  private constructor(private readonly monaco: typeof Monaco, private readonly worker: Worker) {
    super();
    this.connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => this.publish(p));
    // Server logs are for developers; keep them out of the designer's way.
    this.connection.onNotification('window/logMessage', (p: { message: string }) => console.debug('[strata-ls]', p.message));
    this.connection.onNotification('strata/validated', (p: { uri: string; version: number }) => this.validated(p.uri, p.version));
    this.connection.onRequest('client/registerCapability', () => null);
    this.connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
    this.connection.listen();
  }

  /** Starts the worker, initialises the server and opens every Strata model. */
  static async start(monaco: typeof Monaco): Promise<LanguageClient> {
    const client = new LanguageClient(monaco, new LanguageServerWorker());
    const result: InitializeResult = await client.connection.sendRequest('initialize', {
      processId: null,
      rootUri: null,
      workspaceFolders: null,
      capabilities: {
        textDocument: {
          synchronization: { dynamicRegistration: false },
          completion: { completionItem: { snippetSupport: true, documentationFormat: ['markdown', 'plaintext'] } },
          hover: { contentFormat: ['markdown', 'plaintext'] },
          rename: { prepareSupport: true },
          publishDiagnostics: { relatedInformation: false },
        },
      },
    });
    client.capabilities = result.capabilities;
    await client.connection.sendNotification('initialized', {});
    client.syncModels();
    return client;
  }

  /**
   * A request to the server. When Monaco cancels it, or the file it is about changes, the server is
   * told to stop and the answer is null.
   */
  async request<R>(method: string, params: unknown, token?: Monaco.CancellationToken): Promise<R | null> {
    const uri = documentOf(params);
    const source = new CancellationTokenSource();
    const sub = token?.onCancellationRequested(() => source.cancel());
    // A request about a file is void once the file changes: its answer would describe the old text,
    // and the server would make the change wait behind it. Cancelled, it leaves the server's queue.
    const pending = uri === undefined ? undefined : this.pending.get(uri) ?? new Set<CancellationTokenSource>();
    if (uri !== undefined && pending) this.pending.set(uri, pending.add(source));
    try {
      if (uri !== undefined) await this.caughtUp(uri);
      if (source.token.isCancellationRequested) return null;
      return await this.connection.sendRequest<R>(method, params, source.token);
    } catch (e) {
      if (source.token.isCancellationRequested) return null;
      // The server could not answer (a file it has not built yet, just after "New variant"): no
      // answer, like a cancelled request, rather than an error thrown into the page.
      if (e instanceof ResponseError) {
        console.debug('[strata-ls]', method, e.message);
        return null;
      }
      throw e;
    } finally {
      pending?.delete(source);
      sub?.dispose();
      source.dispose();
    }
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.connection.dispose();
    this.worker.terminate();
  }

  /** Resolves once the server has checked the last text sent for `uri` (or after a while regardless). */
  private caughtUp(uri: string, patienceMs = 3000): Promise<void> {
    const version = this.sent.get(uri);
    if (version === undefined || (this.checked.get(uri) ?? -1) >= version) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { uri, version, done: () => { this.waiting.delete(waiter); clearTimeout(timer); resolve(); } };
      const timer = setTimeout(waiter.done, patienceMs);
      this.waiting.add(waiter);
    });
  }

  private validated(uri: string, version: number): void {
    this.checked.set(uri, Math.max(version, this.checked.get(uri) ?? -1));
    for (const w of [...this.waiting]) if (w.uri === uri && w.version <= version) w.done();
  }

  private syncModels(): void {
    const { editor } = this.monaco;
    for (const model of editor.getModels()) this.open(model);
    this.disposables.push(editor.onDidCreateModel((m) => this.open(m)));
    this.disposables.push(editor.onWillDisposeModel((m) => this.close(m)));
    this.disposables.push(editor.onDidChangeModelLanguage((e) => (e.model.getLanguageId() === languageId ? this.open(e.model) : this.close(e.model))));
  }

  private open(model: Monaco.editor.ITextModel): void {
    const uri = model.uri.toString();
    // Only the designer's files: the server has its own copy of the built-in library.
    if (model.getLanguageId() !== languageId || model.uri.scheme !== 'file' || this.synced.has(uri)) return;
    this.synced.add(uri);
    this.sent.set(uri, model.getVersionId());
    void this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: model.getVersionId(), text: model.getValue() },
    });
    const sub = model.onDidChangeContent(() => {
      if (!this.synced.has(uri)) return sub.dispose();
      // Whole-text changes: simple, and the server re-parses the file anyway.
      this.sent.set(uri, model.getVersionId());
      // (vscode-jsonrpc's source throws when cancelled twice before its token was read.)
      for (const request of this.pending.get(uri) ?? []) if (!request.token.isCancellationRequested) request.cancel();
      void this.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: model.getVersionId() },
        contentChanges: [{ text: model.getValue() }],
      });
    });
    this.disposables.push(sub);
  }

  private close(model: Monaco.editor.ITextModel): void {
    const uri = model.uri.toString();
    if (!this.synced.delete(uri)) return;
    this.sent.delete(uri);
    this.checked.delete(uri);
    void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    this.monaco.editor.setModelMarkers(model, markerOwner, []);
    this.dispatchEvent(new CustomEvent<DiagnosticsEvent>('diagnostics', { detail: { uri, diagnostics: [] } }));
  }

  private publish(p: PublishDiagnosticsParams): void {
    const model = this.monaco.editor.getModel(this.monaco.Uri.parse(p.uri));
    if (model) this.monaco.editor.setModelMarkers(model, markerOwner, p.diagnostics.map((d) => toMarker(this.monaco, d)));
    this.dispatchEvent(new CustomEvent<DiagnosticsEvent>('diagnostics', { detail: { uri: p.uri, diagnostics: p.diagnostics } }));
  }
}

/** The file a request is about (`textDocument.uri` of its parameters), if any. */
function documentOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null || !('textDocument' in params)) return undefined;
  const doc = params.textDocument;
  return typeof doc === 'object' && doc !== null && 'uri' in doc && typeof doc.uri === 'string' ? doc.uri : undefined;
}
