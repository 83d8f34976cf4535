/**
 * A thin LSP client for the Strata language server running in a Web Worker: JSON-RPC over
 * postMessage (vscode-jsonrpc/browser), every rule file of the workspace kept open and in sync on
 * the server. It needs no Monaco: the page starts it with the workspace, before Monaco has loaded,
 * and compiles through it (`compile`: the server answers from the documents it has built). Feature
 * requests go through `request`; the Monaco providers that use them are in language-features.ts.
 * A server that crashes (its worker throws, or fails) is started again with every file, so
 * diagnostics come back without a reload; one that keeps crashing is left stopped, and says so.
 */
import { BrowserMessageReader, BrowserMessageWriter, CancellationTokenSource, ResponseError, createMessageConnection, type MessageConnection } from 'vscode-jsonrpc/browser';
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams, ServerCapabilities } from 'vscode-languageserver-protocol';
import type { CompileOutcome, FileOutline } from '../compile/compile-protocol.js';
import { languageId } from '../monaco/strata-language.js';
import type { FileChange, Workspace } from '../workspace/workspace.js';
import LanguageServerWorker from './language-server-worker.ts?worker';

export interface DiagnosticsEvent {
  uri: string;
  diagnostics: Diagnostic[];
}

/** Monaco's cancellation token, or any other with the same shape. */
interface CancellationToken {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** Restarts allowed within `restartWindowMs`; one more crash and the server stays stopped. */
const maxRestarts = 3;
const restartWindowMs = 60_000;
/**
 * How long a server that is late with a check may take to answer a ping before it is taken for
 * dead (a worker that ended answers nothing, and fires no event). Long: a big file on a busy
 * machine may keep a live server from answering for seconds.
 */
const pingPatienceMs = 30_000;
/**
 * How long after a file's last change its whole-file requests (colours, outline, folding: 20 to 30 ms
 * each on the largest ruleset) wait: a change that comes while one runs waits for it, and a
 * designer types a letter every 100 to 200 ms. Any change meanwhile cancels them.
 */
const typingPauseMs = 300;

/**
 * @fires diagnostics - the server published diagnostics for a file (detail: DiagnosticsEvent)
 * @fires outline - the server checked a file: what it declares (detail: FileOutline)
 * @fires server-restarted - the server crashed and was started again (detail: { reason: string })
 * @fires server-stopped - the server crashed too often and is left stopped (detail: { reason: string })
 */
export class LanguageClient extends EventTarget {
  capabilities: ServerCapabilities = {};
  /** The last diagnostics and outline of each file (for views that start after they came). */
  readonly diagnostics = new Map<string, Diagnostic[]>();
  readonly outlines = new Map<string, FileOutline>();
  private connection: MessageConnection;
  private readonly disposables: (() => void)[] = [];
  private readonly restarts: number[] = [];
  private disposed = false;
  /** Left stopped after crashing too often: nothing more is sent. */
  private stopped = false;
  private pinging = false;
  /** The current server's initialisation (replaced on each restart). */
  private ready: Promise<void> = Promise.resolve();
  private readonly synced = new Set<string>();
  private version = 0;
  /** Per file: the last version sent to the server, and the last version it finished checking. */
  private readonly sent = new Map<string, number>();
  private readonly checked = new Map<string, number>();
  private readonly waiting = new Set<{ uri: string; version: number; done: () => void }>();
  /** Per file: the requests about it not yet answered. */
  private readonly pending = new Map<string, Set<CancellationTokenSource>>();
  /** Per file: when it last changed (`performance.now()`). */
  private readonly changedAt = new Map<string, number>();

  private constructor(
    private readonly workspace: Workspace,
    private worker: Worker,
    private readonly startWorker: () => Worker,
    /** Files kept off the server (safe mode: the file that crashed or hung the last visit), until released. */
    private readonly held: Set<string>,
  ) {
    super();
    this.connection = this.connect(worker);
  }

  private connect(worker: Worker): MessageConnection {
    const connection = createMessageConnection(new BrowserMessageReader(worker), new BrowserMessageWriter(worker));
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => this.publish(p));
    // Server logs are for developers; keep them out of the designer's way.
    connection.onNotification('window/logMessage', (p: { message: string }) => console.debug('[strata-ls]', p.message));
    connection.onNotification('strata/validated', (p: FileOutline) => this.validated(p));
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
    // An error that escapes the server ends it: what it holds can no longer be trusted.
    worker.addEventListener('error', (e) => {
      e.preventDefault();
      if (worker === this.worker) void this.restart(e.message || 'the language server stopped');
    });
    connection.listen();
    return connection;
  }

