/**
 * `<strata-app>`: the editor page. Owns the workspace of rule files, their autosave, the compiler
 * and the open file; lays out the file list, the code editor (loaded lazily, after this shell has
 * painted), the problems and IR panels, and the playtest panel.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, state } from 'lit/decorators.js';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { Workspace, nameOf, type FileChange } from './workspace/workspace.js';
import { bundledRulesets } from './workspace/bundled-rulesets.js';
import { Autosave } from './workspace/autosave.js';
import { decodeShare, encodeShare } from './workspace/share-link.js';
import { download } from './workspace/file-transfer.js';
import { isLibrary, libraryUri } from './workspace/library.js';
import { newVariantText, variantIdentifier } from './workspace/new-variant.js';
import './workspace/strata-variant-bench.js';
import './analyze/strata-analyze-panel.js';
import type { DeadRule } from './analyze/strata-analyze-panel.js';
import type { ScenarioMark } from './workspace/variant-bench.js';
import type { Loc } from '../../interpreter/ir.js';
import { diagnosticText } from './lsp/lsp-convert.js';
import { LanguageClient, type DiagnosticsEvent } from './lsp/language-client.js';
import type { CompileOutcome, FileOutline } from './compile/compile-protocol.js';
import { checkerCrashKey, gameRunningKey, readAppSession, type AppSession } from './app-session.js';
import type { PlayRecord } from './play/game-session.js';
import type { StrataCodeEditor } from './strata-code-editor.js';
import type { Problem } from './strata-problems.js';
import { msg } from './messages.js';
import type { FileEntry } from './strata-file-list.js';
import './strata-file-list.js';
import './strata-problems.js';
import './strata-ir-panel.js';
import './play/strata-play-panel.js';
import './strata-splitter.js';
import type { SplitterMove } from './strata-splitter.js';

const compileDelayMs = 400;
/** Set in localStorage from the start of a visit until its first compile answered. */
const startingKey = 'strata-starting';
const noticeMs = 8000;
/** Narrowest panes a splitter leaves (pixels). */
const minFilesPx = 120;
const minPlayPx = 280;
const minTextPx = 320;

@customElement('strata-app')
export class StrataApp extends LitElement {
  static override styles = css`
    :host { display: grid; grid-template-rows: auto minmax(0, 1fr); height: 100%; }
    header { display: flex; align-items: center; gap: 12px; padding: 6px 12px; background: #24292f; color: white; }
    header h1 { font-size: 16px; margin: 0; letter-spacing: .02em; }
    header .file { font-weight: 600; }
    header .playing { font-size: 12px; color: #b8c0cc; }
    header .spacer { flex: 1; }
    header button { font: inherit; font-size: 12.5px; padding: 3px 10px; border-radius: 4px; border: 1px solid #57606a; background: #32383f; color: white; cursor: pointer; }
    header .save { font-size: 12px; color: #b8c0cc; min-width: 90px; text-align: right; }
    .notice { font-size: 12px; color: #ffd580; }
    .safe { font-size: 12px; color: #ffd580; display: flex; gap: 6px; align-items: center; }
    .safe button { font-size: 12px; padding: 1px 8px; }
    .share { position: absolute; right: 12px; top: 40px; z-index: 20; background: white; color: #1f2328; border: 1px solid #c5cad3; border-radius: 6px; padding: 8px; box-shadow: 0 4px 16px #0003; display: flex; gap: 6px; align-items: center; }
    .share input { width: 360px; font: inherit; font-size: 12px; }
    /* Three panes side by side; either side pane can be collapsed; narrower screens get narrower
       side panes, and below 900 px the panes stack (the page scrolls). */
    :host { --files-w: 210px; --play-w: minmax(380px, 44%); }
    main { display: grid; grid-template-columns: var(--files-w) var(--split-files-w, 5px) minmax(0, 1fr) var(--split-play-w, 5px) var(--play-w); grid-template-areas: "files split-files text split-play play"; min-height: 0; }
    /* The splitters between the panes (dragged, or arrow keys): widths set by the page. */
    main > strata-splitter.files { grid-area: split-files; }
    main > strata-splitter.play { grid-area: split-play; }
    main.no-files { --split-files-w: 0px; }
    main.no-play { --split-play-w: 0px; }
    main.no-files > strata-splitter.files, main.no-play > strata-splitter.play { display: none; }
    main > strata-file-list { grid-area: files; min-width: 0; }
    main > .text { grid-area: text; }
    main > strata-play-panel { grid-area: play; }
    main.no-files { --files-w: 0px; }
    main.no-files > strata-file-list, main.no-play > strata-play-panel { display: none; }
    main.no-play { --play-w: 0px; }
    header button.pane[aria-pressed=false] { opacity: .6; }
    @media (max-width: 1100px) { :host { --files-w: 170px; --play-w: minmax(320px, 42%); } }
    @media (max-width: 900px) {
      main, main.no-files, main.no-play { grid-template-columns: minmax(0, 1fr); grid-template-areas: "files" "text" "play"; grid-template-rows: auto minmax(360px, 65vh) auto; overflow: auto; }
      main > strata-file-list { max-height: 30vh; border-right: 0; border-bottom: 1px solid #d8dbe0; }
      main > strata-splitter { display: none; }
      main > .text { border-right: 0; }
      strata-play-panel { overflow: visible; }
      header { flex-wrap: wrap; }
    }
    .text { display: grid; grid-template-rows: minmax(0, 1fr) auto minmax(0, 32%); min-height: 0; border-right: 1px solid #d8dbe0; background: white; }
    strata-code-editor { min-height: 0; }
    strata-code-editor:not(:defined) { display: grid; place-items: center; color: #667; }
    .tabs { display: flex; gap: 2px; border-top: 1px solid #d8dbe0; background: #f3f4f6; padding: 0 6px; }
    .tabs button { font: inherit; font-size: 12px; border: 0; background: none; padding: 4px 10px; cursor: pointer; border-bottom: 2px solid transparent; }
    .tabs button.active { border-bottom-color: #2e6bb0; font-weight: 600; }
    .bottom { min-height: 0; overflow: auto; }
    strata-play-panel { min-height: 0; overflow: auto; }
  `;

