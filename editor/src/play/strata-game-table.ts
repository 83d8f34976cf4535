/**
 * `<strata-game-table>`: everything on the table for the shown state: every board (per-player boards
 * once per player) and every zone. Layouts depend on the IR only and are computed once per IR.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { State } from '../../../interpreter/index.js';
import type { GameIR } from '../../../interpreter/ir.js';
import type { BoardLayout } from './board-layout.js';
import type { BoardChoices } from './strata-board-view.js';
import { playerName } from './piece-style.js';
import './strata-board-view.js';
import './strata-zone-view.js';

@customElement('strata-game-table')
export class StrataGameTable extends LitElement {
  static override styles = css`
    :host { display: block; }
    .boards { display: flex; flex-wrap: wrap; gap: 8px 16px; }
    .boards strata-board-view { flex: 0 1 260px; max-width: 100%; }
    h3 { font-size: 12px; text-transform: uppercase; letter-spacing: .05em; color: #667; margin: 10px 0 2px; }
  `;

  @property({ attribute: false }) ir?: GameIR;
  @property({ attribute: false }) state?: State;
  @property({ attribute: false }) layouts: BoardLayout[] = [];
  @property({ attribute: false }) choices: BoardChoices = { places: new Map(), pieces: new Map() };

  override render() {
    const { ir, state: s } = this;
    if (!ir || !s) return nothing;
    const zones = Object.entries(ir.zones);
    return html`
      ${this.layouts.length > 0 ? html`<h3>Boards</h3>
        <div class="boards">${this.layouts.map((l) => html`<strata-board-view
          style="flex-basis:${Math.round(Math.min(l.width * 1.15, 900))}px"
          .layout=${l} .state=${s} .choices=${this.choices} .presentation=${ir.presentation} .ir=${ir}
          heading=${l.owner === null ? l.board : `${l.board} of ${playerName(l.owner)}`}></strata-board-view>`)}</div>` : nothing}
      ${zones.length > 0 ? html`<h3>Zones</h3>
        ${zones.map(([name, z]) => html`<strata-zone-view .name=${name} .zone=${z} .state=${s} .choices=${this.choices.pieces}
          .presentation=${ir.presentation} .ir=${ir}></strata-zone-view>`)}` : nothing}
    `;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-game-table': StrataGameTable;
  }
}
