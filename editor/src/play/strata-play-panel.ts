/**
 * `<strata-play-panel>`: playtesting beside the text. Starts games on the compiled IR, shows the
 * table through the right player's eyes (hot-seat hand-over included), takes choices from the
 * board, the zones or the list, lets bots move, undoes and redoes, saves and loads games — and when
 * the rules change, replays the game on the new rules and says where it stopped, if it did.
 */
import { LitElement, css, html, nothing, type PropertyValues } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import { isTerminal, ranking, scores, view, type State } from '../../../interpreter/index.js';
import type { GameIR, TypeIR } from '../../../interpreter/ir.js';
import type { CompileOutcome } from '../compile/compile-protocol.js';
import { download } from '../workspace/file-transfer.js';
import { GameSession, type PlayRecord, type Seat } from './game-session.js';
import { decideView, hasSecrets, type ViewMode } from './viewer.js';
import { botMove } from './bot.js';
import { searchMove } from '../analyze/search-move.js';
import { boardChoices } from './board-choices.js';
import { choiceTypes } from './choice-types.js';
import { layoutsOf, type BoardLayout } from './board-layout.js';
import type { StartRequest } from './strata-game-setup.js';
import { readSavedGameFile } from './saved-game-file.js';
import { playerName } from './piece-style.js';
import { msg } from '../messages.js';
import './strata-game-setup.js';
import './strata-game-table.js';
import './strata-choice-list.js';
import './strata-player-table.js';
import './strata-game-log.js';
import './strata-handover.js';
import './strata-state-inspector.js';