  private readonly workspace = new Workspace(bundledRulesets);
  private readonly autosave = new Autosave();
  /** The language server: it checks every file and compiles the open one from the same build. */
  @state() private client: LanguageClient | null = null;
  /** What each file declares, as the language server last read it. */
  @state() private outlines = new Map<string, FileOutline>();
  private compiles = 0;
  private compileTimer?: ReturnType<typeof setTimeout>;
  private noticeTimer?: ReturnType<typeof setTimeout>;

  @state() private ready = false;
  /** The file whose rules are compiled and played. */
  @state() private openUri = '';
  /** The file in the code editor: the open file, or the built-in library for a while. */
  @state() private shownUri = '';
  @state() private variants: Record<string, string | null> = {};
  @state() private games: Record<string, PlayRecord> = {};
  @state() private diagnostics = new Map<string, Diagnostic[]>();
  @state() private outcome: CompileOutcome | null = null;
  @state() private compiling = false;
  @state() private bottomTab: 'problems' | 'ir' | 'bench' | 'analyze' = 'problems';
  @state() private pendingSaves = 0;
  @state() private saveError = '';
  @state() private notice = '';
  /** Safe mode: the file (and the games) the last visit had open, offered to open again. */
  @state() private safeOffer: { uri: string; games: Record<string, PlayRecord> } | null = null;
  @state() private shareLink = '';
  @state() private revision = 0;
  /** The side panes shown (the header's Files and Playtest buttons collapse them). */
  @state() private showFiles = true;
  @state() private showPlay = true;
  /** Side pane widths the designer dragged to (pixels; null: the default). */
  @state() private filesPx: number | null = null;
  @state() private playPx: number | null = null;

  override connectedCallback(): void {
    super.connectedCallback();
    void this.restore();
    this.autosave.addEventListener('saved-state', (e) => {
      const d = (e as CustomEvent<{ pending: number; error?: string }>).detail;
      this.pendingSaves = d.pending;
      if (d.error) this.saveError = d.error;
    });
    this.workspace.addEventListener('file-changed', (e) => this.onFileChanged((e as CustomEvent<FileChange>).detail));
    this.workspace.addEventListener('files-changed', () => this.revision++);
    // A share link pasted into this tab changes only the hash.
    addEventListener('hashchange', () => void this.readShareLink().then((uri) => uri && this.open(uri)));
  }

