/**
 * Tiles on a board (pieces of a kind with `edges`): the value facing each side after the tile's
 * rotation, its colour (the kind's look `by edges`, else a fill picked by the value's text), and
 * the triangle of the place drawn for each side (clockwise from the top, as in the rules).
 */
import { withPlaceTexts, type PlaceNamingIR } from '../../../interpreter/place-values.js';
import { grownKey, piecesAt } from '../../../interpreter/holder-keys.js';
import type { State } from '../../../interpreter/index.js';
import type { GameIR, Json, PresentationIR } from '../../../interpreter/ir.js';
import type { PlaceLayout } from './board-layout.js';
import { valueFill } from './piece-style.js';

export interface TileSide {
  value: Json;
  colour: string;
  /** SVG `points` of the side's triangle, from the place's centre. */
  points: string;
}

export interface DrawnTile {
  id: number;
  sides: TileSide[];
}

/**
 * The places that belong to a growing board in this state (`#grown:Board`: place values,
 * interpreter/place-values.ts), by their texts, else null.
 */
export function grownPlaces(s: State | undefined, board: string, ir: PlaceNamingIR | undefined): Set<string> | null {
  const list = s?.vars[grownKey(board)];
  if (!Array.isArray(list)) return null;
  return new Set(list.map((x) => withPlaceTexts(ir, x)).filter((x): x is string => typeof x === 'string'));
}

/** The tile lying on a place, with its sides as drawn; null when the place holds none. */
export function tileOn(p: PlaceLayout, s: State, ir: GameIR, presentation?: PresentationIR): DrawnTile | null {
  const { kinds } = ir;
  for (const id of piecesAt(ir, s, p.key)) {
    const piece = id >= 0 ? s.pieces[id] : undefined;
    const sides = piece && !piece.hidden ? kinds[piece.kind]?.edges?.sides.length : undefined;
    if (!piece || sides === undefined) continue;
    const edges = Array.isArray(piece.attrs.edges) ? piece.attrs.edges : [];
    const r = typeof piece.attrs.rotation === 'number' ? piece.attrs.rotation : 0;
    const looks = presentation?.kinds[piece.kind]?.by?.filter((b) => b.attr === 'edges') ?? [];
    const corners = sides === 6 ? hexSideCorners(p) : squareSideCorners(p);
    return {
      id,
      sides: corners.map(([a, b], j) => {
        const value = edges[(((j - r) % sides) + sides) % sides] ?? null;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        const colour = looks.map((l) => l.values[text]?.colour).filter((c): c is string => c !== undefined && c !== 'owner').pop() ?? valueFill(text);
        return { value, colour, points: [a, b, [p.cx, p.cy]].map(([x, y]) => `${x!.toFixed(1)},${y!.toFixed(1)}`).join(' ') };
      }),
    };
  }
  return null;
}

type Corner = [number, number];

/** Each side's two corners, N E S W. */
function squareSideCorners(p: PlaceLayout): [Corner, Corner][] {
  const l = p.cx - p.w / 2;
  const r = p.cx + p.w / 2;
  const t = p.cy - p.h / 2;
  const b = p.cy + p.h / 2;
  return [[[l, t], [r, t]], [[r, t], [r, b]], [[r, b], [l, b]], [[l, b], [l, t]]];
}

/** Each side's two corners of a pointy-top hexagon, clockwise from the upper right side (q + 1, r - 1). */
function hexSideCorners(p: PlaceLayout): [Corner, Corner][] {
  const size = p.h / 2;
  const corner = (i: number): Corner => {
    const a = (Math.PI / 180) * (60 * i - 30);
    return [p.cx + size * Math.cos(a), p.cy + size * Math.sin(a)];
  };
  return Array.from({ length: 6 }, (_, j) => [corner((j + 5) % 6), corner(j)]);
}
