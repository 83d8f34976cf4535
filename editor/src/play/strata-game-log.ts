/**
 * `<strata-game-log>`: the game's log, newest last, each choice numbered; the view's masking of
 * secret choices is kept as it comes.
 */
import { LitElement, css, html } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { LogEntry } from '../../../interpreter/index.js';
import { playerColour, playerName } from './piece-style.js';

@customElement('strata-game-log')
export class StrataGameLog extends LitElement {
  static override styles = css`
    :host { display: block; max-height: 220px; overflow: auto; font-size: 12px; background: white; border: 1px solid #e1e4e8; border-radius: 6px; }
    ol { margin: 0; padding: 4px 8px 4px 34px; }
    li { margin: 1px 0; }
    li.move { font-weight: 600; }
    .who { font-weight: 700; margin-right: 4px; }
  `;

  @property({ attribute: false }) entries: LogEntry[] = [];

  override render() {
    return html`<ol>${this.entries.map((e) => html`
      <li class=${e.move !== undefined ? 'move' : ''}>${e.player !== undefined
        ? html`<span class="who" style="color:${playerColour(e.player)}">${playerName(e.player)}</span>` : ''}${e.text}</li>`)}</ol>`;
  }

  override updated(): void {
    this.scrollTop = this.scrollHeight;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-game-log': StrataGameLog;
  }
}
