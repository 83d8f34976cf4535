/**
 * How pieces, players and place attributes look: a colour per seat, a colour per attribute value
 * (stable, from a hash of the text), and short labels for tokens with the full description as
 * their tooltip.
 */
import { playerName } from '../../../interpreter/format.js';
import type { Json, LookIR, PresentationIR, StyleIR } from '../../../interpreter/ir.js';
import type { PieceState } from '../../../interpreter/index.js';

const seatColours = ['#d64545', '#2f6fd6', '#e0a21b', '#2e9d5b', '#8e4fc9', '#e0712b', '#1aa3a3', '#c2478d'];
const neutral = '#8a8f98';

export function playerColour(player: number | null | undefined): string {
  return player === null || player === undefined || player < 0 ? neutral : seatColours[player % seatColours.length]!;
}

export { playerName };

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** Colours for words that name a kind of land or matter in many games (prefixes, lower case). */
const landColours: [RegExp, string][] = [
  [/^(water|sea|ocean|lake|river|coast)/, '#9cc9f0'],
  [/^(grass|plain|meadow|field|pasture)/, '#c3e6a5'],
  [/^(forest|jungle|wood|tree)/, '#8fc58f'],
  [/^(mountain|rock|hill|stone)/, '#c4bcb3'],
  [/^(desert|sand|dune)/, '#f1dd9e'],
  [/^(swamp|marsh|bog|wetland)/, '#b9c39a'],
  [/^(snow|ice|tundra|glacier)/, '#e8f1f7'],
  [/^(lava|fire|volcan|magma)/, '#f3a27a'],
];

/** A soft fill for a value of an attribute (terrain, colour, type…): a tint of the colour when the
 * value names one (`red`), a land colour for common land words, else a hue picked by its text. */
export function valueFill(value: string): string {
  const isColour = typeof CSS !== 'undefined' && /^[a-z]+$/i.test(value) && CSS.supports('color', value);
  if (isColour) return `color-mix(in srgb, ${value} 35%, white)`;
  const land = landColours.find(([re]) => re.test(value.toLowerCase()));
  return land ? land[1] : `hsl(${hash(value) % 360} 45% 82%)`;
}

/** A look for something with attributes: the look's own fields, then those of its attribute values. */
export function lookOf(look: LookIR | undefined, attrs: Record<string, Json>): StyleIR {
  if (!look) return {};
  const out: StyleIR = { colour: look.colour, label: look.label, shape: look.shape, face: look.face };
  for (const by of look.by ?? []) {
    const v = attrs[by.attr];
    const value = v === undefined ? undefined : by.values[typeof v === 'string' ? v : JSON.stringify(v)];
    if (value) for (const [k, x] of Object.entries(value)) if (x !== undefined) (out as Record<string, unknown>)[k] = x;
  }
  return out;
}

/** A piece's look from the game's presentation (empty when the game has none or the piece is face down). */
export function pieceLook(p: PresentationIR | undefined, piece: PieceState | null): StyleIR {
  return !piece || piece.hidden ? {} : lookOf(p?.kinds[piece.kind], piece.attrs);
}

/** A look's colour: `owner` is the owner's seat colour. */
export function lookColour(colour: string | undefined, owner: number | null | undefined): string | undefined {
  return colour === 'owner' ? playerColour(owner) : colour;
}

/** A token's fill: its look's colour, its owner's, or for a piece nobody owns the colour of its first text attribute. */
export function pieceFill(piece: PieceState | null, look: StyleIR = {}): string {
  const given = lookColour(look.colour, piece?.owner);
  if (given) return given;
  if (!piece || piece.hidden || piece.owner !== null) return playerColour(piece?.owner);
  const text = Object.values(piece.attrs).find((v): v is string => typeof v === 'string' && v.length > 0);
  return text === undefined ? neutral : valueFill(text);
}

/** The attribute that colours places: the first text attribute the board's places have. */
export function colouringAttribute(places: { attrs: Record<string, Json> }[]): string | null {
  const counts = new Map<string, Set<string>>();
  for (const p of places) {
    for (const [k, v] of Object.entries(p.attrs)) {
      if (typeof v !== 'string' || k === 'name') continue;
      const set = counts.get(k) ?? new Set<string>();
      set.add(v);
      counts.set(k, set);
    }
  }
  // An attribute worth colouring takes a few values, not one and not one per place.
  for (const [k, values] of counts) if (values.size > 1 && values.size <= 12) return k;
  return null;
}

/** At most three characters for a token: the kind's initial and the first text or number attribute. */
export function tokenText(piece: PieceState, look: StyleIR = {}): string {
  if (piece.hidden) return '?';
  if (look.label !== undefined) return look.label;
  if (look.face) return look.face.map((a) => faceValue(piece.attrs[a])).join(' ').slice(0, 3);
  const initial = piece.kind.slice(0, 1).toUpperCase();
  for (const v of Object.values(piece.attrs)) {
    if (typeof v === 'string' && v.length > 0) return initial + v.slice(0, 2);
    if (typeof v === 'number') return (initial + String(v)).slice(0, 3);
  }
  return initial;
}

function faceValue(v: Json | undefined): string {
  return v === undefined || v === null || v === false ? '' : typeof v === 'object' ? formatValue(v) : String(v);
}

/** The lines of a card's face: its look's `face` attributes when given (true flags by name), else as `cardText`. */
export function faceLines(piece: PieceState, look: StyleIR = {}): string[] {
  if (!look.face) return [cardText(0, piece)];
  return look.face.flatMap((a) => {
    const v = piece.attrs[a];
    return v === true ? [a] : faceValue(v) ? [faceValue(v)] : [];
  });
}

/** A card's face: its text and number attributes, and the names of its true flags. */
export function cardText(id: number, piece: PieceState): string {
  const parts = Object.entries(piece.attrs).flatMap(([k, v]) =>
    typeof v === 'string' || typeof v === 'number' ? [String(v)] : v === true ? [k] : [],
  );
  return parts.length > 0 ? parts.join(' ') : piece.kind;
}

function valueText(v: Json): string {
  if (typeof v === 'string') return v;
  return JSON.stringify(v);
}

/** `Kind (size: 3, fed: true) — P2`, or a face-down description for a hidden piece (no internal ids). */
export function pieceDescription(id: number, piece: PieceState): string {
  const owner = piece.owner === null ? '' : ` — ${playerName(piece.owner)}`;
  if (piece.hidden || id < 0) return `${piece.kind} (face down)${owner}`;
  const attrs = Object.entries(piece.attrs).map(([k, v]) => `${k}: ${valueText(v)}`);
  return `${piece.kind}${attrs.length > 0 ? ` (${attrs.join(', ')})` : ''}${owner}`;
}

/** A JSON value as a designer reads it: players as P1, lists and records compactly. */
export function formatValue(v: Json, asPlayer = false): string {
  if (asPlayer && typeof v === 'number' && Number.isInteger(v) && v >= 0) return playerName(v);
  if (v === null) return 'none';
  if (typeof v === 'string') return v.includes('.') && /^[A-Z]\w*(@\d+)?\./.test(v) ? v.slice(v.indexOf('.') + 1) : v;
  if (typeof v !== 'object') return String(v);
  if (Array.isArray(v)) return `[${v.map((x) => formatValue(x)).join(', ')}]`;
  return `{${Object.entries(v).map(([k, x]) => `${k}: ${formatValue(x)}`).join(', ')}}`;
}
