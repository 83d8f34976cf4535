/**
 * What a board's look adds to its drawing, from the layout and the state alone: the legend of its
 * place colours by attribute value, and the bars on edges its `edges` tables and parameters name.
 */
import { edgeEnds } from '../../../interpreter/holder-keys.js';
import type { State } from '../../../interpreter/index.js';
import type { BoardLayout, PlaceLayout } from './board-layout.js';

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
  /** Printed on the board (from a parameter), not a piece placed in play. */
  printed: boolean;
}

/**
 * The bars of the look's `edges`: for a table (a variable), one across the edge between two places
 * of this board on every row that is true (its key holds the edge's value, `edge:A|B`, after the
 * player's key on a table by player); for a parameter, one on each pair of place names it lists.
 * A bar lies midway between the places' centres, across the line that joins them.
 */
export function boardEdges(layout: BoardLayout, s: State): EdgeBar[] {
  const byKey = new Map(layout.places.map((p) => [p.key, p]));
  const byName = new Map(layout.places.map((p) => [p.name, p]));
  const bars: EdgeBar[] = [];
  for (const name of layout.look?.edges ?? []) {
    const table = s.vars[name];
    if (table && typeof table === 'object' && !Array.isArray(table)) {
      for (const [key, on] of Object.entries(table)) {
        // A row key ends with the edge's text (after the other keys of a two-key table).
        const at = key.indexOf('edge:');
        const ends = on === true && at >= 0 ? edgeEnds(key.slice(at)) : null;
        if (ends === null) continue;
        const [a, b] = ends.map((k) => byKey.get(k));
        if (a && b) bars.push(bar(key.slice(at), a, b, false));
      }
    }
    const pairs = s.params[name];
    if (!Array.isArray(pairs)) continue;
    for (const pair of pairs) {
      if (!Array.isArray(pair) || pair.length !== 2) continue;
      const [a, b] = pair.map((n) => (typeof n === 'string' ? byName.get(n) : undefined));
      if (a && b) bars.push(bar(`${name}:${a.name}|${b.name}`, a, b, true));
    }
  }
  return bars;
}

function bar(key: string, a: PlaceLayout, b: PlaceLayout, printed: boolean): EdgeBar {
  const mx = (a.cx + b.cx) / 2;
  const my = (a.cy + b.cy) / 2;
  const d = Math.hypot(b.cx - a.cx, b.cy - a.cy) || 1;
  const half = Math.min(a.w, a.h) * 0.45;
  const nx = (-(b.cy - a.cy) / d) * half;
  const ny = ((b.cx - a.cx) / d) * half;
  return { key, x1: mx - nx, y1: my - ny, x2: mx + nx, y2: my + ny, printed };
}
