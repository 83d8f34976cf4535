/**
 * `<strata-play-panel>`: playtesting beside the text. Starts games on the compiled IR, shows the
 * table through the right player's eyes (hot-seat hand-over included), takes choices from the
 * board, the zones or the list, lets bots move, undoes and redoes, saves and loads games — and when
 * the rules change, replays the game on the new rules and says where it stopped, if it did.
 * The rules run in a game worker (game-client.ts): the page draws snapshots, and a rule that runs
 * long can be stopped (or is stopped at the budget) while the page goes on answering.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { State } from '../../../interpreter/index.js';
import type { GameIR, TypeIR } from '../../../interpreter/ir.js';
import type { SavedGame } from '../../../interpreter/saved-game.js';
import type { CompileOutcome } from '../compile/compile-protocol.js';
import { download } from '../workspace/file-transfer.js';
import type { PlayRecord, Seat } from './game-session.js';
import type { GameRequest, GameSnapshot } from './game-protocol.js';
import { GameClient, defaultBudgetMs } from './game-client.js';
import GameWorker from './game-worker.ts?worker';
import { decideView, hasSecrets, type Viewer, type ViewMode } from './viewer.js';
import { searchMove } from '../analyze/search-move.js';
import { boardChoices } from './board-choices.js';
import { choiceTypes } from './choice-types.js';
import { layoutsOf, type BoardLayout } from './board-layout.js';
import type { StartRequest } from './strata-game-setup.js';
import { readSavedGameFile } from './saved-game-file.js';
import { statusText } from './status-text.js';
import { playerName } from './piece-style.js';
import { msg } from '../messages.js';
import { gameRunningKey } from '../app-session.js';
import './strata-game-setup.js';
import './strata-game-table.js';
import './strata-choice-list.js';
import './strata-player-table.js';
import './strata-game-log.js';
import './strata-handover.js';
import './strata-state-inspector.js';

const botDelayMs = 300;
/** A step of the game running this long gets a Stop button. */
const slowStepMs = 300;

/** A game as the panel holds it: the worker's snapshot, the rules it runs on, and the worker it lives in. */
export interface PlayGame extends GameSnapshot {
  ir: GameIR;
  generation: number;
}

/**
 * @fires record-change - the game to remember changed (detail: { record: PlayRecord | null })
 * @fires variant-change - the designer picked another variant (detail: { variant: string | null })
 */
@customElement('strata-play-panel')
export class StrataPlayPanel extends LitElement {
  static override styles = css`
    :host { display: block; padding: 8px 12px; background: #f6f7f9; font-size: 13px; }
    h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: #667; margin: 4px 0; }
    .bar { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 6px 0; }
    .bar button, .bar select, label.load { font: inherit; font-size: 12.5px; padding: 2px 9px; border-radius: 4px; border: 1px solid #c5cad3; background: white; cursor: pointer; }
    label.load input { display: none; }
    .status { font-weight: 600; }
    .banner { border-radius: 6px; padding: 6px 10px; margin: 6px 0; font-size: 12.5px; }
    .banner.diverged { background: #fff4e0; border: 1px solid #f0b050; }
    .banner.error { background: #fde7e7; border: 1px solid #e0a0a0; white-space: pre-wrap; }
    .banner.stale { background: #eef1f5; border: 1px solid #c5cad3; }
    .table { position: relative; min-height: 120px; }
    section { margin: 8px 0; }
    .banner.travel { background: #e8f0fb; border: 1px solid #9db8dc; display: flex; flex-wrap: wrap; gap: 6px; align-items: center; }
    .banner.travel button { font: inherit; font-size: 12px; }
    details.inspect summary { cursor: pointer; font-size: 12px; text-transform: uppercase; letter-spacing: .06em; color: #667; font-weight: 600; }
    .seats { display: grid; grid-template-columns: repeat(auto-fit, minmax(220px, 1fr)); gap: 8px; }
    .seats h3 { font-size: 12px; margin: 4px 0; }
    .running { display: flex; gap: 8px; align-items: center; font-size: 12.5px; color: #3a4048; }
    .running button { font: inherit; font-size: 12px; }
  `;

