/**
 * `<strata-board-view>`: one board (or one player's copy of a per-player board) drawn in SVG from
 * its layout, with the pieces of the shown state on its places. Places and pieces that are options
 * of the pending choice are highlighted and clickable.
 */
import { LitElement, css, html, svg, nothing } from 'lit';
import { customElement, property, state } from 'lit/decorators.js';
import type { PieceState, State } from '../../../interpreter/index.js';
import { piecesAt } from '../../../interpreter/holder-keys.js';
import type { GameIR, PresentationIR } from '../../../interpreter/ir.js';
import { arcPath, cell, hexCorners, type BoardLayout, type PlaceLayout } from './board-layout.js';
import { boardEdges, lookLegend } from './board-look.js';
import {
  colouringAttribute, formatValue, lookColour, lookOf, pieceDescription, pieceFill, pieceLook, playerColour, tokenText, valueFill,
} from './piece-style.js';
import { terrainOf, terrainValue, type Terrain } from './terrain.js';
import { grownPlaces, tileOn } from './tile-edges.js';

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
  /** Dark text on light fills (pieces nobody owns, tinted by an attribute). */
  dark: boolean;
  title: string;
  shape: string;
}

const maxGroups = 6;
/** The fill of a place without terrain on a board whose other places have it: open ground. */
const bareFill = '#dcebf7';
/** Boards with more places than this open zoomed on the places in use. */
const bigBoard = 80;

interface Region {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * @fires choose - the designer clicked an option (detail: { label })
 */
@customElement('strata-board-view')
export class StrataBoardView extends LitElement {
  static override styles = css`
    :host { display: block; }
    h4 { margin: 6px 0 2px; font-size: 12.5px; color: #3a4048; display: flex; gap: 8px; align-items: center; }
    button.zoom { font: inherit; font-size: 11px; font-weight: 400; padding: 1px 6px; border: 1px solid #c5cad3; background: white; border-radius: 4px; cursor: pointer; }
    svg { max-width: 100%; height: auto; display: block; }
    .place-shape { stroke: #7a828e; stroke-width: 1; }
    .place-name { font-size: 9px; fill: #3a4048; pointer-events: none; }
    .link { stroke: #9aa3ae; stroke-width: 2; }
    .choice .place-shape { stroke: #f08c00; stroke-width: 3.5; }
    .choice { cursor: pointer; }
    .choice:hover .place-shape { fill: #ffe8b3 !important; }
    .token circle { stroke: #fff; stroke-width: 1.2; }
    .token text { font-size: 8px; fill: white; font-weight: 700; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
    .token circle.light { stroke: #5b6370; }
    .token text.dark { fill: #1f2328; }
    .token .count { fill: #1f2328; font-size: 8px; font-weight: 600; }
    .token.choice circle { stroke: #f08c00; stroke-width: 3; }
    .more { font-size: 9px; fill: #3a4048; }
    .legend { display: flex; flex-wrap: wrap; gap: 8px; font-size: 11px; color: #555; margin: 2px 0 4px; }
    .legend span::before { content: ''; display: inline-block; width: 10px; height: 10px; border-radius: 2px; margin-right: 4px; background: var(--fill); vertical-align: -1px; border: 1px solid #aaa; }
    .token rect { stroke: #fff; stroke-width: 1.2; }
    .token rect.light { stroke: #5b6370; }
    .token.choice rect { stroke: #f08c00; stroke-width: 3; }
    .place-label { font-size: 13px; text-anchor: middle; dominant-baseline: central; pointer-events: none; opacity: .75; }
    .edge-bar { stroke: #5a3b1c; stroke-width: 5; stroke-linecap: round; }
    .edge-bar.printed { stroke: #2b2f36; stroke-width: 3.5; stroke-linecap: butt; }
    .frame { fill: none; stroke-width: 4; }
    .tile-side { stroke: #ffffff; stroke-width: 0.6; pointer-events: none; }
    .tile-label { font-size: 10px; font-weight: 700; fill: #1f2328; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
  `;