  override firstUpdated(): void {
    // Monaco arrives after the shell has painted.
    requestAnimationFrame(() => void import('./strata-code-editor.js'));
  }

  override render() {
    if (!this.ready) return html`<header><h1>Strata</h1></header><main></main>`;
    const open = this.workspace.get(this.openUri);
    const shown = isLibrary(this.shownUri) ? `${libraryUri.slice(libraryUri.lastIndexOf('/') + 1)} (built in, read only)`
      : this.shownUri !== this.openUri && this.workspace.get(this.shownUri) ? nameOf(this.shownUri) : (open?.name ?? '');
    return html`
      <header>
        <h1>Strata</h1>
        <span class="file">${shown}</span>
        ${this.shownUri !== this.openUri && open ? html`<span class="playing" data-playing=${open.uri}>${msg.stillPlaying(open.name)}</span>` : nothing}
        ${this.notice ? html`<span class="notice" role="status">${this.notice}</span>` : nothing}
        ${this.safeOffer ? this.renderSafeOffer(this.safeOffer) : nothing}
        <span class="spacer"></span>
        <button class="pane" data-cmd="toggle-files" aria-pressed=${String(this.showFiles)} @click=${() => (this.showFiles = !this.showFiles)}>Files</button>
        <button class="pane" data-cmd="toggle-play" aria-pressed=${String(this.showPlay)} @click=${() => (this.showPlay = !this.showPlay)}>Playtest</button>
        <button data-cmd="format" @click=${() => void this.codeEditor()?.format()}>Format</button>
        <button data-cmd="share" @click=${this.share}>Share link</button>
        <span class="save" data-save=${this.saveError ? 'error' : this.pendingSaves > 0 ? 'saving' : 'saved'}>
          ${this.saveError ? msg.notSaved(this.saveError) : this.pendingSaves > 0 ? msg.saving() : msg.allSaved()}
        </span>
      </header>
      ${this.shareLink ? html`<div class="share"><input readonly .value=${this.shareLink} @focus=${(e: FocusEvent) => (e.target as HTMLInputElement).select()} />
        <button @click=${() => (this.shareLink = '')}>Close</button></div>` : nothing}
      <main class="${this.showFiles ? '' : 'no-files'} ${this.showPlay ? '' : 'no-play'}" style=${this.paneWidths()}>
        <strata-file-list
          .files=${this.fileEntries()}
          .openUri=${this.openUri}
          .variant=${this.variants[this.openUri] ?? null}
          @open-file=${(e: CustomEvent<{ uri: string }>) => this.open(e.detail.uri)}
          @select-variant=${(e: CustomEvent<{ uri: string; variant: string }>) => this.selectVariant(e.detail.uri, e.detail.variant)}
          @new-variant=${(e: CustomEvent<{ name: string }>) => this.newVariant(e.detail.name)}
          @new-file=${(e: CustomEvent<{ name: string }>) => this.open(this.workspace.add(e.detail.name, ''))}
          @import-files=${(e: CustomEvent<{ files: { name: string; text: string }[] }>) => this.importFiles(e.detail.files)}
          @export-file=${this.exportFile}
          @revert-file=${(e: CustomEvent<{ uri: string }>) => this.workspace.revert(e.detail.uri)}
          @delete-file=${(e: CustomEvent<{ uri: string }>) => this.deleteFile(e.detail.uri)}
        ></strata-file-list>
        <strata-splitter class="files" label="Resize the file list" @split-move=${(e: CustomEvent<SplitterMove>) => this.resizePane('files', e.detail)}
          @split-reset=${() => (this.filesPx = null)}></strata-splitter>
        <section class="text">
          <strata-code-editor
            .workspace=${this.workspace}
            .uri=${this.shownUri}
            .client=${this.client}
            @open-file=${(e: CustomEvent<{ uri: string }>) => this.navigate(e.detail.uri)}
          >${msg.loadingEditor()}</strata-code-editor>
          <nav class="tabs">
            <button class=${this.bottomTab === 'problems' ? 'active' : ''} data-tab="problems" @click=${() => (this.bottomTab = 'problems')}>Problems (${this.problems().length})</button>
            <button class=${this.bottomTab === 'ir' ? 'active' : ''} data-tab="ir" @click=${() => (this.bottomTab = 'ir')}>IR ${this.irBadge()}</button>
            <button class=${this.bottomTab === 'bench' ? 'active' : ''} data-tab="bench" @click=${() => (this.bottomTab = 'bench')}>Workbench</button>
            <button class=${this.bottomTab === 'analyze' ? 'active' : ''} data-tab="analyze" @click=${() => (this.bottomTab = 'analyze')}>Analyze</button>
          </nav>
          <div class="bottom" @reveal=${this.onReveal}>
            ${this.bottomTab === 'problems'
              ? html`<strata-problems .problems=${this.problems()} .openUri=${this.openUri}></strata-problems>`
              : this.bottomTab === 'bench' ? this.renderBench()
              : this.bottomTab === 'analyze' ? nothing
              : html`<strata-ir-panel .outcome=${this.outcome} .compiling=${this.compiling}></strata-ir-panel>`}
            ${this.renderAnalyze()}
          </div>
        </section>
        <strata-splitter class="play" label="Resize the playtest" @split-move=${(e: CustomEvent<SplitterMove>) => this.resizePane('play', e.detail)}
          @split-reset=${() => (this.playPx = null)}></strata-splitter>
        <strata-play-panel
          .outcome=${this.outcome}
          .record=${this.games[this.openUri] ?? null}
          .variant=${this.variants[this.openUri] ?? null}
          @variant-change=${(e: CustomEvent<{ variant: string | null }>) => this.selectVariant(this.openUri, e.detail.variant)}
          @record-change=${(e: CustomEvent<{ record: PlayRecord | null }>) => this.saveGame(e.detail.record)}
          @reveal=${this.onReveal}
          @rules-fired=${(e: CustomEvent<{ at: Loc[] }>) => this.codeEditor()?.markFired(e.detail.at)}
        ></strata-play-panel>
      </main>
    `;
  }

