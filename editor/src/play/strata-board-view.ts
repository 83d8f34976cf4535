/**
 * `<strata-board-view>`: one board (or one player's copy of a per-player board) drawn in SVG from
 * its layout, with the pieces of the shown state on its places. Places and pieces that are options
 * of the pending choice are highlighted and clickable.
 */
import { LitElement, css, html, svg, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { PieceState, State } from '../../../interpreter/index.js';
import { hexCorners, type BoardLayout, type PlaceLayout } from './board-layout.js';
import { colouringAttribute, pieceDescription, playerColour, tokenText, valueFill, formatValue } from './piece-style.js';

/** Pending options by what they point at: a place string or a piece id, to the option's label. */
export interface BoardChoices {
  places: Map<string, string>;
  pieces: Map<number, string>;
}

interface TokenGroup {
  id: number;
  piece: PieceState | null;
  count: number;
  text: string;
  colour: string;
  title: string;
}

const maxGroups = 6;

/**
 * @fires choose - the designer clicked an option (detail: { label })
 */
@customElement('strata-board-view')
export class StrataBoardView extends LitElement {
  static override styles = css`
    :host { display: block; }
    h4 { margin: 6px 0 2px; font-size: 12.5px; color: #3a4048; }
    svg { max-width: 100%; height: auto; display: block; }
    .place-shape { stroke: #7a828e; stroke-width: 1; }
    .place-name { font-size: 9px; fill: #3a4048; pointer-events: none; }
    .link { stroke: #9aa3ae; stroke-width: 2; }
    .choice .place-shape { stroke: #f08c00; stroke-width: 3.5; }
    .choice { cursor: pointer; }
    .choice:hover .place-shape { fill: #ffe8b3 !important; }
    .token circle { stroke: #fff; stroke-width: 1.2; }
    .token text { font-size: 8px; fill: white; font-weight: 700; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
    .token .count { fill: #1f2328; font-size: 8px; font-weight: 600; }
    .token.choice circle { stroke: #f08c00; stroke-width: 3; }
    .more { font-size: 9px; fill: #3a4048; }
    .legend { display: flex; flex-wrap: wrap; gap: 8px; font-size: 11px; color: #555; margin: 2px 0 4px; }
    .legend span::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; background: var(--fill); vertical-align: -1px; border: 1px solid #aaa; }
  `;

  @property({ attribute: false }) layout?: BoardLayout;
  /** The state shown (already a player's view where hidden information matters). */
  @property({ attribute: false }) state?: State;
  @property({ attribute: false }) choices: BoardChoices = { places: new Map(), pieces: new Map() };
  @property() heading = '';

  override render() {
    const layout = this.layout;
    if (!layout) return nothing;
    const colourBy = colouringAttribute(layout.places);
    const values = colourBy ? [...new Set(layout.places.map((p) => p.attrs[colourBy]).filter((v): v is string => typeof v === 'string'))] : [];
    return html`
      <h4>${this.heading}</h4>
      ${colourBy ? html`<div class="legend">${values.map((v) => html`<span style="--fill:${valueFill(v)}">${colourBy}: ${v}</span>`)}</div>` : nothing}
      <svg viewBox="0 0 ${layout.width.toFixed(0)} ${layout.height.toFixed(0)}" width=${Math.min(layout.width * 1.15, 900).toFixed(0)}
        data-board=${layout.board} role="img" aria-label=${this.heading}>
        <defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9aa3ae"></path></marker></defs>
        ${layout.links.map((l) => svg`<line class="link" x1=${l.from.cx} y1=${l.from.cy} x2=${l.to.cx} y2=${l.to.cy}
          marker-end=${l.directed ? 'url(#arrow)' : ''}></line>`)}
        ${layout.places.map((p) => this.renderPlace(p, colourBy))}
      </svg>
    `;
  }

  private renderPlace(p: PlaceLayout, colourBy: string | null) {
    const label = this.choices.places.get(p.key);
    const colour = colourBy ? p.attrs[colourBy] : undefined;
    const fill = typeof colour === 'string' ? valueFill(colour) : '#f4f5f7';
    const groups = this.groups(p.key);
    const title = `${p.name}${Object.keys(p.attrs).length > 0 ? ` (${Object.entries(p.attrs).map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')})` : ''}`;
    return svg`
      <g class="place ${label !== undefined ? 'choice' : ''}" data-place=${p.key} data-choice=${label ?? nothing}
        @click=${label !== undefined ? () => this.choose(label) : nothing}>
        <title>${title}${label !== undefined ? ` — choose “${label}”` : ''}</title>
        ${p.shape === 'circle' ? svg`<circle class="place-shape" cx=${p.cx} cy=${p.cy} r=${p.w / 2} style="fill:${fill}"></circle>`
          : p.shape === 'hex' ? svg`<polygon class="place-shape" points=${hexCorners(p)} style="fill:${fill}"></polygon>`
          : svg`<rect class="place-shape" x=${p.cx - p.w / 2} y=${p.cy - p.h / 2} width=${p.w} height=${p.h} rx="4" style="fill:${fill}"></rect>`}
        <text class="place-name" x=${p.cx} y=${p.cy - p.h / 2 + (p.shape === 'rect' ? 10 : 14)} text-anchor="middle">${shortName(p.name)}</text>
        ${this.renderTokens(p, groups)}
      </g>`;
  }

  private renderTokens(p: PlaceLayout, groups: TokenGroup[]) {
    const shown = groups.slice(0, groups.length > maxGroups ? maxGroups - 1 : maxGroups);
    const r = 10;
    const cols = Math.min(3, Math.max(1, shown.length));
    const rows = Math.ceil(shown.length / cols);
    const x0 = p.cx - ((cols - 1) * (2 * r + 3)) / 2;
    const y0 = p.cy + 5 - ((rows - 1) * (2 * r + 3)) / 2;
    return svg`
      ${shown.map((g, i) => {
        const x = x0 + (i % cols) * (2 * r + 3);
        const y = y0 + Math.floor(i / cols) * (2 * r + 3);
        const label = g.id >= 0 ? this.choices.pieces.get(g.id) : undefined;
        return svg`<g class="token ${label !== undefined ? 'choice' : ''}" data-piece=${g.id} data-choice=${label ?? nothing}
          @click=${label !== undefined ? (e: Event) => { e.stopPropagation(); this.choose(label); } : nothing}>
          <title>${g.count > 1 ? `${g.count} × ` : ''}${g.title}</title>
          <circle cx=${x} cy=${y} r=${r} fill=${g.colour}></circle>
          <text x=${x} y=${y}>${g.text}</text>
          ${g.count > 1 ? svg`<text class="count" x=${x + r + 1} y=${y + r}>${g.count}</text>` : nothing}
        </g>`;
      })}
      ${groups.length > shown.length ? svg`<text class="more" x=${p.cx + p.w / 2 - 14} y=${p.cy + p.h / 2 - 4}>+${groups.length - shown.length}</text>` : nothing}
    `;
  }

  /** The pieces on a place, identical-looking ones grouped (a stack of cubes is one token ×n). */
  private groups(key: string): TokenGroup[] {
    const s = this.state;
    const ids = s?.holders[key] ?? [];
    const groups: TokenGroup[] = [];
    const byLook = new Map<string, TokenGroup>();
    for (const id of ids) {
      const piece = id >= 0 ? s!.pieces[id] ?? null : null;
      const text = piece ? tokenText(piece) : '?';
      const colour = playerColour(piece?.owner);
      const chosen = id >= 0 && this.choices.pieces.has(id);
      const look = `${text}|${colour}|${piece?.kind ?? ''}`;
      const same = chosen ? undefined : byLook.get(look);
      if (same) {
        same.count++;
        continue;
      }
      const g: TokenGroup = { id, piece, count: 1, text, colour, title: piece ? pieceDescription(id, piece) : 'face down' };
      groups.push(g);
      if (!chosen) byLook.set(look, g);
    }
    return groups;
  }

  private choose(label: string): void {
    this.dispatchEvent(new CustomEvent('choose', { detail: { label }, bubbles: true, composed: true }));
  }
}

/** Grid and track places are named by position (`r2c3`, `t4`): show them compactly. */
function shortName(name: string): string {
  return name.length > 10 ? `${name.slice(0, 9)}…` : name;
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-board-view': StrataBoardView;
  }
}
