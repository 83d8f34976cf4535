/**
 * `<strata-state-inspector>`: the shown state as a designer names it: every variable and table by
 * its name (table rows by their keys, players as "P1"), every zone by its name with its pieces by
 * kind and attributes (face down where the view hides them), and the pieces on each board by
 * place. Read only; it shows whatever state (or view of it) it is given.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import { heldPieces, isZoneKey, keyedZoneKey, piecesAt, zoneKey } from '../../../interpreter/holder-keys.js';
import type { State } from '../../../interpreter/index.js';
import { shownRows } from '../../../interpreter/table-keys.js';
import type { GameIR, Json, KeyIR, TypeIR } from '../../../interpreter/ir.js';
import { pieceDescription, playerColour, playerName } from './piece-style.js';
import { keyText, valueText } from './value-text.js';

/** Past this many pieces a holder lists the first ones and a count of the rest. */
const maxListed = 30;

interface Row {
  key: string;
  value: string;
}

function isRecord(v: Json | undefined): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

@customElement('strata-state-inspector')
export class StrataStateInspector extends LitElement {
  static override styles = css`
    :host { display: block; font-size: 12px; }
    h4 { margin: 6px 0 2px; font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: #667; }
    dl { display: grid; grid-template-columns: minmax(80px, auto) 1fr; gap: 1px 10px; margin: 0; background: white; border: 1px solid #e1e4e8; border-radius: 6px; padding: 4px 8px; }
    dt { font-weight: 600; overflow-wrap: anywhere; }
    dd { margin: 0; overflow-wrap: anywhere; }
    ul { margin: 0; padding-left: 16px; }
    .who { font-weight: 700; }
    .muted { color: #889; }
  `;

  @property({ attribute: false }) ir?: GameIR;
  @property({ attribute: false }) state?: State;

  override render() {
    const { ir, state: s } = this;
    if (!ir || !s) return nothing;
    const vars = Object.entries(ir.vars);
    const zones = Object.entries(ir.zones);
    const onBoards = this.boardPieces(ir, s);
    return html`
      ${vars.length > 0 ? html`<h4>Variables and tables</h4><dl class="vars">${vars.map(([name, v]) => html`
        <dt data-var=${name}>${name}</dt><dd data-var-value=${name}>${this.varValue(s, name, v.type, v.keys)}</dd>`)}</dl>` : nothing}
      ${zones.length > 0 ? html`<h4>Zones</h4><dl class="zones">${zones.flatMap(([name, z]) => z.keys ? z.keys.map((k) => html`
          <dt data-zone=${name}>${name} <span class="who">${k}</span></dt>
          <dd data-zone-pieces=${`${name}@${k}`}>${this.pieces(s, piecesAt(ir, s, keyedZoneKey(name, k)))}</dd>`) :
        (z.perPlayer ? Array.from({ length: s.numPlayers }, (_, p) => p) : [null]).map((p) => html`
          <dt data-zone=${name}>${name}${p === null ? '' : html` <span class="who" style="color:${playerColour(p)}">${playerName(p)}</span>`}</dt>
          <dd data-zone-pieces=${p === null ? name : `${name}@${p}`}>${this.pieces(s, piecesAt(ir, s, zoneKey(name, p)))}</dd>`))}</dl>` : nothing}
      ${onBoards.length > 0 ? html`<h4>On the boards</h4><dl class="boards">${onBoards.map(([holder, ids]) => html`
        <dt>${holder}</dt><dd>${this.pieces(s, ids)}</dd>`)}</dl>` : nothing}
    `;
  }

  /** A variable's value, or a table's rows `key: value` (players as P1, pieces by kind). */
  private varValue(s: State, name: string, type: TypeIR, keys: KeyIR[]) {
    if (keys.length === 0) return valueText(s.vars[name] ?? null, type, s, this.ir ?? undefined);
    const init = valueText(s.inits[name] ?? null, type, s, this.ir ?? undefined);
    const v = this.ir ? shownRows(this.ir, name, s.vars[name], s.numPlayers, s.inits[name] ?? null) : null;
    if (!isRecord(v)) return html`<span class="muted">(hidden)</span>`;
    const rows: Row[] = Object.entries(v).map(([k, x]) => ({ key: keyText(k, keys, s, this.ir ?? undefined), value: valueText(x, type, s, this.ir ?? undefined) }));
    if (rows.length === 0) return html`<span class="muted">every row ${init}</span>`;
    // A table with a row for every player has no other rows to mention.
    const full = keys.length === 1 && keys[0]!.type === 'player' && rows.length >= s.numPlayers;
    return html`<ul>${rows.map((r) => html`<li>${r.key}: ${r.value}</li>`)}</ul>${full ? nothing : html`<span class="muted">others ${init}</span>`}`;
  }

  private pieces(s: State, ids: readonly number[]) {
    if (ids.length === 0) return html`<span class="muted">empty</span>`;
    const listed = ids.slice(0, maxListed).map((id) => {
      const piece = id >= 0 ? s.pieces[id] : undefined;
      return piece && !piece.hidden ? pieceDescription(id, piece) : 'face down';
    });
    return html`${ids.length} — ${listed.join('; ')}${ids.length > maxListed ? html` <span class="muted">and ${ids.length - maxListed} more</span>` : nothing}`;
  }

  /** Holders that are not zones (board places), with pieces, by name. */
  private boardPieces(ir: GameIR, s: State): [string, readonly number[]][] {
    return heldPieces(ir, s)
      .filter(([holder]) => !isZoneKey(holder))
      .sort(([a], [b]) => a.localeCompare(b, undefined, { numeric: true }));
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-state-inspector': StrataStateInspector;
  }
}