const botDelayMs = 300;

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
  `;

  /** The latest compile of the open file. */
  @property({ attribute: false }) outcome: CompileOutcome | null = null;
  /** A remembered game to resume (from the autosave or a loaded file). */
  @property({ attribute: false }) record: PlayRecord | null = null;
  @property() variant: string | null = null;

  @state() private session: GameSession | null = null;
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
  @state() private latest: GameSession | null = null;
  /** The state inspector shows every seat's view side by side. */
  @state() private sideBySide = false;

  override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('record') && this.record !== this.lastEmitted) {
      // Another file's game, or a game loaded from disk: resume it once its rules are compiled.
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

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.botTimer);
  }

  override render() {
    const ir = this.outcome?.ir ?? this.session?.ir;
    return html`
      <h2>Playtest</h2>
      <strata-game-setup .ir=${ir} .variant=${this.variant} .seats=${this.seats}
        @start-game=${(e: CustomEvent<StartRequest>) => this.start(e.detail)}
        @seats-change=${(e: CustomEvent<{ seats: Seat[] }>) => this.setSeats(e.detail.seats)}></strata-game-setup>
      ${this.message ? html`<div class="banner error" role="alert">${this.message}</div>` : nothing}
      ${this.session ? this.renderGame(this.session) : html`<p>${msg.startToPlay()}</p>`}
    `;
  }

  private renderGame(session: GameSession) {
    const s = session.state;
    const decision = decideView(this.viewMode, session.seats, s, this.atScreen, this.secrets);
    const shown: State = decision.viewer === 'all' ? s : view(session.game, s, decision.viewer);
    const choices = decision.canChoose ? boardChoices(s, this.placeKeys(), this.types) : { places: new Map(), pieces: new Map() };
    const ended = isTerminal(s);
    const d = session.divergence;
    return html`
      <div class="bar">
        <button data-cmd="undo" ?disabled=${!session.canUndo()} @click=${() => this.step(session.undo())}>↶ Undo</button>
        <button data-cmd="redo" ?disabled=${!session.canRedo()} @click=${() => this.step(session.redo())}>↷ Redo</button>
        <button data-cmd="save-game" @click=${() => this.saveGame(session)}>Save game</button>
        <label class="load">Load game…<input type="file" accept=".json,application/json" @change=${this.loadGame} /></label>
        <select data-field="view" title="Whose eyes the table is shown through" @change=${this.onViewMode}>
          <option value="auto" ?selected=${this.viewMode === 'auto'}>View: automatic</option>
          <option value="all" ?selected=${this.viewMode === 'all'}>View: everything</option>
          <option value="spectator" ?selected=${this.viewMode === 'spectator'}>View: spectator</option>
          ${Array.from({ length: s.numPlayers }, (_, p) => html`<option value=${p} ?selected=${this.viewMode === p}>View: ${playerName(p)}</option>`)}
        </select>
        <span class="status" data-status=${ended ? 'ended' : 'playing'}>${this.statusText(session)}</span>
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
          <strata-choice-list .pending=${decision.canChoose ? s.pending : shown.pending} ?disabled=${!decision.canChoose}
            note=${this.choiceNote(session, decision.canChoose)}></strata-choice-list>
          <strata-game-table .ir=${session.ir} .state=${shown} .layouts=${this.layouts} .choices=${choices}></strata-game-table>
        </section>
        <section>
          <strata-player-table .ir=${session.ir} .state=${shown} .viewer=${decision.viewer}
            .scores=${this.safe(() => scores(session.game, s))} .ranking=${ended ? this.safe(() => ranking(session.game, s)) : null}></strata-player-table>
        </section>
        <section><h2>Log</h2><strata-game-log .entries=${this.latest ? this.seen(this.latest, decision.viewer).log : shown.log}
          .at=${this.latest ? s.moves.length : null} @log-moment=${(e: CustomEvent<{ moves: number }>) => this.travelTo(e.detail.moves)}></strata-game-log></section>
        ${this.renderInspector(session, shown)}
      </div>
    `;
  }

  /** Looking back from the log: where the game is shown, and the way back to playing. */
  private renderTravel(session: GameSession, latest: GameSession) {
    return html`<div class="banner travel" data-travel=${session.moves.length}>
      ${msg.lookingBack(session.moves.length, latest.moves.length)}
      <button data-cmd="play-from-here" @click=${() => this.adopt(session)}>Play from here</button>
      <button data-cmd="back-to-latest" @click=${() => this.travelTo(latest.moves.length)}>Back to the latest</button></div>`;
  }

  /** Variables, tables and zones by name: the shown view, or every seat's side by side. */
  private renderInspector(session: GameSession, shown: State) {
    const s = session.state;
    return html`<details class="inspect" data-section="inspector"><summary>State</summary>
      <label><input type="checkbox" data-field="side-by-side" .checked=${this.sideBySide}
        @change=${(e: Event) => (this.sideBySide = (e.target as HTMLInputElement).checked)} /> every seat's view side by side</label>
      ${this.sideBySide
        ? html`<div class="seats">${Array.from({ length: s.numPlayers }, (_, p) => html`<div class="seat" data-seat-view=${p}>
            <h3>${msg.seatView(playerName(p))}</h3><strata-state-inspector .ir=${session.ir} .state=${view(session.game, s, p)}></strata-state-inspector></div>`)}</div>`
        : html`<strata-state-inspector .ir=${session.ir} .state=${shown}></strata-state-inspector>`}
    </details>`;
  }

  private seen(session: GameSession, viewer: number | null | 'all'): State {
    return viewer === 'all' ? session.state : view(session.game, session.state, viewer);
  }

  /** The game after its first `moves` moves (a log entry clicked); the latest moment ends the look back. */
  private travelTo(moves: number): void {
    const from = this.latest ?? this.session;
    if (!from) return;
    if (moves >= from.moves.length) {
      if (this.latest) this.session = this.latest;
      this.latest = null;
      return;
    }
    const then = from.goTo(moves);
    if (typeof then === 'string') {
      this.message = then;
      return;
    }
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
      this.adopt(GameSession.resume(ir, resume));
    } else if (this.session && this.session.ir.name === ir.name && JSON.stringify(this.session.ir) !== JSON.stringify(ir)) {
      this.adopt(this.session.rebase(ir));
    }
  }

  private start(req: StartRequest): void {
    const ir = this.outcome?.ir;
    if (!ir) return;
    this.seats = req.seats;
    this.atScreen = null;
    this.adopt(GameSession.start(ir, req));
  }

  private choose(label: string): void {
    if (this.session) this.step(this.session.choose(label));
  }

  /** Takes the result of a session transition: the new session, or a message saying why not. */
  private step(next: GameSession | string): void {
    if (typeof next === 'string') {
      this.message = next;
      return;
    }
    this.adopt(next);
  }

  private adopt(next: GameSession | string): void {
    if (typeof next === 'string') {
      this.message = next;
      return;
    }
    this.message = '';
    this.session = next;
    // A move, undo or redo made while looking back plays on from there.
    this.latest = null;
    this.dispatchEvent(new CustomEvent('rules-fired', { detail: { at: next.fired }, bubbles: true, composed: true }));
    this.ensureLayouts(next.ir, next.state.numPlayers);
    this.emitRecord(next.toRecord());
  }

  private dropLost(session: GameSession): void {
    this.adopt(GameSession.resume(session.ir, { ...session.toRecord(), moves: session.moves, movers: session.movers }));
  }

  private setSeats(seats: Seat[]): void {
    this.seats = seats;
    if (this.session) this.adopt(this.session.withSeats(seats));
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
    if (!session || !s || s.ended || !s.pending || session.divergence || this.latest) return;
    const seat = session.seats[s.pending.player] ?? 'person';
    if (seat === 'person') return;
    if (seat === 'search') {
      const pending = s.pending;
      void searchMove(session.ir, s, pending.player).then(
        (i) => this.session === session && pending.labels[i] !== undefined && this.step(session.choose(pending.labels[i])),
        (e: unknown) => console.debug('search bot:', e),
      );
      return;
    }
    this.botTimer = setTimeout(() => {
      if (this.session !== session) return;
      const move = botMove(session.legalMoves(), s.seed, s.moves.length);
      if (move) this.step(session.choose(move.label));
    }, botDelayMs);
  }

  private onViewMode(e: Event): void {
    const v = (e.target as HTMLSelectElement).value;
    this.viewMode = v === 'auto' || v === 'all' || v === 'spectator' ? v : Number(v);
  }

  private saveGame(session: GameSession): void {
    const saved = session.toSaved();
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

  private statusText(session: GameSession): string {
    const s = session.state;
    if (s.ended) {
      const best = this.safe(() => ranking(session.game, s))?.[0] ?? [];
      return msg.gameOver(s.moves.length, best.map(playerName));
    }
    return s.pending ? msg.toChoose(s.moves.length + 1, playerName(s.pending.player)) : msg.moveNumber(s.moves.length + 1);
  }

  private choiceNote(session: GameSession, canChoose: boolean): string {
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

  /** Ranking keys are rule code and may fail (a rule error): show no scores rather than break. */
  private safe<T>(f: () => T): T | null {
    try {
      return f();
    } catch {
      return null;
    }
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-play-panel': StrataPlayPanel;
  }
}
