/**
 * `<strata-zone-view>`: a zone (deck, hand, display, discard, supply) of the shown state: one row per
 * holder (one per player for a per-player zone), its count, and its cards face up where the viewer
 * may see them, face down otherwise. Cards that are options of the pending choice are clickable.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { State } from '../../../interpreter/index.js';
import { zoneKey } from '../../../interpreter/holders.js';
import type { ZoneIR } from '../../../interpreter/ir.js';
import { cardText, pieceDescription, playerColour, playerName } from './piece-style.js';

/** Past this many cards a holder shows the first ones and a count of the rest. */
const maxCards = 12;

/**
 * @fires choose - the designer clicked a card that is an option (detail: { label })
 */
@customElement('strata-zone-view')
export class StrataZoneView extends LitElement {
  static override styles = css`
    :host { display: block; font-size: 12px; }
    .zone { border: 1px solid #e1e4e8; border-radius: 6px; padding: 4px 8px; margin: 4px 0; background: white; }
    .head { display: flex; gap: 8px; align-items: baseline; }
    .name { font-weight: 600; }
    .vis { color: #889; font-size: 11px; }
    .holder { display: flex; gap: 6px; align-items: center; flex-wrap: wrap; margin: 3px 0; }
    .who { min-width: 26px; font-weight: 600; }
    .count { color: #556; min-width: 22px; font-variant-numeric: tabular-nums; }
    .card { border: 1px solid #b9c0ca; border-left: 4px solid var(--owner); border-radius: 4px; padding: 1px 6px; background: #fdfdfd; white-space: nowrap; }
    .card.down { background: repeating-linear-gradient(45deg, #5b6b8c, #5b6b8c 4px, #6d7ea1 4px, #6d7ea1 8px); color: transparent; width: 18px; }
    .card.choice { border-color: #f08c00; box-shadow: 0 0 0 2px #f08c0066; cursor: pointer; }
    .card.choice:hover { background: #ffe8b3; }
    .more { color: #667; }
  `;

  @property() name = '';
  @property({ attribute: false }) zone?: ZoneIR;
  @property({ attribute: false }) state?: State;
  @property({ attribute: false }) choices = new Map<number, string>();

  override render() {
    const s = this.state;
    const z = this.zone;
    if (!s || !z) return nothing;
    const holders = z.perPlayer
      ? Array.from({ length: s.numPlayers }, (_, p) => ({ key: zoneKey(this.name, p), player: p as number | null }))
      : [{ key: zoneKey(this.name, null), player: null }];
    return html`<div class="zone" data-zone=${this.name}>
      <div class="head"><span class="name">${this.name}</span>${z.kind ? html`<span class="vis">${z.kind}</span>` : nothing}
        <span class="vis">visible: ${z.visibility}</span></div>
      ${holders.map((h) => this.renderHolder(s, h.key, h.player))}
    </div>`;
  }

  private renderHolder(s: State, key: string, player: number | null) {
    const ids = s.holders[key] ?? [];
    const shown = ids.slice(0, maxCards);
    return html`<div class="holder" data-holder=${key}>
      ${player !== null ? html`<span class="who" style="color:${playerColour(player)}">${playerName(player)}</span>` : nothing}
      <span class="count" title="pieces">${ids.length}</span>
      ${shown.map((id) => {
        const piece = id >= 0 ? s.pieces[id] : undefined;
        if (!piece || piece.hidden) return html`<span class="card down" title="face down">?</span>`;
        const label = this.choices.get(id);
        return html`<span class="card ${label !== undefined ? 'choice' : ''}" style="--owner:${playerColour(piece.owner)}"
          data-piece=${id} data-choice=${label ?? nothing} title=${pieceDescription(id, piece)}
          @click=${label !== undefined ? () => this.choose(label) : nothing}>${cardText(id, piece)}</span>`;
      })}
      ${ids.length > shown.length ? html`<span class="more">+${ids.length - shown.length} more</span>` : nothing}
    </div>`;
  }

  private choose(label: string): void {
    this.dispatchEvent(new CustomEvent('choose', { detail: { label }, bubbles: true, composed: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-zone-view': StrataZoneView;
  }
}