  @property({ attribute: false }) layout?: BoardLayout;
  /** The state shown (already a player's view where hidden information matters). */
  @property({ attribute: false }) state?: State;
  @property({ attribute: false }) choices: BoardChoices = { places: new Map(), pieces: new Map() };
  @property() heading = '';
  /** The game's presentation (looks of kinds and boards), if it has one. */
  @property({ attribute: false }) presentation?: PresentationIR;
  /** The game's kinds: pieces of a kind with `edges` are drawn as tiles, each side in its colour. */
  /** The game: its kinds, and its holders (the state holds them by id: holder-keys.ts). */
  @property({ attribute: false }) ir?: GameIR;
  /** Show all of a big board rather than the part in use. */
  @state() private whole = false;

  override render() {
    const layout = this.layout;
    if (!layout) return nothing;
    const looked = lookLegend(layout);
    const colourBy = looked.length > 0 ? null : colouringAttribute(layout.places);
    const values = colourBy ? [...new Set(layout.places.map((p) => p.attrs[colourBy]).filter((v): v is string => typeof v === 'string'))] : [];
    const frame = layout.owner !== null ? lookColour(layout.look?.colour, layout.owner) : undefined;
    // Graph places are small circles: terrain pieces stay tokens there.
    // Tiles colour their places by their edges, not as terrain.
    const terrain = this.state && this.ir && !layout.grows && layout.places[0]?.shape !== 'circle' && layout.places[0]?.shape !== 'sector' ? terrainOf(this.ir, layout.places.map((p) => p.key), this.state, this.presentation) : null;
    const zoom = this.zoomRegion(layout);
    const r = this.whole || !zoom ? { x: 0, y: 0, w: layout.width, h: layout.height } : zoom;
    // A growing board shows the map as it grew: its created places, and the places on offer.
    const grown = layout.grows ? grownPlaces(this.state, layout.board, this.ir ?? undefined) ?? new Set<string>() : null;
    const places = layout.places.filter((p) => (grown === null || grown.has(p.key) || this.choices.places.has(p.key)) && p.cx + p.w / 2 >= r.x && p.cx - p.w / 2 <= r.x + r.w && p.cy + p.h / 2 >= r.y && p.cy - p.h / 2 <= r.y + r.h);
    return html`
      <h4>${this.heading}
        ${zoom ? html`<button class="zoom" data-cmd="zoom" @click=${() => (this.whole = !this.whole)}>
          ${this.whole ? 'Zoom to the pieces' : `Show all ${layout.places.length} places`}</button>` : nothing}</h4>
      ${colourBy || terrain || looked.length > 0 ? html`<div class="legend">
        ${terrain?.values.map((v) => html`<span data-terrain=${v} style="--fill:${this.groundColour(terrain, v)}">${terrain.kind} ${terrain.attribute}: ${v}</span>`)}
        ${looked.map((l) => html`<span data-look=${l.text} style="--fill:${l.colour}">${l.text}</span>`)}
        ${colourBy ? values.map((v) => html`<span style="--fill:${valueFill(v)}">${colourBy}: ${v}</span>`) : nothing}</div>` : nothing}
      <svg viewBox="${r.x.toFixed(0)} ${r.y.toFixed(0)} ${r.w.toFixed(0)} ${r.h.toFixed(0)}" width=${Math.min(r.w * 1.15, 900).toFixed(0)}
        data-board=${layout.board} role="img" aria-label=${this.heading}>
        <defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="6" markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#9aa3ae"></path></marker></defs>
        ${layout.links.map((l) => svg`<line class="link" x1=${l.from.cx} y1=${l.from.cy} x2=${l.to.cx} y2=${l.to.cy}
          marker-end=${l.directed ? 'url(#arrow)' : ''}></line>`)}
        ${places.map((p) => this.renderPlace(p, colourBy, terrain))}
        ${this.state ? boardEdges(layout, this.state).map((e) => svg`<line class="edge-bar ${e.printed ? 'printed' : ''}" data-edge=${e.key}
          x1=${e.x1.toFixed(1)} y1=${e.y1.toFixed(1)} x2=${e.x2.toFixed(1)} y2=${e.y2.toFixed(1)}></line>`) : nothing}
        ${frame ? svg`<rect class="frame" x="2" y="2" width=${layout.width - 4} height=${layout.height - 4} rx="8" style="stroke:${frame}"></rect>` : nothing}
      </svg>
    `;
  }

  /** The colour of a ground value: the look of its kind for that value, else a fill picked by its text. */
  private groundColour(t: Terrain, value: string): string {
    const by = this.presentation?.kinds[t.kind]?.by?.filter((b) => b.attr === t.attribute) ?? [];
    return by.map((b) => b.values[value]?.colour).filter((c): c is string => c !== undefined && c !== 'owner').pop() ?? valueFill(value);
  }

