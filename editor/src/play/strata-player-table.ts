/**
 * `<strata-player-table>`: the state's variables. Tables keyed first by player become one row per
 * player (with the score and, at the end, the rank); other variables are listed by name.
 */
import { LitElement, css, html, nothing } from 'lit';
import { customElement, property } from 'lit/decorators.js';
import type { State } from '../../../interpreter/index.js';
import type { GameIR, Json } from '../../../interpreter/ir.js';
import type { KeyIR, TypeIR } from '../../../interpreter/ir.js';
import { shownRows } from '../../../interpreter/table-keys.js';
import { playerColour, playerName } from './piece-style.js';
import { keyText, valueText } from './value-text.js';

function isRecord(v: Json | undefined): v is { [k: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

@customElement('strata-player-table')
export class StrataPlayerTable extends LitElement {
  static override styles = css`
    :host { display: block; font-size: 12px; }
    table { border-collapse: collapse; width: 100%; background: white; }
    th, td { border: 1px solid #e1e4e8; padding: 2px 6px; text-align: left; vertical-align: top; }
    th { background: #f3f4f6; font-weight: 600; }
    td.num { text-align: right; font-variant-numeric: tabular-nums; }
    tr.pending td:first-child { box-shadow: inset 3px 0 0 #f08c00; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 1px 10px; margin: 6px 0; }
    dt { font-weight: 600; }
    dd { margin: 0; overflow-wrap: anywhere; }
  `;

  @property({ attribute: false }) ir?: GameIR;
  @property({ attribute: false }) state?: State;
  @property({ attribute: false }) scores: number[] | null = null;
  /** Final ranking (groups of tied players, best first), at the end of the game. */
  @property({ attribute: false }) ranking: number[][] | null = null;
  /** Whose view is shown: a player, `null` for a spectator, `'all'` for everything. */
  @property({ attribute: false }) viewer: number | null | 'all' = 'all';

  override render() {
    const { ir, state: s } = this;
    if (!ir || !s) return nothing;
    const perPlayer = Object.entries(ir.vars).filter(([, v]) => v.keys[0]?.type === 'player');
    const others = Object.entries(ir.vars).filter(([, v]) => v.keys[0]?.type !== 'player');
    const players = Array.from({ length: s.numPlayers }, (_, p) => p);
    const rankOf = (p: number) => (this.ranking ? this.ranking.findIndex((g) => g.includes(p)) + 1 : 0);
    return html`
      <table class="players">
        <thead><tr><th>Player</th>${this.scores ? html`<th>Score</th>` : nothing}${this.ranking ? html`<th>Rank</th>` : nothing}
          ${perPlayer.map(([name]) => html`<th>${name}</th>`)}</tr></thead>
        <tbody>${players.map((p) => html`
          <tr class=${s.pending?.player === p ? 'pending' : ''} data-player=${p}>
            <td style="color:${playerColour(p)};font-weight:700">${playerName(p)}</td>
            ${this.scores ? html`<td class="num" data-score>${this.scores[p] ?? ''}</td>` : nothing}
            ${this.ranking ? html`<td class="num">${rankOf(p) || ''}</td>` : nothing}
            ${perPlayer.map(([name, v]) => html`<td class=${v.keys.length === 1 ? 'num' : ''} data-var=${name}>${this.isHidden(v.visibility, p) ? '—' : this.cell(s, name, v.type, v.keys, p)}</td>`)}
          </tr>`)}</tbody>
      </table>
      ${others.length > 0 ? html`<dl class="vars">${others.map(([name, v]) => html`<dt>${name}</dt><dd>${this.globalValue(s, name, v.type, v.keys)}</dd>`)}</dl>` : nothing}
    `;
  }

  /** Rows the viewer may not see (the view dropped them: they would read as the initial value). */
  private isHidden(visibility: string, p: number): boolean {
    if (this.viewer === 'all' || this.state?.ended) return false;
    return visibility === 'none' || (visibility === 'owner' && p !== this.viewer);
  }

  /** A player's row of a table: its value, or for more keys each `key: value` of that player. */
  private cell(s: State, name: string, type: TypeIR, keys: KeyIR[], p: number): string {
    const init = s.inits[name] ?? null;
    const table = this.ir ? shownRows(this.ir, name, s.vars[name], s.numPlayers, init) : null;
    if (!isRecord(table)) return '';
    if (keys.length === 1) return valueText(Object.hasOwn(table, String(p)) ? table[String(p)]! : init, type, s, this.ir ?? undefined);
    const prefix = `${p},`;
    const rows = Object.entries(table).filter(([k]) => k.startsWith(prefix));
    return rows.map(([k, v]) => `${keyText(k.slice(prefix.length), keys.slice(1), s, this.ir ?? undefined)}: ${valueText(v, type, s, this.ir ?? undefined)}`).join(', ') || `(all ${valueText(init, type, s, this.ir ?? undefined)})`;
  }

  private globalValue(s: State, name: string, type: TypeIR, keys: KeyIR[]): string {
    if (keys.length === 0) return valueText(s.vars[name] ?? null, type, s, this.ir ?? undefined);
    const v = this.ir ? shownRows(this.ir, name, s.vars[name], s.numPlayers, s.inits[name] ?? null) : null;
    if (!isRecord(v)) return '';
    const rows = Object.entries(v).map(([k, x]) => `${keyText(k, keys, s, this.ir ?? undefined)}: ${valueText(x, type, s, this.ir ?? undefined)}`);
    return rows.length > 0 ? rows.join(', ') : `(all ${valueText(s.inits[name] ?? null, type, s, this.ir ?? undefined)})`;
  }
}

declare global {
  interface HTMLElementTagNameMap {
    'strata-player-table': StrataPlayerTable;
  }
}
