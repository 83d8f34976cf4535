/**
 * Pieces that stand for the ground of their place (a landscape tile under the figures): found from
 * the state alone, so that the board view can paint the whole place in the tile's colour and draw
 * the other pieces on top. A kind qualifies when its pieces nobody owns lie one per place on several
 * places of the board; the attribute that colours them is the first text attribute taking a few
 * values among them. A kind the game's presentation gives a shape is drawn as pieces, never as ground.
 */
import { piecesAt, type HolderIR } from '../../../interpreter/holder-keys.js';
import type { PieceState, State } from '../../../interpreter/index.js';
import type { PresentationIR } from '../../../interpreter/ir.js';
import { colouringAttribute } from './piece-style.js';

export interface Terrain {
  kind: string;
  /** The attribute whose value colours a place. */
  attribute: string;
  /** Place key to the id of the terrain piece on it. */
  at: Map<string, number>;
  /** The attribute's values, in order of first appearance (for the legend). */
  values: string[];
}

/** At least this many places must hold a piece of the kind, so a lone token is not taken for ground. */
const minPlaces = 3;

function ownerless(piece: PieceState | undefined): piece is PieceState {
  return piece !== undefined && !piece.hidden && piece.owner === null;
}

/** The terrain of a board's places in a state, or null when no kind of piece looks like ground. */
export function terrainOf(ir: HolderIR, placeKeys: string[], s: State, presentation?: PresentationIR): Terrain | null {
  // Per kind: the places holding pieces of it, and whether any place holds two.
  const byKind = new Map<string, { at: Map<string, number>; doubled: boolean }>();
  for (const key of placeKeys) {
    const seen = new Set<string>();
    for (const id of piecesAt(ir, s, key)) {
      const piece = id >= 0 ? s.pieces[id] : undefined;
      if (!ownerless(piece) || presentation?.kinds[piece.kind]?.shape) continue;
      const entry = byKind.get(piece.kind) ?? { at: new Map<string, number>(), doubled: false };
      byKind.set(piece.kind, entry);
      if (seen.has(piece.kind)) entry.doubled = true;
      else entry.at.set(key, id);
      seen.add(piece.kind);
    }
  }
  let best: Terrain | null = null;
  for (const [kind, { at, doubled }] of byKind) {
    if (doubled || at.size < minPlaces || (best && best.at.size >= at.size)) continue;
    const pieces = [...at.values()].map((id) => s.pieces[id]!);
    const attribute = colouringAttribute(pieces);
    if (!attribute) continue;
    const values = [...new Set(pieces.map((p) => p.attrs[attribute]).filter((v): v is string => typeof v === 'string'))];
    best = { kind, attribute, at, values };
  }
  return best;
}

/** The colouring value of the terrain on a place, if it has terrain with a text value. */
export function terrainValue(t: Terrain | null, key: string, s: State): string | null {
  const id = t?.at.get(key);
  if (t === null || id === undefined) return null;
  const v = s.pieces[id]?.attrs[t.attribute];
  return typeof v === 'string' ? v : null;
}