  private renderPlace(p: PlaceLayout, colourBy: string | null, terrain: Terrain | null) {
    const label = this.choices.places.get(p.key);
    const colour = colourBy ? p.attrs[colourBy] : undefined;
    const ground = this.state ? terrainValue(terrain, p.key, this.state) : null;
    const groundId = terrain?.at.get(p.key);
    const look = lookOf(this.layout!.look, p.attrs);
    const groundPiece = groundId !== undefined ? this.state?.pieces[groundId] : undefined;
    const groundColour = groundPiece ? lookColour(pieceLook(this.presentation, groundPiece).colour, groundPiece.owner) : undefined;
    const fill = ground !== null ? groundColour ?? valueFill(ground) : look.colour ? lookColour(look.colour, this.layout!.owner)!
      : typeof colour === 'string' ? valueFill(colour) : terrain && groundId === undefined ? bareFill : '#f4f5f7';
    const tile = this.state && this.ir ? tileOn(p, this.state, this.ir, this.presentation) : null;
    // The terrain piece is the place's colour; it stays a token while it can be chosen or has no value.
    // A tile is drawn as the place itself (its sides' colours), its followers as tokens on it.
    const groups = this.groups(p.key, tile ? tile.id : ground !== null && !this.choices.pieces.has(groundId!) ? groundId : undefined);
    const tilePiece = tile ? this.state!.pieces[tile.id] : undefined;
    const title = `${p.name}${Object.keys(p.attrs).length > 0 ? ` (${Object.entries(p.attrs).map(([k, v]) => `${k}: ${formatValue(v)}`).join(', ')})` : ''}`
      + (groundPiece && groundId !== undefined ? ` — ${pieceDescription(groundId, groundPiece)}` : '');
    return svg`
      <g class="place ${label !== undefined ? 'choice' : ''}" data-place=${p.key} data-choice=${label ?? nothing} data-ground=${ground ?? nothing}
        data-tile=${tile?.id ?? nothing} data-edges=${tile ? tile.sides.map((x) => formatValue(x.value)).join(',') : nothing}
        @click=${label !== undefined ? () => this.choose(label) : nothing}>
        <title>${title}${label !== undefined ? ` — choose “${label}”` : ''}</title>
        ${p.shape === 'circle' ? svg`<circle class="place-shape" cx=${p.cx} cy=${p.cy} r=${p.w / 2} style="fill:${fill}"></circle>`
          : p.shape === 'sector' && p.arc ? svg`<path class="place-shape" d=${arcPath(p.arc)} style="fill:${fill}"></path>`
          : p.shape === 'hex' ? svg`<polygon class="place-shape" points=${hexCorners(p)} style="fill:${fill}"></polygon>`
          : svg`<rect class="place-shape" x=${p.cx - p.w / 2} y=${p.cy - p.h / 2} width=${p.w} height=${p.h} rx="4" style="fill:${fill}"></rect>`}
        ${tile ? tile.sides.map((x) => svg`<polygon class="tile-side" points=${x.points} style="fill:${x.colour}"><title>${formatValue(x.value)}</title></polygon>`) : nothing}
        ${tilePiece ? svg`<text class="tile-label" x=${p.cx} y=${p.cy}>${tokenText(tilePiece, pieceLook(this.presentation, tilePiece))}</text>` : nothing}
        <text class="place-name" x=${p.cx} y=${p.cy - p.h / 2 + (p.shape === 'rect' ? 10 : 14)} text-anchor="middle">${shortName(p.name)}</text>
        ${look.label ? svg`<text class="place-label" x=${p.cx + p.w / 2 - 10} y=${p.cy + p.h / 2 - 10}>${look.label}</text>` : nothing}
        ${this.renderTokens(p, groups)}
      </g>`;
  }

