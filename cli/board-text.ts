/**
 * Pieces and square boards as text: a piece reads as its kind and attribute values
 * (`Tile(plants)`), a holder as counted groups, a square grid as a small picture.
 */
import { grownKey, heldPieces, isPlaceOf, piecesAt, placeKey, type HolderIR } from '../interpreter/holder-keys.js';
import type { BoardIR, GameIR, Json } from '../interpreter/ir.js';
import type { State } from '../interpreter/state.js';
import { playerName } from './format.js';
import { withPlaceTexts } from '../interpreter/place-values.js';

/** What the texts of pieces read of a game: its places' numbering (cli/place-text.ts), its kinds when at hand. */
type ShownIR = HolderIR & Partial<Pick<GameIR, 'kinds'>>;

/** An attribute as a reader wants it: a flag by its name when set, a value as itself, none left out. */
function attrText(name: string, value: Json, ir?: ShownIR, kind?: string): string[] {
  // A place (interpreter/place-values.ts) by its text, unless the kind types the attribute as a number.
  const decl = ir?.kinds !== undefined && kind !== undefined && Object.hasOwn(ir.kinds, kind) ? ir.kinds[kind].attrs.find((a) => a.name === name) : undefined;
  const v = withPlaceTexts(ir, value, decl?.type);
  if (v === null || v === false) return [];
  if (v === true) return [name];
  return [typeof v === 'string' ? v : JSON.stringify(v)];
}

/** `Kind(v1, v2)` for a visible piece, `?` for a hidden one (id -1 in a view, or marked hidden). */
export function pieceText(s: State, id: number, ir?: ShownIR): string {
  const piece = id >= 0 ? s.pieces[id] : undefined;
  if (!piece || piece.hidden) return '?';
  const owner = piece.owner === null ? [] : [playerName(piece.owner)];
  const values = [...owner, ...Object.entries(piece.attrs).flatMap(([name, v]) => attrText(name, v, ir, piece.kind))];
  return values.length > 0 ? `${piece.kind}(${values.join(', ')})` : piece.kind;
}

/** A holder's pieces, top first, with repeats counted: `3× Tile(plants), Tile(rexes)`. */
export function holderText(s: State, ids: readonly number[], ir?: ShownIR): string {
  const groups = new Map<string, number>();
  for (const id of ids) {
    const text = pieceText(s, id, ir);
    groups.set(text, (groups.get(text) ?? 0) + 1);
  }
  return [...groups].map(([text, n]) => (n > 1 ? `${n}× ${text}` : text)).join(', ');
}

/**
 * Two characters for a cell: the top piece's first attribute value (or kind), `..` when empty; a
 * piece with an owner starts with the owner's seat (`2b`: P2's blue piece), so whose piece lies
 * where shows on the board.
 */
function cellText(s: State, ids: readonly number[], ir?: ShownIR): string {
  const top = ids[0];
  if (top === undefined) return '..';
  const piece = top >= 0 ? s.pieces[top] : undefined;
  if (!piece || piece.hidden) return '??';
  const first = Object.entries(piece.attrs).flatMap(([name, v]) => attrText(name, v, ir, piece.kind))[0];
  const word = first ?? piece.kind;
  const text = piece.owner === null ? word : `${piece.owner + 1}${word}`;
  return (text.slice(0, 2) + ' ').slice(0, 2) + (ids.length > 1 ? '+' : ' ');
}

function hasOwnedPiece(ir: HolderIR, s: State, name: string): boolean {
  return heldPieces(ir, s).some(([h, ids]) => isPlaceOf(h, name) && ids.some((id) => id >= 0 && s.pieces[id]?.owner != null));
}

/** The picture of a square board (rows from 1 down the page), or nothing for other shapes. */
export function gridLines(ir: HolderIR, s: State, name: string, board: BoardIR): string[] {
  const shape = board.shape;
  if (shape.type !== 'square' || board.perPlayer) return [];
  const box = board.grows ? grownBox(ir, s, name) : { top: 1, bottom: shape.height, left: 1, right: shape.width };
  if (box === null) return [`${name}: no place yet`];
  // A growing board: the rows and columns its map has reached.
  const lines = [board.grows ? `${name}: columns c${box.left}-c${box.right}` : `${name}:`];
  for (let row = box.top; row <= box.bottom; row++) {
    const cells: string[] = [];
    for (let col = box.left; col <= box.right; col++) cells.push(cellText(s, piecesAt(ir, s, placeKey(name, null, `r${row}c${col}`)), ir).padEnd(3));
    lines.push(`  r${String(row).padEnd(3)}${cells.join('').trimEnd()}`);
  }
  if (hasOwnedPiece(ir, s, name)) lines.push('  (a digit first: the seat of the piece\'s owner)');
  return lines;
}

/** The rows and columns spanned by a growing board's created places (`r3c7` names), or null. */
function grownBox(ir: HolderIR, s: State, name: string): { top: number; bottom: number; left: number; right: number } | null {
  const list = s.vars[grownKey(name)];
  // The created places' values (interpreter/place-values.ts), read by their texts.
  const cells = (Array.isArray(list) ? list : []).map((v) => withPlaceTexts(ir, v)).flatMap((key) => {
    const m = typeof key === 'string' ? /\.r(\d+)c(\d+)$/.exec(key) : null;
    return m ? [[Number(m[1]), Number(m[2])] as const] : [];
  });
  if (cells.length === 0) return null;
  const rows = cells.map(([r]) => r);
  const cols = cells.map(([, c]) => c);
  return { top: Math.min(...rows), bottom: Math.max(...rows), left: Math.min(...cols), right: Math.max(...cols) };
}

/** Holder strings drawn by gridLines, so that the list of holders leaves them out. */
export function drawnHolders(ir: GameIR): (holder: string) => boolean {
  const grids = Object.entries(ir.boards)
    .filter(([, b]) => b.shape.type === 'square' && !b.perPlayer)
    .map(([name]) => name);
  return (holder) => grids.some((board) => isPlaceOf(holder, board));
}