  /** Starts the worker, initialises the server and opens every file of the workspace but those `held`. */
  static async start(workspace: Workspace, held: Iterable<string> = [], startWorker: () => Worker = () => new LanguageServerWorker()): Promise<LanguageClient> {
    const client = new LanguageClient(workspace, startWorker(), startWorker, new Set(held));
    client.ready = client.initialize();
    await client.settled();
    client.syncFiles();
    return client;
  }

  /** Resolves once the server (the latest one, after any restarts) is initialised, or left stopped. */
  private async settled(): Promise<void> {
    for (;;) {
      const ready = this.ready;
      try {
        await ready;
      } catch {
        // That server failed while starting: its error restarts it, with a new `ready`.
      }
      if (ready === this.ready || this.stopped) return;
    }
  }

  private async initialize(): Promise<void> {
    const result: InitializeResult = await this.connection.sendRequest('initialize', {
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
    this.capabilities = result.capabilities;
    await this.connection.sendNotification('initialized', {});
  }

  /**
   * A new server in a new worker, given every file again. The old one's unanswered requests end
   * as no answer (their connection is disposed), and what waited for its checks stops waiting.
   */
  private async restart(reason: string): Promise<void> {
    if (this.disposed) return;
    const old = this.connection;
    this.worker.terminate();
    const now = Date.now();
    while (this.restarts.length > 0 && now - this.restarts[0]! > restartWindowMs) this.restarts.shift();
    if (this.restarts.length >= maxRestarts) {
      this.stopped = true;
      old.dispose();
      for (const w of [...this.waiting]) w.done();
      this.dispatchEvent(new CustomEvent('server-stopped', { detail: { reason } }));
      return;
    }
    this.restarts.push(now);
    this.worker = this.startWorker();
    this.connection = this.connect(this.worker);
    old.dispose();
    for (const w of [...this.waiting]) w.done();
    this.synced.clear();
    this.sent.clear();
    this.checked.clear();
    const ready = this.initialize().then(() => {
      // Every file again, including any opened while the server was starting.
      this.synced.clear();
      for (const f of this.workspace.files()) if (!this.held.has(f.uri)) this.open(f.uri, f.text);
      this.dispatchEvent(new CustomEvent('server-restarted', { detail: { reason } }));
    });
    this.ready = ready;
    // A new server that fails while starting fires its own error, which restarts it again.
    await ready.catch(() => undefined);
  }

  /**
   * Compiles a file's game (or variant) from the server's latest build of it; null when the file
   * changed meanwhile (the caller compiles again) or the server could not answer.
   */
  compile(uri: string, variant: string | null): Promise<CompileOutcome | null> {
    return this.request<CompileOutcome>('strata/compile', { textDocument: { uri }, variant });
  }

  /**
   * A request to the server. When Monaco cancels it, or the file it is about changes, the server is
   * told to stop and the answer is null. With `afterPause`, it goes only once the file has not
   * changed for `typingPauseMs`.
   */
  async request<R>(method: string, params: unknown, token?: CancellationToken, options: { afterPause?: boolean } = {}): Promise<R | null> {
    const uri = documentOf(params);
    const source = new CancellationTokenSource();
    const sub = token?.onCancellationRequested(() => source.cancel());
    // A request about a file is void once the file changes: its answer would describe the old text,
    // and the server would make the change wait behind it. Cancelled, it leaves the server's queue.
    const pending = uri === undefined ? undefined : this.pending.get(uri) ?? new Set<CancellationTokenSource>();
    if (uri !== undefined && pending) this.pending.set(uri, pending.add(source));
    try {
      if (uri !== undefined) await this.caughtUp(uri);
      // A whole-file request goes once typing pauses: running, it would hold up the next letter's check.
      const pause = uri !== undefined && options.afterPause ? (this.changedAt.get(uri) ?? 0) + typingPauseMs - performance.now() : 0;
      if (pause > 0 && !source.token.isCancellationRequested) await new Promise((resolve) => setTimeout(resolve, pause));
      if (source.token.isCancellationRequested || this.stopped) return null;
      return await this.connection.sendRequest<R>(method, params, source.token);
    } catch (e) {
      if (source.token.isCancellationRequested) return null;
      // The server could not answer (a file it has not built yet, just after "New variant"): no
      // answer, like a cancelled request, rather than an error thrown into the page.
      if (e instanceof ResponseError || this.stopped) {
        console.debug('[strata-ls]', method, e instanceof Error ? e.message : e);
        return null;
      }
      throw e;
    } finally {
      pending?.delete(source);
      sub?.dispose();
      source.dispose();
    }
  }

  /** Whether a file is kept off the server (safe mode). */
  isHeld(uri: string): boolean {
    return this.held.has(uri);
  }

  /** Gives a held file to the server: the designer chose to open it. */
  release(uri: string): void {
    const text = this.workspace.get(uri)?.text;
    if (!this.held.delete(uri) || text === undefined) return;
    this.open(uri, text);
  }

  dispose(): void {
    this.disposed = true;
    for (const d of this.disposables) d();
    this.connection.dispose();
    this.worker.terminate();
  }

  /** Resolves once the server has checked the last text sent for `uri` (or after a while regardless). */
  private caughtUp(uri: string, patienceMs = 3000): Promise<void> {
    const version = this.sent.get(uri);
    if (version === undefined || (this.checked.get(uri) ?? -1) >= version) return Promise.resolve();
    return new Promise((resolve) => {
      const waiter = { uri, version, done: () => { this.waiting.delete(waiter); clearTimeout(timer); resolve(); } };
      const timer = setTimeout(() => {
        waiter.done();
        void this.checkAlive();
      }, patienceMs);
      this.waiting.add(waiter);
    });
  }

  /** A server late with a check is asked for any answer (an unknown method's error will do); none in time: restarted. */
  private async checkAlive(): Promise<void> {
    if (this.pinging || this.disposed || this.stopped) return;
    this.pinging = true;
    const connection = this.connection;
    const answered = await Promise.race([
      connection.sendRequest('strata/ping').then(() => true, () => true),
      new Promise<boolean>((done) => setTimeout(() => done(false), pingPatienceMs)),
    ]);
    this.pinging = false;
    if (!answered && connection === this.connection) await this.restart('the language server stopped answering');
  }

  private validated(outline: FileOutline): void {
    const { uri, version } = outline;
    this.checked.set(uri, Math.max(version, this.checked.get(uri) ?? -1));
    this.outlines.set(uri, outline);
    for (const w of [...this.waiting]) if (w.uri === uri && w.version <= version) w.done();
    this.dispatchEvent(new CustomEvent<FileOutline>('outline', { detail: outline }));
  }

  /** The server holds every file of the workspace, following additions, removals and edits. */
  private syncFiles(): void {
    const ws = this.workspace;
    const reconcile = () => {
      const wanted = new Set(ws.files().map((f) => f.uri));
      for (const f of ws.files()) if (!this.held.has(f.uri)) this.open(f.uri, f.text);
      for (const uri of [...this.synced]) if (!wanted.has(uri)) this.close(uri);
    };
    const onChange = (e: Event) => {
      const { uri } = (e as CustomEvent<FileChange>).detail;
      const text = ws.get(uri)?.text;
      if (text !== undefined && this.synced.has(uri)) this.change(uri, text);
    };
    ws.addEventListener('files-changed', reconcile);
    ws.addEventListener('file-changed', onChange);
    this.disposables.push(() => {
      ws.removeEventListener('files-changed', reconcile);
      ws.removeEventListener('file-changed', onChange);
    });
    reconcile();
  }

  private open(uri: string, text: string): void {
    if (this.synced.has(uri)) return;
    this.synced.add(uri);
    const version = ++this.version;
    this.sent.set(uri, version);
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  private change(uri: string, text: string): void {
    const version = ++this.version;
    this.sent.set(uri, version);
    this.changedAt.set(uri, performance.now());
    // (vscode-jsonrpc's source throws when cancelled twice before its token was read.)
    for (const request of this.pending.get(uri) ?? []) if (!request.token.isCancellationRequested) request.cancel();
    // Whole-text changes: simple, and the server re-parses the file anyway.
    this.notify('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  }

  /** A notification to the server, unless it was left stopped. */
  private notify(method: string, params: unknown): void {
    if (!this.stopped) void this.connection.sendNotification(method, params);
  }

  private close(uri: string): void {
    if (!this.synced.delete(uri)) return;
    this.sent.delete(uri);
    this.checked.delete(uri);
    this.outlines.delete(uri);
    this.notify('textDocument/didClose', { textDocument: { uri } });
    this.publish({ uri, diagnostics: [] });
  }

  private publish(p: PublishDiagnosticsParams): void {
    this.diagnostics.set(p.uri, p.diagnostics);
    this.dispatchEvent(new CustomEvent<DiagnosticsEvent>('diagnostics', { detail: { uri: p.uri, diagnostics: p.diagnostics } }));
  }
}

/** The file a request is about (`textDocument.uri` of its parameters), if any. */
function documentOf(params: unknown): string | undefined {
  if (typeof params !== 'object' || params === null || !('textDocument' in params)) return undefined;
  const doc = params.textDocument;
  return typeof doc === 'object' && doc !== null && 'uri' in doc && typeof doc.uri === 'string' ? doc.uri : undefined;
}
