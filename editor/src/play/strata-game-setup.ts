/**
 * `<strata-game-setup>`: how the next game starts: the variant, the number of players, the seed,
 * and who plays each seat (a person at this screen or a bot).
 */
import { LitElement, css, html } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { GameIR } from '../../../interpreter/ir.js';
import type { Seat } from './game-session.js';
import { playerColour, playerName } from './piece-style.js';
import { msg } from '../messages.js';

const seatNames: Record<Seat, string> = { person: 'person', bot: 'bot', search: 'search bot' };

export interface StartRequest {
  players: number;
  seed: number;
  seats: Seat[];
}

/**
 * @fires variant-change - a variant was picked (detail: { variant: string | null })
 * @fires start-game - start a new game (detail: StartRequest)
 * @fires seats-change - seats changed, applies to the game in progress too (detail: { seats })
 */
@customElement('strata-game-setup')
export class StrataGameSetup extends LitElement {
  static override styles = css`
    :host { display: flex; flex-wrap: wrap; gap: 6px 12px; align-items: center; font-size: 12.5px; }
    label { display: inline-flex; gap: 4px; align-items: center; }
    select, input { font: inherit; font-size: 12.5px; padding: 1px 4px; }
    input[type=number] { width: 90px; }
    .seats { display: inline-flex; gap: 4px; }
    .seat { font: inherit; font-size: 12px; border-radius: 12px; border: 1px solid #c5cad3; background: white; padding: 1px 8px; cursor: pointer; }
    button { font: inherit; font-size: 12.5px; padding: 3px 10px; border-radius: 4px; border: 1px solid #c5cad3; background: white; cursor: pointer; }
    button.start { background: #2e6bb0; color: white; border-color: #2e6bb0; }
  `;

  @property({ attribute: false }) ir?: GameIR;
  @property() variant: string | null = null;
  @property({ attribute: false }) seats: Seat[] = [];
  @state() private players = 0;
  @state() private seed = 1;

  override willUpdate(): void {
    const counts = this.counts();
    if (counts.length > 0 && !counts.includes(this.players)) this.players = counts.find((n) => n >= 2) ?? counts[0]!;
  }

  /** The player counts the rules allow: the listed ones, or every count of the range. */
  private counts(): number[] {
    const p = this.ir?.players;
    if (!p) return [];
    return p.counts ?? Array.from({ length: p.max - p.min + 1 }, (_, i) => p.min + i);
  }

  override render() {
    const ir = this.ir;
    if (!ir) return html`<span>${msg.waitingForRules()}</span>`;
    const counts = this.counts();
    return html`
      <label>Variant
        <select data-field="variant" @change=${this.onVariant}>
          ${ir.variants.map((v) => html`<option value=${v.base === null ? '' : v.name} ?selected=${(v.base === null ? null : v.name) === ir.variant}>
            ${v.base === null ? `${v.title || v.name} (base)` : v.title || v.name}</option>`)}
        </select></label>
      <label>Players
        <select data-field="players" @change=${(e: Event) => (this.players = Number((e.target as HTMLSelectElement).value))}>
          ${counts.map((n) => html`<option ?selected=${n === this.players}>${n}</option>`)}
        </select></label>
      <label>Seed <input data-field="seed" type="number" .value=${String(this.seed)} @change=${(e: Event) => (this.seed = Math.trunc(Number((e.target as HTMLInputElement).value)) || 0)} />
        <button title="A random seed" data-cmd="random-seed" @click=${() => (this.seed = Math.floor(Math.random() * 1_000_000))}>random</button></label>
      <span class="seats">${Array.from({ length: this.players }, (_, p) => html`
        <button class="seat" data-seat=${p} style="border-color:${playerColour(p)}" title="Click to switch between a person and a bot"
          @click=${() => this.toggleSeat(p)}>${playerName(p)}: ${seatNames[this.seatOf(p)]}</button>${this.seatOf(p) === 'person' ? '' : html`<select
          data-bot-kind=${p} title="Which bot: random, or the search bot (Monte-Carlo tree search on what its seat may see)"
          @change=${(e: Event) => this.setBot(p, (e.target as HTMLSelectElement).value === 'search' ? 'search' : 'bot')}>
          <option value="bot" ?selected=${this.seatOf(p) === 'bot'}>random</option><option value="search" ?selected=${this.seatOf(p) === 'search'}>search</option></select>`}`)}</span>
      <button class="start" data-cmd="start" @click=${this.start}>New game</button>
    `;
  }

  private seatOf(p: number): Seat {
    return this.seats[p] ?? 'person';
  }

  private toggleSeat(p: number): void {
    const seats = Array.from({ length: Math.max(this.players, this.seats.length) }, (_, i) => this.seatOf(i));
    seats[p] = seats[p] === 'person' ? 'bot' : 'person';
    this.dispatchEvent(new CustomEvent('seats-change', { detail: { seats }, bubbles: true, composed: true }));
  }

  private setBot(p: number, bot: Seat): void {
    const seats = Array.from({ length: Math.max(this.players, this.seats.length) }, (_, i) => this.seatOf(i));
    seats[p] = bot;
    this.dispatchEvent(new CustomEvent('seats-change', { detail: { seats }, bubbles: true, composed: true }));
  }

  private onVariant(e: Event): void {
    const value = (e.target as HTMLSelectElement).value;
    this.dispatchEvent(new CustomEvent('variant-change', { detail: { variant: value === '' ? null : value }, bubbles: true, composed: true }));
  }

  private start(): void {
    const seats = Array.from({ length: this.players }, (_, p) => this.seatOf(p));
    const detail: StartRequest = { players: this.players, seed: this.seed, seats };
    this.dispatchEvent(new CustomEvent('start-game', { detail, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-game-setup': StrataGameSetup;
  }
}