  /** Safe mode's offer: the file the last visit stopped in, opened only if the designer asks. */
  private renderSafeOffer(offer: { uri: string; games: Record<string, PlayRecord> }) {
    const name = this.workspace.get(offer.uri)?.name;
    return html`<span class="safe" role="alert" data-safe=${offer.uri}>${msg.safeMode(name ?? null)}
      ${name ? html`<button data-cmd="open-unsafe" @click=${() => this.leaveSafeMode(offer)}>${msg.openAnyway(name)}</button>` : nothing}
      <button data-cmd="dismiss-safe" @click=${() => (this.safeOffer = null)}>✕</button></span>`;
  }

  private leaveSafeMode(offer: { uri: string; games: Record<string, PlayRecord> }): void {
    this.safeOffer = null;
    this.client?.release(offer.uri);
    this.games = { ...offer.games, ...this.games };
    this.saveSession();
    this.open(offer.uri);
  }

  // ------------------------------------------------------------------ pane widths

  /** Dragged widths, never so wide that the text pane gets too narrow (the window may shrink later). */
  private paneWidths(): string {
    return [
      this.showFiles && this.filesPx !== null ? `--files-w: min(${this.filesPx}px, 35%);` : '',
      this.showPlay && this.playPx !== null ? `--play-w: min(${this.playPx}px, 65%);` : '',
    ].join(' ');
  }

  private resizePane(pane: 'files' | 'play', move: SplitterMove): void {
    const main = this.renderRoot.querySelector('main');
    const side = this.renderRoot.querySelector(pane === 'files' ? 'strata-file-list' : 'strata-play-panel');
    const text = this.renderRoot.querySelector('section.text');
    if (!main || !side || !text) return;
    const box = main.getBoundingClientRect();
    const now = side.getBoundingClientRect().width;
    const wanted = move.x === undefined ? now + (pane === 'files' ? 1 : -1) * (move.by ?? 0) : pane === 'files' ? move.x - box.left : box.right - move.x;
    // The text pane keeps at least this much; the side panes at least enough for their controls.
    const min = pane === 'files' ? minFilesPx : minPlayPx;
    const max = now + text.getBoundingClientRect().width - minTextPx;
    const width = Math.round(Math.max(min, Math.min(wanted, max)));
    if (pane === 'files') this.filesPx = width;
    else this.playPx = width;
  }

