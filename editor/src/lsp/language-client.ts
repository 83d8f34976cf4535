/**
 * A thin LSP client for the Strata language server running in a Web Worker: JSON-RPC over
 * postMessage (vscode-jsonrpc/browser), every Strata model of Monaco kept open and in sync on the
 * server, diagnostics turned into Monaco markers. Feature requests go through `request`; the
 * Monaco providers that use them are in language-features.ts.
 */
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { BrowserMessageReader, BrowserMessageWriter, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/browser';
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

  private constructor(private readonly monaco: typeof Monaco, private readonly worker: Worker) {
    super();
    this.connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
    this.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => this.publish(p));
    // Server logs are for developers; keep them out of the designer's way.
    this.connection.onNotification('window/logMessage', (p: { message: string }) => console.debug('[strata-ls]', p.message));
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

  request<R>(method: string, params: unknown): Promise<R> {
    return this.connection.sendRequest<R>(method, params);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    this.connection.dispose();
    this.worker.terminate();
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
    if (model.getLanguageId() !== languageId || this.synced.has(uri)) return;
    this.synced.add(uri);
    void this.connection.sendNotification('textDocument/didOpen', {
      textDocument: { uri, languageId, version: model.getVersionId(), text: model.getValue() },
    });
    const sub = model.onDidChangeContent(() => {
      if (!this.synced.has(uri)) return sub.dispose();
      // Whole-text changes: simple, and the server re-parses the file anyway.
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
