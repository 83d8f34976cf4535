/**
 * `<strata-zone-view>`: a zone (deck, hand, display, discard, supply) of the shown state: one row per
 * holder (one per player for a per-player zone), its count, and its cards face up where the viewer
 * may see them, face down otherwise. Cards that are options of the pending choice are clickable.
 * The game's presentation decides how: pieces of a kind shaped `card` (or every piece of a zone shaped
 * `cards`) as cards with their label and face; a zone shaped `pile` as its top piece and a count; `row`
 * as tokens.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { PieceState, State } from '../../../interpreter/index.js';
import { keyedZoneKey, piecesAt, zoneKey } from '../../../interpreter/holder-keys.js';
import type { GameIR, PresentationIR, StyleIR, ZoneIR } from '../../../interpreter/ir.js';
import { cardText, faceLines, lookColour, pieceDescription, pieceLook, playerColour, playerName, tokenText } from './piece-style.js';

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
    .card.face { display: inline-flex; flex-direction: column; align-items: center; justify-content: space-between; width: 50px; height: 68px;
      padding: 3px; border: 1px solid #8d96a3; border-top: 6px solid var(--owner); border-radius: 6px; background: var(--fill, #fdfdfd);
      white-space: normal; text-align: center; font-size: 10px; line-height: 1.15; box-shadow: 0 1px 2px #0002; box-sizing: border-box; overflow: hidden; }
    .card.face .big { font-size: 17px; font-weight: 700; }
    .card.face > span { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
    .token.dark { color: #1f2328; }
    .card.face.down { width: 50px; height: 68px; }
    .token { display: inline-flex; align-items: center; justify-content: center; width: 22px; height: 22px; border-radius: 50%;
      background: var(--fill); color: white; font-size: 9px; font-weight: 700; border: 1px solid #fff; box-shadow: 0 0 0 1px #8d96a3; }
    .token.square { border-radius: 3px; }
    .token.choice { box-shadow: 0 0 0 3px #f08c00; cursor: pointer; }
  `;

  @property() name = '';
  @property({ attribute: false }) zone?: ZoneIR;
  @property({ attribute: false }) state?: State;
  @property({ attribute: false }) choices = new Map<number, string>();
  @property({ attribute: false }) presentation?: PresentationIR;
  /** The game, whose holders the state holds by id (holder-keys.ts). */
  @property({ attribute: false }) ir?: GameIR;

  override render() {
    const s = this.state;
    const z = this.zone;
    if (!s || !z) return nothing;
    const holders: { key: string; player: number | null; label?: string }[] = z.keys
      ? z.keys.map((k) => ({ key: keyedZoneKey(this.name, k), player: null, label: k.slice(k.indexOf('.') + 1) }))
      : z.perPlayer
        ? Array.from({ length: s.numPlayers }, (_, p) => ({ key: zoneKey(this.name, p), player: p as number | null }))
        : [{ key: zoneKey(this.name, null), player: null }];
    return html`<div class="zone" data-zone=${this.name}>
      <div class="head"><span class="name">${this.name}</span>${z.kind ? html`<span class="vis">${z.kind}</span>` : nothing}
        <span class="vis">visible: ${z.visibility}</span></div>
      ${holders.map((h) => this.renderHolder(s, h.key, h.player, h.label))}
    </div>`;
  }

  private renderHolder(s: State, key: string, player: number | null, label?: string) {
    const ids = this.ir ? piecesAt(this.ir, s, key) : [];
    const zoneLook = this.presentation?.zones[this.name];
    const shown = ids.slice(0, zoneLook?.shape === 'pile' ? 1 : maxCards);
    return html`<div class="holder" data-holder=${key}>
      ${player !== null ? html`<span class="who" style="color:${playerColour(player)}">${playerName(player)}</span>` : nothing}
      ${label !== undefined ? html`<span class="who">${label}</span>` : nothing}
      <span class="count" title="pieces">${ids.length}</span>
      ${shown.map((id) => {
        const piece = id >= 0 ? s.pieces[id] : undefined;
        const look = { ...pieceLook(this.presentation, piece ?? null) };
        if (zoneLook?.shape === 'cards' && !look.shape) look.shape = 'card';
        const asCard = look.shape === 'card';
        if (!piece || piece.hidden) return html`<span class="card down ${asCard ? 'face' : ''}" title="face down">?</span>`;
        const token = !asCard && (zoneLook?.shape === 'row' || look.shape === 'disc' || look.shape === 'square');
        return this.renderPiece(id, piece, look, token);
      })}
      ${ids.length > shown.length ? html`<span class="more">+${ids.length - shown.length} more</span>` : nothing}
    </div>`;
  }

  private renderPiece(id: number, piece: PieceState, look: StyleIR, token: boolean) {
    const label = this.choices.get(id);
    const colour = lookColour(look.colour, piece.owner);
    const common = { choice: label !== undefined ? 'choice' : '', title: pieceDescription(id, piece) };
    const click = label !== undefined ? () => this.choose(label) : nothing;
    if (token) {
      // Text dark on a look's own (often light) colour, white on a seat colour.
      const dark = colour !== undefined && colour !== playerColour(piece.owner);
      return html`<span class="token ${common.choice} ${look.shape === 'square' ? 'square' : ''} ${dark ? 'dark' : ''}" style="--fill:${colour ?? playerColour(piece.owner)}" data-piece=${id}
        data-choice=${label ?? nothing} title=${common.title} @click=${click}>${tokenText(piece, look)}</span>`;
    }
    if (look.shape === 'card') {
      const lines = faceLines(piece, look);
      const big = look.label ?? (look.face ? '' : piece.kind.slice(0, 1));
      return html`<span class="card face ${common.choice}" data-piece=${id} data-choice=${label ?? nothing} title=${common.title} @click=${click}
        style="--owner:${playerColour(piece.owner)};--fill:${colour ? tint(colour) : '#fdfdfd'}">
        <span class="big">${big}</span><span>${lines.join(' · ')}</span><span>${piece.kind}</span></span>`;
    }
    return html`<span class="card ${common.choice}" style="--owner:${colour ?? playerColour(piece.owner)}"
      data-piece=${id} data-choice=${label ?? nothing} title=${common.title} @click=${click}>${cardText(id, piece)}</span>`;
  }

  private choose(label: string): void {
    this.dispatchEvent(new CustomEvent('choose', { detail: { label }, bubbles: true, composed: true }));
  }
}

/** A light fill for a card from its look's colour (any CSS colour). */
function tint(colour: string): string {
  return `color-mix(in srgb, ${colour} 30%, white)`;
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-zone-view': StrataZoneView;
  }
}