  // ------------------------------------------------------------------ start-up and persistence

  private async restore(): Promise<void> {
    // A start that never got its first compile (a file that hangs or crashes the page) is not
    // repeated: the next start is in safe mode, as is one asked for with `?safe`.
    const crashed = localStorage.getItem(checkerCrashKey);
    const safe = new URLSearchParams(location.search).has('safe') || localStorage.getItem(startingKey) !== null
      || localStorage.getItem(gameRunningKey) !== null || crashed !== null;
    localStorage.setItem(startingKey, String(Date.now()));
    localStorage.removeItem(gameRunningKey);
    localStorage.removeItem(checkerCrashKey);
    let session: AppSession | null = null;
    try {
      this.workspace.restore(await this.autosave.loadFiles());
      session = readAppSession(await this.autosave.loadSession());
    } catch (e) {
      this.saveError = e instanceof Error ? e.message : String(e);
    }
    if (safe && session) {
      // Files are kept; the file and games that were open are not reopened unless asked for, and
      // that file is kept off the language server until then.
      this.safeOffer = { uri: crashed || session.openUri, games: session.games };
      session = { ...session, openUri: '', games: {} };
    }
    this.variants = session?.variants ?? {};
    this.games = session?.games ?? {};
    // (In safe mode, not the file held back.)
    const first = this.workspace.files().find((f) => f.uri !== this.safeOffer?.uri)?.uri ?? '';
    this.openUri = session && this.workspace.get(session.openUri) ? session.openUri : first;
    this.openUri = (await this.readShareLink()) ?? this.openUri;
    this.shownUri = this.openUri;
    this.ready = true;
    this.saveSession();
    await this.startLanguageServer(this.safeOffer ? [this.safeOffer.uri] : []);
  }

  /** Started once the saved texts are in the workspace, so the server reads those. */
  private async startLanguageServer(held: string[]): Promise<void> {
    const client = await LanguageClient.start(this.workspace, held);
    client.addEventListener('diagnostics', (e) => this.onDiagnostics(e as CustomEvent<DiagnosticsEvent>));
    client.addEventListener('outline', (e) => this.onOutline((e as CustomEvent<FileOutline>).detail));
    // A crashed server is started again with every file: the open file compiles again from it.
    client.addEventListener('server-restarted', () => {
      this.say(msg.serverRestarted());
      this.compileNow();
    });
    client.addEventListener('server-stopped', (e) => {
      // The next start is a safe mode that keeps the open file off the server until asked.
      localStorage.setItem(checkerCrashKey, this.openUri);
      this.say(msg.serverStopped((e as CustomEvent<{ reason: string }>).detail.reason), 0);
    });
    this.client = client;
    this.compileNow();
  }

  /** The file a share link in the location carries, added to the workspace (or found there). */
  private async readShareLink(): Promise<string | null> {
    if (!location.hash.startsWith('#share=')) return null;
    let uri: string | null = null;
    try {
      const shared = await decodeShare(location.hash);
      if (shared) {
        const same = this.workspace.files().find((f) => f.name === shared.name && f.text === shared.text);
        uri = same?.uri ?? this.workspace.add(shared.name, shared.text);
        this.say(msg.sharedFileOpened(nameOf(uri)));
      }
    } catch (e) {
      this.say(msg.shareLinkUnreadable(e instanceof Error ? e.message : String(e)));
    }
    // The link has done its work; a reload should not add the file again.
    history.replaceState(null, '', location.pathname + location.search);
    return uri;
  }

  /** A short notice in the header, gone after a while. */
  private say(text: string, forMs = noticeMs): void {
    this.notice = text;
    clearTimeout(this.noticeTimer);
    if (forMs > 0) this.noticeTimer = setTimeout(() => (this.notice = ''), forMs);
  }

  private saveSession(): void {
    const session: AppSession = { openUri: this.openUri, variants: this.variants, games: this.games };
    this.autosave.saveSession(session);
  }

  private onFileChanged(change: FileChange): void {
    const f = this.workspace.get(change.uri);
    if (f) this.autosave.saveFile(f.uri, f.original === f.text ? null : f.text);
    this.revision++;
    clearTimeout(this.compileTimer);
    this.compileTimer = setTimeout(() => this.compileNow(), compileDelayMs);
  }

