/**
 * What a board's look adds to its drawing, from the layout and the state alone: the legend of its
 * place colours by attribute value, and the bars on edges where its `edges` table is true.
 */
import type { State } from '../../../interpreter/index.js';
import type { BoardLayout } from './board-layout.js';

export interface LegendEntry {
  text: string;
  colour: string;
}

/** `attr: value` for every value its `by` looks colour, among the values the board's places have. */
export function lookLegend(layout: BoardLayout): LegendEntry[] {
  const out: LegendEntry[] = [];
  for (const by of layout.look?.by ?? []) {
    const present = new Set(layout.places.map((p) => p.attrs[by.attr]).map((v) => (typeof v === 'string' ? v : JSON.stringify(v))));
    for (const [value, style] of Object.entries(by.values)) {
      if (style.colour && style.colour !== 'owner' && present.has(value)) out.push({ text: `${by.attr}: ${value}`, colour: style.colour });
    }
  }
  return out;
}

export interface EdgeBar {
  key: string;
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * A bar across the edge between two places of this board for every row of the look's `edges` table
 * that is true: its key holds the edge's value (`edge:A|B`, after the player's key on a table by
 * player). The bar lies midway between the places' centres, across the line that joins them.
 */
export function boardEdges(layout: BoardLayout, s: State): EdgeBar[] {
  const table = layout.look?.edges ? s.vars[layout.look.edges] : undefined;
  if (!table || typeof table !== 'object' || Array.isArray(table)) return [];
  const byKey = new Map(layout.places.map((p) => [p.key, p]));
  const bars: EdgeBar[] = [];
  for (const [key, on] of Object.entries(table)) {
    const at = key.indexOf('edge:');
    if (on !== true || at < 0) continue;
    const [a, b] = key.slice(at + 5).split('|').map((k) => byKey.get(k));
    if (!a || !b) continue;
    const mx = (a.cx + b.cx) / 2;
    const my = (a.cy + b.cy) / 2;
    const d = Math.hypot(b.cx - a.cx, b.cy - a.cy) || 1;
    const half = Math.min(a.w, a.h) * 0.45;
    const nx = (-(b.cy - a.cy) / d) * half;
    const ny = ((b.cx - a.cx) / d) * half;
    bars.push({ key: key.slice(at), x1: mx - nx, y1: my - ny, x2: mx + nx, y2: my + ny });
  }
  return bars;
}