  private renderTokens(p: PlaceLayout, groups: TokenGroup[]) {
    const shown = groups.slice(0, groups.length > maxGroups ? maxGroups - 1 : maxGroups);
    // Tokens in a small grid that fits the place below its name: smaller when there are more.
    const cols = Math.min(3, Math.ceil(Math.sqrt(shown.length)) || 1);
    const rows = Math.ceil(shown.length / cols);
    // A lone token (a tile, a figure) is drawn larger.
    const step = Math.min(shown.length === 1 ? 34 : 23, (p.w - 6) / cols, (p.h - 16) / Math.max(1, rows));
    const r = Math.max(5, step / 2 - 1);
    const font = Math.min(shown.length === 1 ? 11 : 8, r * 0.8);
    const x0 = p.cx - ((cols - 1) * step) / 2;
    const y0 = p.cy + 5 - ((rows - 1) * step) / 2;
    return svg`
      ${shown.map((g, i) => {
        const x = x0 + (i % cols) * step;
        const y = y0 + Math.floor(i / cols) * step;
        const label = g.id >= 0 ? this.choices.pieces.get(g.id) : undefined;
        return svg`<g class="token ${label !== undefined ? 'choice' : ''}" data-piece=${g.id} data-choice=${label ?? nothing}
          @click=${label !== undefined ? (e: Event) => { e.stopPropagation(); this.choose(label); } : nothing}>
          <title>${g.count > 1 ? `${g.count} × ` : ''}${g.title}</title>
          ${g.shape === 'square' || g.shape === 'card'
            ? svg`<rect x=${x - (g.shape === 'card' ? r * 0.75 : r)} y=${y - r} width=${g.shape === 'card' ? r * 1.5 : r * 2} height=${r * 2}
                rx=${g.shape === 'card' ? 2 : 1.5} style="fill:${g.colour}" class=${g.dark ? 'light' : ''}></rect>`
            : svg`<circle cx=${x} cy=${y} r=${r} style="fill:${g.colour}" class=${g.dark ? 'light' : ''}></circle>`}
          <text x=${x} y=${y} class=${g.dark ? 'dark' : ''} style="font-size:${font.toFixed(1)}px">${g.text}</text>
          ${g.count > 1 ? svg`<text class="count" x=${x + r + 1} y=${y + r}>${g.count}</text>` : nothing}
        </g>`;
      })}
      ${groups.length > shown.length ? svg`<text class="more" x=${p.cx + p.w / 2 - 14} y=${p.cy + p.h / 2 - 4}>+${groups.length - shown.length}</text>` : nothing}
    `;
  }

  /** On a big board, the part around the places in use (pieces or options), if any are. */
  private zoomRegion(layout: BoardLayout): Region | null {
    if (layout.places.length <= bigBoard) return null;
    const { state: s, ir } = this;
    const inUse = layout.places.filter((p) => (s && ir ? piecesAt(ir, s, p.key).length : 0) > 0 || this.choices.places.has(p.key));
    if (inUse.length === 0) return null;
    const pad = cell * 1.5;
    const x0 = Math.max(0, Math.min(...inUse.map((p) => p.cx - p.w / 2)) - pad);
    const y0 = Math.max(0, Math.min(...inUse.map((p) => p.cy - p.h / 2)) - pad);
    const x1 = Math.min(layout.width, Math.max(...inUse.map((p) => p.cx + p.w / 2)) + pad);
    const y1 = Math.min(layout.height, Math.max(...inUse.map((p) => p.cy + p.h / 2)) + pad);
    return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
  }

  /** The pieces on a place, identical-looking ones grouped (a stack of cubes is one token ×n). */
  private groups(key: string, ground?: number): TokenGroup[] {
    const s = this.state;
    const ids = (s && this.ir ? piecesAt(this.ir, s, key) : []).filter((id) => id !== ground);
    const groups: TokenGroup[] = [];
    const byLook = new Map<string, TokenGroup>();
    for (const id of ids) {
      const piece = id >= 0 ? s!.pieces[id] ?? null : null;
      const look = pieceLook(this.presentation, piece);
      const text = piece ? tokenText(piece, look) : '?';
      const colour = pieceFill(piece, look);
      const chosen = id >= 0 && this.choices.pieces.has(id);
      const key = `${text}|${colour}|${piece?.kind ?? ''}`;
      const same = chosen ? undefined : byLook.get(key);
      if (same) {
        same.count++;
        continue;
      }
      const dark = colour !== playerColour(piece?.owner);
      const g: TokenGroup = { id, piece, count: 1, text, colour, dark, title: piece ? pieceDescription(id, piece) : 'face down', shape: look.shape ?? 'disc' };
      groups.push(g);
      if (!chosen) byLook.set(key, g);
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