  // ------------------------------------------------------------------ files

  private open(uri: string): void {
    // The built-in library is only shown (read only): the rules in play stay those of the open file.
    if (isLibrary(uri) || uri === this.openUri) {
      this.shownUri = isLibrary(uri) ? libraryUri : uri;
      return;
    }
    if (!this.workspace.get(uri)) return;
    // Opening the file safe mode held back is choosing to check it again.
    if (this.client?.isHeld(uri)) {
      this.safeOffer = null;
      this.client.release(uri);
    }
    this.openUri = uri;
    this.shownUri = uri;
    this.outcome = null;
    this.saveSession();
    this.compileNow();
  }

  /**
   * The code editor went to another file (go to definition, references). A file the open one
   * `use`s is only shown: the rules in play, and the game in progress, stay those of the open file.
   */
  private navigate(uri: string): void {
    if (uri !== this.openUri && this.usedBy(this.openUri).has(uri)) this.shownUri = uri;
    else this.open(uri);
  }

  /** The files `uri` uses, directly or not, as the language server resolved its `use`s. */
  private usedBy(uri: string): Set<string> {
    const seen = new Set<string>();
    const visit = (u: string) => {
      for (const used of this.outlines.get(u)?.uses ?? []) if (!seen.has(used)) seen.add(used), visit(used);
    };
    visit(uri);
    return seen;
  }

  private selectVariant(uri: string, variant: string | null): void {
    this.variants = { ...this.variants, [uri]: variant };
    if (uri !== this.openUri) this.open(uri);
    else this.compileNow();
    this.saveSession();
  }

  private newVariant(wanted: string): void {
    const open = this.workspace.get(this.openUri);
    const outline = this.outlines.get(this.openUri);
    // The game the file declares, else its last variant.
    const base = outline ? (outline.game ?? outline.variants.at(-1) ?? null) : null;
    if (!open || !base) {
      this.say(msg.noBaseToExtend());
      return;
    }
    const id = variantIdentifier(wanted);
    const uri = this.workspace.add(`${open.name.replace(/\.strata$/, '')}-${id}`, newVariantText(open.name, base, id, wanted));
    this.variants = { ...this.variants, [uri]: id };
    this.open(uri);
  }

  private importFiles(files: { name: string; text: string }[]): void {
    let last = '';
    for (const f of files) {
      const existing = this.workspace.files().find((w) => w.name === f.name);
      if (existing && existing.text === f.text) last = existing.uri;
      else last = this.workspace.add(f.name, f.text);
    }
    if (last) this.open(last);
    this.say(msg.imported(files.map((f) => f.name)));
  }

  private exportFile(): void {
    const f = this.workspace.get(this.openUri);
    if (f) download(f.name, f.text);
  }

  private deleteFile(uri: string): void {
    if (!this.workspace.remove(uri)) return;
    this.autosave.saveFile(uri, null);
    const { [uri]: _dropped, ...games } = this.games;
    this.games = games;
    if (uri === this.openUri) {
      this.openUri = '';
      this.shownUri = '';
      this.open(this.workspace.files()[0]?.uri ?? '');
    }
    this.saveSession();
  }

  private async share(): Promise<void> {
    const f = this.workspace.get(this.openUri);
    if (!f) return;
    const link = `${location.origin}${location.pathname}${location.search}${await encodeShare({ name: f.name, text: f.text })}`;
    this.shareLink = link;
    try {
      await navigator.clipboard.writeText(link);
      this.say(msg.shareLinkCopied());
    } catch {
      this.say(msg.shareLinkCopyByHand());
    }
  }

  // ------------------------------------------------------------------ compile and play

  /** Asks the language server to compile the open file from its latest build (no second parse). */
  private compileNow(): void {
    clearTimeout(this.compileTimer);
    const main = this.openUri;
    if (!main || !this.client) return;
    const variant = this.variantFor(main);
    const id = ++this.compiles;
    this.compiling = true;
    void this.client.compile(main, variant).then((outcome) => {
      // Overtaken by a newer compile, or by a change (the change compiles again).
      if (id !== this.compiles || !outcome || outcome.main !== this.openUri) return;
      localStorage.removeItem(startingKey);
      this.outcome = outcome;
      this.compiling = false;
    });
  }