  /** The latest compile of the open file. */
  @property({ attribute: false }) outcome: CompileOutcome | null = null;
  /** A remembered game to resume (from the autosave or a loaded file). */
  @property({ attribute: false }) record: PlayRecord | null = null;
  @property() variant: string | null = null;
  /** How long one step of the game (a move, a replay) may run in the game worker before it is stopped. */
  @property({ type: Number }) gameBudgetMs = defaultBudgetMs;

  @state() private session: PlayGame | null = null;
  /** A request is running in the game worker (reflected as the `busy` attribute, for tests and styles). */
  @property({ type: Boolean, reflect: true }) busy = false;
  /** The running request has taken long enough to offer the Stop button (short ones would only flicker). */
  @state() private slow = false;
  private slowTimer?: ReturnType<typeof setTimeout>;
  private requests = 0;
  private readonly games = new GameClient(() => new GameWorker(), {
    stopped: msg.gameStopped,
    overBudget: msg.gameOverBudget,
    crashed: msg.gameWorkerFailed,
  });
  @state() private message = '';
  @state() private viewMode: ViewMode = 'auto';
  @state() private atScreen: number | null = null;
  @state() private seats: Seat[] = [];
  /** The rules the session runs on did not compile after the last change. */
  @state() private stale = false;
  private lastEmitted: PlayRecord | null = null;
  /** The file whose rules the panel last received: a message shown belongs to it. */
  private messageFile = '';
  private pendingResume: PlayRecord | null = null;
  private botTimer?: ReturnType<typeof setTimeout>;
  private layouts: BoardLayout[] = [];
  private layoutFor: { ir: GameIR; players: number } | null = null;
  private types = new Map<string, TypeIR>();
  private secrets = true;
  /** While looking back from the log: the game as it was before (its latest moment). */
  @state() private latest: PlayGame | null = null;
  /** The state inspector shows every seat's view side by side. */
  @state() private sideBySide = false;

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('record') && this.record !== this.lastEmitted) {
      // Another file's game, or a game loaded from disk: resume it once its rules are compiled.
      // A step still running is of the game left: stopped, its answer ignored.
      if (this.busy) {
        this.requests++;
        this.games.stop();
      }
      this.session = null;
      this.pendingResume = this.record;
      this.seats = this.record?.seats ?? this.seats;
      // Coming back to this record later (another file in between) must resume it again.
      this.lastEmitted = null;
      this.latest = null;
    }
    if (changed.has('outcome')) {
      // A message is about the file it was met in: another file's rules start without it.
      if (this.outcome && this.outcome.main !== this.messageFile) this.message = '';
      if (this.outcome) this.messageFile = this.outcome.main;
      this.onRules();
    }
    if (this.session) this.ensureLayouts(this.session.ir, this.session.state.numPlayers);
  }

  override updated(): void {
    this.scheduleBot();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    addEventListener('pagehide', this.leaving);
  }

  /** A page closed or left on purpose did not crash in a step: the next start need not be safe. */
  private readonly leaving = () => localStorage.removeItem(gameRunningKey);

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    removeEventListener('pagehide', this.leaving);
    clearTimeout(this.botTimer);
    clearTimeout(this.slowTimer);
    this.games.dispose();
  }

  override render() {
    const ir = this.outcome?.ir ?? this.session?.ir;
    return html`
      <h2>Playtest</h2>
      <strata-game-setup .ir=${ir} .variant=${this.variant} .seats=${this.seats}
        @start-game=${(e: CustomEvent<StartRequest>) => this.start(e.detail)}
        @seats-change=${(e: CustomEvent<{ seats: Seat[] }>) => this.setSeats(e.detail.seats)}></strata-game-setup>
      ${this.message ? html`<div class="banner error" role="alert">${this.message}</div>` : nothing}
      ${this.busy && this.slow ? html`<div class="running" data-running>${msg.rulesRunning()}
        <button data-cmd="stop-game" @click=${() => this.games.stop()}>Stop</button></div>` : nothing}
      ${this.session ? this.renderGame(this.session) : html`<p>${msg.startToPlay()}</p>`}
    `;
  }

  private renderGame(session: PlayGame) {
    const s = session.state;
    const decision = decideView(this.viewMode, session.seats, s, this.atScreen, this.secrets);
    const canChoose = decision.canChoose && !this.busy;
    const shown: State = this.seen(session, decision.viewer);
    const choices = canChoose ? boardChoices(s, this.placeKeys(), this.types, session.ir) : { places: new Map(), pieces: new Map() };
    const ended = s.ended;
    const d = session.divergence;
    return html`
      <div class="bar">
        <button data-cmd="undo" ?disabled=${!session.canUndo || this.busy} @click=${() => void this.run(session, (id) => ({ op: 'undo', id }))}>↶ Undo</button>
        <button data-cmd="redo" ?disabled=${!session.canRedo || this.busy} @click=${() => void this.run(session, (id) => ({ op: 'redo', id }))}>↷ Redo</button>
        <button data-cmd="save-game" @click=${() => this.saveGame(session)}>Save game</button>
        <label class="load">Load game…<input type="file" accept=".json,application/json" @change=${this.loadGame} /></label>
        <select data-field="view" title="Whose eyes the table is shown through" @change=${this.onViewMode}>
          <option value="auto" ?selected=${this.viewMode === 'auto'}>View: automatic</option>
          <option value="all" ?selected=${this.viewMode === 'all'}>View: everything</option>
          <option value="spectator" ?selected=${this.viewMode === 'spectator'}>View: spectator</option>
          ${Array.from({ length: s.numPlayers }, (_, p) => html`<option value=${p} ?selected=${this.viewMode === p}>View: ${playerName(p)}</option>`)}
        </select>
        <span class="status" data-status=${ended ? 'ended' : 'playing'}>${statusText(session.state, session.state.ended ? { ranking: session.ranking, drawn: session.drawn } : null)}</span>
      </div>
      ${this.stale ? html`<div class="banner stale">${msg.staleRules()}</div>` : nothing}
      ${this.latest ? this.renderTravel(session, this.latest) : nothing}
      ${d ? html`<div class="banner diverged" data-divergence=${d.index}>
        ${msg.diverged(d.index + 1, d.move, d.player === null ? null : playerName(d.player), d.reason, d.index, d.lost.length)}
        <button @click=${() => this.dropLost(session)}>Forget them</button></div>` : nothing}
      <div class="table">
        ${decision.handover !== null ? html`<strata-handover .player=${decision.handover}
          @handover-done=${(e: CustomEvent<{ player: number }>) => (this.atScreen = e.detail.player)}></strata-handover>` : nothing}
        <section @choose=${(e: CustomEvent<{ label: string }>) => this.choose(e.detail.label)}>
          <strata-choice-list .pending=${decision.canChoose ? s.pending : shown.pending} ?disabled=${!canChoose}
            note=${this.choiceNote(session, decision.canChoose)}></strata-choice-list>
          <strata-game-table .ir=${session.ir} .state=${shown} .layouts=${this.layouts} .choices=${choices}></strata-game-table>
        </section>
        <section>
          <strata-player-table .ir=${session.ir} .state=${shown} .viewer=${decision.viewer}
            .scores=${session.scores} .ranking=${ended ? session.ranking : null}></strata-player-table>
        </section>
        <section><h2>Log</h2><strata-game-log .entries=${this.latest ? this.seen(this.latest, decision.viewer).log : shown.log}
          .at=${this.latest ? s.moves.length : null} @log-moment=${(e: CustomEvent<{ moves: number }>) => void this.travelTo(e.detail.moves)}></strata-game-log></section>
        ${this.renderInspector(session, shown)}
      </div>
    `;
  }

  /** Looking back from the log: where the game is shown, and the way back to playing. */
  private renderTravel(session: PlayGame, latest: PlayGame) {
    return html`<div class="banner travel" data-travel=${session.moves.length}>
      ${msg.lookingBack(session.moves.length, latest.moves.length)}
      <button data-cmd="play-from-here" @click=${() => this.adopt(session)}>Play from here</button>
      <button data-cmd="back-to-latest" @click=${() => void this.travelTo(latest.moves.length)}>Back to the latest</button></div>`;
  }

  /** Variables, tables and zones by name: the shown view, or every seat's side by side. */
  private renderInspector(session: PlayGame, shown: State) {
    const s = session.state;
    return html`<details class="inspect" data-section="inspector"><summary>State</summary>
      <label><input type="checkbox" data-field="side-by-side" .checked=${this.sideBySide}
        @change=${(e: Event) => (this.sideBySide = (e.target as HTMLInputElement).checked)} /> every seat's view side by side</label>
      ${this.sideBySide
        ? html`<div class="seats">${Array.from({ length: s.numPlayers }, (_, p) => html`<div class="seat" data-seat-view=${p}>
            <h3>${msg.seatView(playerName(p))}</h3><strata-state-inspector .ir=${session.ir} .state=${session.views[p] ?? s}></strata-state-inspector></div>`)}</div>`
        : html`<strata-state-inspector .ir=${session.ir} .state=${shown}></strata-state-inspector>`}
    </details>`;
  }

  /** The state through a viewer's eyes, as the worker computed it. */
  private seen(session: PlayGame, viewer: Viewer): State {
    return viewer === 'all' ? session.state : viewer === null ? session.spectator : (session.views[viewer] ?? session.spectator);
  }

  /** The game after its first `moves` moves (a log entry clicked); the latest moment ends the look back. */
  private async travelTo(moves: number): Promise<void> {
    const from = this.latest ?? this.session;
    if (!from) return;
    if (moves >= from.moves.length) {
      if (this.latest) this.session = this.latest;
      this.latest = null;
      return;
    }
    const then = await this.request(from, (id) => ({ op: 'goTo', id, moves }));
    if (!then) return;
    this.message = '';
    this.latest = from;
    this.session = then;
  }

  // ------------------------------------------------------------------ rules and sessions

  /** New compile: resume a remembered game, or replay the current one on the new rules. */
  private onRules(): void {
    const ir = this.outcome?.ir;
    if (!ir || this.outcome?.validation?.valid === false) {
      this.stale = this.session !== null;
      return;
    }
    this.stale = false;
    this.types = choiceTypes(ir);
    this.secrets = hasSecrets(ir);
    const resume = this.pendingResume;
    if (resume && (resume.variant ?? null) === ir.variant) {
      this.pendingResume = null;
      void this.run(null, () => ({ op: 'resume', ir, record: resume }), ir);
    } else if (this.session && this.session.ir.name === ir.name && JSON.stringify(this.session.ir) !== JSON.stringify(ir)) {
      void this.run(this.session, (id) => ({ op: 'rebase', id, ir }), ir);
    }
  }

  private start(req: StartRequest): void {
    const ir = this.outcome?.ir;
    if (!ir) return;
    this.seats = req.seats;
    this.atScreen = null;
    void this.run(null, () => ({ op: 'start', ir, players: req.players, seed: req.seed, seats: req.seats }), ir);
  }

  private choose(label: string): void {
    if (this.session && !this.busy) void this.run(this.session, (id) => ({ op: 'choose', id, label }));
  }

  /**
   * One transition in the game worker, from `from` (null: a new game on `ir`); a message when it
   * is refused or stopped, else the game after it. A game held by a worker that was stopped since
   * is first resumed from its record in the new one.
   */
  private async request(from: PlayGame | null, make: (id: number) => GameRequest, ir = from?.ir): Promise<PlayGame | null> {
    if (!ir) return null;
    clearTimeout(this.botTimer);
    // A newer request stops this one: its answer, or its being stopped, is then no news.
    const mine = ++this.requests;
    // A step still running is stopped first (its worker ends, and with it the games it held).
    if (this.games.busy) this.games.stop();
    this.busy = true;
    clearTimeout(this.slowTimer);
    this.slowTimer = setTimeout(() => (this.slow = true), slowStepMs);
    localStorage.setItem(gameRunningKey, ir.name);
    try {
      let id = from?.id ?? 0;
      if (from && from.generation !== this.games.generation) {
        const again = await this.games.request({ op: 'resume', ir: from.ir, record: from.record }, this.held(), this.gameBudgetMs);
        if (mine !== this.requests) return null;
        if (!again.ok) return this.refused(again.message);
        id = again.snapshot.id;
      }
      const r = await this.games.request(make(id), [...this.held(), id], this.gameBudgetMs);
      if (mine !== this.requests) return null;
      if (!r.ok) return this.refused(r.message);
      return { ...r.snapshot, ir, generation: this.games.generation };
    } finally {
      this.busy = this.games.busy;
      if (!this.busy) {
        localStorage.removeItem(gameRunningKey);
        clearTimeout(this.slowTimer);
        this.slow = false;
      }
    }
  }

  /** The games the panel holds in the worker (the others may be forgotten). */
  private held(): number[] {
    return [this.session, this.latest].flatMap((g) => (g && g.generation === this.games.generation ? [g.id] : []));
  }

  private refused(message: string): null {
    this.message = message;
    return null;
  }

  /** A transition whose result becomes the game shown. */
  private async run(from: PlayGame | null, make: (id: number) => GameRequest, ir = from?.ir): Promise<void> {
    const next = await this.request(from, make, ir);
    if (next) this.adopt(next);
  }

  private adopt(next: PlayGame): void {
    this.message = '';
    this.session = next;
    // A move, undo or redo made while looking back plays on from there.
    this.latest = null;
    this.dispatchEvent(new CustomEvent('rules-fired', { detail: { at: next.fired }, bubbles: true, composed: true }));
    this.ensureLayouts(next.ir, next.state.numPlayers);
    this.emitRecord(next.record);
  }

  private dropLost(session: PlayGame): void {
    const record = { ...session.record, moves: session.moves, movers: session.movers };
    void this.run(null, () => ({ op: 'resume', ir: session.ir, record }), session.ir);
  }

  private setSeats(seats: Seat[]): void {
    this.seats = seats;
    if (this.session) void this.run(this.session, (id) => ({ op: 'seats', id, seats }));
  }

  private emitRecord(record: PlayRecord | null): void {
    this.lastEmitted = record;
    this.dispatchEvent(new CustomEvent('record-change', { detail: { record }, bubbles: true, composed: true }));
  }

  // ------------------------------------------------------------------ bots, views, files

  private scheduleBot(): void {
    clearTimeout(this.botTimer);
    const session = this.session;
    const s = session?.state;
    // Looking back from the log: bots wait until play goes on from there.
    if (!session || !s || s.ended || !s.pending || session.divergence || this.latest || this.busy) return;
    const seat = session.seats[s.pending.player] ?? 'person';
    if (seat === 'person') return;
    if (seat === 'search') {
      // The search bot decides in a worker of its own; the move then goes to the game worker.
      const pending = s.pending;
      void searchMove(session.ir, s, pending.player).then(
        (i) => {
          const label = pending.labels[i];
          if (this.session === session && !this.busy && label !== undefined) void this.run(session, (id) => ({ op: 'choose', id, label }));
        },
        (e: unknown) => console.debug('search bot:', e),
      );
      return;
    }
    this.botTimer = setTimeout(() => {
      if (this.session === session && !this.busy) void this.run(session, (id) => ({ op: 'bot', id }));
    }, botDelayMs);
  }

  private onViewMode(e: Event): void {
    const v = (e.target as HTMLSelectElement).value;
    this.viewMode = v === 'auto' || v === 'all' || v === 'spectator' ? v : Number(v);
  }

  private saveGame(session: PlayGame): void {
    const r = session.record;
    const saved: SavedGame = { format: 'strata-save/1', ruleset: session.hash, variant: r.variant, players: r.players, seed: r.seed, moves: r.moves };
    download(`${session.ir.name}-seed${saved.seed}-${saved.moves.length}moves.json`, JSON.stringify(saved, null, 2), 'application/json');
  }

  private async loadGame(e: Event): Promise<void> {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    const read = await readSavedGameFile(await file.text());
    if (typeof read === 'string') {
      this.message = read;
      return;
    }
    const record: PlayRecord = { ...read, seats: this.seats };
    this.session = null;
    this.pendingResume = record;
    if ((record.variant ?? null) !== (this.outcome?.ir?.variant ?? null)) {
      this.dispatchEvent(new CustomEvent('variant-change', { detail: { variant: record.variant }, bubbles: true, composed: true }));
    } else {
      this.onRules();
    }
  }

  private choiceNote(session: PlayGame, canChoose: boolean): string {
    const p = session.state.pending;
    if (!p || canChoose) return '';
    if ((session.seats[p.player] ?? 'person') === 'person') return msg.waiting();
    // Bots do not play over moves kept for replay: a move of theirs would drop them.
    return session.divergence ? msg.botWaitsForRules() : msg.botThinking();
  }

  private ensureLayouts(ir: GameIR, players: number): void {
    if (this.layoutFor?.ir === ir && this.layoutFor.players === players) return;
    this.layoutFor = { ir, players };
    this.layouts = layoutsOf(ir, players);
  }

  private placeKeys(): Set<string> {
    return new Set(this.layouts.flatMap((l) => l.places.map((p) => p.key)));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-play-panel': StrataPlayPanel;
  }
}
