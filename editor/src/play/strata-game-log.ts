/**
 * `<strata-game-log>`: the game's log, newest last, each choice numbered; the view's masking of
 * secret choices is kept as it comes. Every entry is a moment of the game: clicking one asks for
 * the game as it was then (after the moves made up to that entry); while looking back, that
 * moment is marked and what came after it is dimmed.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LogEntry } from '../../../interpreter/index.js';
import { playerColour, playerName } from './piece-style.js';

/**
 * @fires log-moment - an entry was clicked: the game after its first `moves` moves (detail: { moves })
 */
@customElement('strata-game-log')
export class StrataGameLog extends LitElement {
  static override styles = css`
    :host { display: block; max-height: 220px; overflow: auto; font-size: 12px; background: white; border: 1px solid #e1e4e8; border-radius: 6px; }
    ol { margin: 0; padding: 4px 8px 4px 34px; }
    li { margin: 1px 0; cursor: pointer; border-radius: 3px; }
    li:hover { background: #eef1f5; }
    li.move { font-weight: 600; }
    li.at { background: #dfe8f6; box-shadow: inset 3px 0 0 #2e6bb0; }
    li.later { opacity: .45; }
    .who { font-weight: 700; margin-right: 4px; }
  `;

  @property({ attribute: false }) entries: LogEntry[] = [];
  /** The moment shown (moves made), when looking back; null: the latest. */
  @property({ attribute: false }) at: number | null = null;

  override render() {
    let moves = 0;
    return html`<ol>${this.entries.map((e) => {
      // The moment of an entry: the moves made once it was logged (a move's own entry included).
      if (e.move !== undefined) moves = e.move + 1;
      const moment = moves;
      const cls = [e.move !== undefined ? 'move' : '', this.at !== null && moment === this.at ? 'at' : '', this.at !== null && moment > this.at ? 'later' : ''].join(' ');
      return html`<li class=${cls} data-moment=${moment} title="Show the game at this moment" @click=${() => this.pick(moment)}>${e.player !== undefined
        ? html`<span class="who" style="color:${playerColour(e.player)}">${playerName(e.player)}</span>` : ''}${e.text}</li>`;
    })}</ol>`;
  }

  override updated(): void {
    // The latest entries in sight, unless looking back.
    if (this.at === null) this.scrollTop = this.scrollHeight;
  }

  private pick(moves: number): void {
    this.dispatchEvent(new CustomEvent('log-moment', { detail: { moves }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-game-log': StrataGameLog;
  }
}