  /** The variant to compile: the one chosen for the file, else the file's own last variant when it declares no game. */
  private variantFor(uri: string): string | null {
    if (uri in this.variants) return this.variants[uri] ?? null;
    const outline = this.outlines.get(uri);
    return outline && outline.game === null ? (outline.variants.at(-1) ?? null) : null;
  }

  private saveGame(record: PlayRecord | null): void {
    const { [this.openUri]: _old, ...rest } = this.games;
    this.games = record ? { ...rest, [this.openUri]: record } : rest;
    this.saveSession();
  }

  // ------------------------------------------------------------------ problems

  private onOutline(outline: FileOutline): void {
    const old = this.outlines.get(outline.uri);
    const same = old && old.game === outline.game && old.variants.join() === outline.variants.join() && old.uses.join() === outline.uses.join();
    if (same) return;
    const before = this.variantFor(outline.uri);
    this.outlines = new Map(this.outlines).set(outline.uri, outline);
    // The open file's variant may follow from what it declares (its last one, when it has no game).
    if (outline.uri === this.openUri && this.variantFor(outline.uri) !== before) this.compileNow();
  }

  private onDiagnostics(e: CustomEvent<{ uri: string; diagnostics: Diagnostic[] }>): void {
    if (!e.detail.uri.startsWith('file:')) return;
    const next = new Map(this.diagnostics);
    next.set(e.detail.uri, e.detail.diagnostics);
    this.diagnostics = next;
  }

  private problems(): Problem[] {
    return [...this.diagnostics].flatMap(([uri, list]) =>
      !this.workspace.get(uri) ? [] : list.map((d) => ({
        uri,
        file: nameOf(uri),
        line: d.range.start.line + 1,
        col: d.range.start.character + 1,
        severity: d.severity === 1 ? 'error' as const : d.severity === 2 ? 'warning' as const : 'info' as const,
        message: diagnosticText(d),
      })),
    );
  }

  private fileEntries(): FileEntry[] {
    return this.workspace.files().map((f) => ({
      ...f,
      modified: this.workspace.isModified(f.uri),
      variants: this.outlines.get(f.uri)?.variants ?? [],
      errors: (this.diagnostics.get(f.uri) ?? []).filter((d) => d.severity === 1).length,
    }));
  }

  private irBadge() {
    const o = this.outcome;
    if (!o) return '';
    return o.ir && o.validation?.valid ? '✓' : '✕';
  }

  private onReveal(e: CustomEvent<{ uri: string; line: number; col: number }>): void {
    this.codeEditor()?.reveal(e.detail.uri, e.detail.line, e.detail.col);
  }

  /** The house-rule workbench of the open file (workspace/strata-variant-bench.ts). */
  private renderBench() {
    return html`<strata-variant-bench .outcome=${this.outcome} .text=${this.workspace.get(this.openUri)?.text ?? ''}
      .compile=${(uri: string, variant: string) => this.client?.compile(uri, variant) ?? Promise.resolve(null)}
      @set-text=${(e: CustomEvent<{ uri: string; text: string }>) => this.workspace.setText(e.detail.uri, e.detail.text, 'outside')}
      @scenario-marks=${(e: CustomEvent<{ uri: string; marks: ScenarioMark[] }>) => this.codeEditor()?.markScenarios(e.detail.uri, e.detail.marks)}
    ></strata-variant-bench>`;
  }

  /** The Analyze panel (analyze/strata-analyze-panel.ts): the base is compiled by the language server too. */
  private renderAnalyze() {
    // Kept while other tabs are shown: a comparison goes on, and its results stay.
    return html`<strata-analyze-panel ?hidden=${this.bottomTab !== 'analyze'} .outcome=${this.outcome} .fileName=${this.workspace.get(this.openUri)?.name ?? ''}
      .compile=${(uri: string, variant: string) => this.client?.compile(uri, variant) ?? Promise.resolve(null)}
      @never-ran=${(e: CustomEvent<{ rules: DeadRule[] }>) => this.codeEditor()?.markNeverRan(e.detail.rules)}
    ></strata-analyze-panel>`;
  }

  private codeEditor(): StrataCodeEditor | null {
    return this.renderRoot.querySelector('strata-code-editor');
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-app': StrataApp;
  }
}
