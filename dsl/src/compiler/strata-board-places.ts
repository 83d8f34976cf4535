/**
 * The places of a board as the IR lists them: generated ones for grids, hex boards and tracks,
 * declared spaces on graphs; each with its coordinates and attributes (the board's `defaults`,
 * then the space's own). Place attributes are constants; a non-constant one is left out (the
 * checker reports it).
 */
import type { Json, LinkIR, PlaceIR } from '../../../interpreter/ir.js';
import * as ast from '../generated/ast.js';
import { gridCells, gridPairs, hexName, hexPairs, hexPositions, trackCells, trackPairs, type Cell } from './board-geometry.js';
import { constantOf } from '../types/strata-constants.js';
import { limits } from '../syntax/strata-limits.js';

/** How many places a board shape has, from its shape alone (graphs: 0; Infinity-safe: sizes come from unbounded literals). */
export function placeCount(shape: ast.BoardShape | undefined): number {
  switch (shape?.kind) {
    case 'square':
      return (shape.width ?? 0) * (shape.height ?? 0);
    case 'track':
      return shape.length ?? 0;
    case 'hex': {
      const r = shape.radius ?? 0;
      return 3 * r * (r + 1) + 1;
    }
    default:
      return 0;
  }
}

/**
 * Whether the board is past the language's size limit: then it has no places or links here
 * (limit-checks.ts reports it), so no check, completion or compile builds billions of them.
 */
export function tooLarge(board: ast.Board): boolean {
  return placeCount(board.shape) > limits.boardPlaces;
}

function fields(inits: ast.FieldInit[] | undefined): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const field of inits ?? []) {
    const value = constantOf(field.value);
    if (field.name && value) out[field.name] = value.value;
  }
  return out;
}

function spaces(board: ast.Board): ast.Space[] {
  return (board.items ?? []).filter(ast.isSpace);
}

/** Hex positions are named by a space placed there, else `h{q}_{r}`. */
function hexNamer(board: ast.Board): (q: number, r: number) => string {
  const named = new Map<string, string>();
  for (const s of spaces(board)) if (s.q !== undefined && s.r !== undefined && s.name) named.set(`${s.q},${s.r}`, s.name);
  return (q, r) => named.get(`${q},${r}`) ?? hexName(q, r);
}

function cells(board: ast.Board): Cell[] {
  if (tooLarge(board)) return [];
  const shape = board.shape;
  switch (shape?.kind) {
    case 'square':
      return gridCells(shape.width, shape.height);
    case 'hex': {
      const name = hexNamer(board);
      return hexPositions(shape.radius).map(({ q, r }) => ({ name: name(q, r), q, r }));
    }
    case 'track':
      return trackCells(shape.length);
    case 'graph':
    case undefined:
      return spaces(board).flatMap((s) => (s.name ? [{ name: s.name }] : []));
  }
}

export function boardPlaces(board: ast.Board): PlaceIR[] {
  const defaults = (board.items ?? []).filter(ast.isDefaults).reduce<Record<string, Json>>((acc, d) => ({ ...acc, ...fields(d.attrs) }), {});
  const own = new Map(spaces(board).map((s) => [s.name, fields(s.attrs)]));
  return cells(board).map((cell) => ({ ...cell, attrs: { ...defaults, ...(own.get(cell.name) ?? {}) } }));
}

export function boardPlaceNames(board: ast.Board): string[] {
  return cells(board).map((c) => c.name);
}

/** Generated neighbour links, then the declared `link`s. */
export function boardLinks(board: ast.Board): LinkIR[] {
  if (tooLarge(board)) return [];
  const shape = board.shape;
  const generated =
    shape?.kind === 'square'
      ? gridPairs(shape.width, shape.height, shape.neighbours === 8 ? 8 : 4)
      : shape?.kind === 'hex'
        ? hexPairs(shape.radius, hexNamer(board))
        : shape?.kind === 'track'
          ? trackPairs(shape.length)
          : [];
  const declared = (board.items ?? []).filter(ast.isLink).flatMap((link) => {
    const from = link.from?.ref?.name ?? link.from?.$refText;
    const to = link.to?.ref?.name ?? link.to?.$refText;
    return from && to ? [{ from, to, directed: link.directed, attrs: fields(link.attrs) }] : [];
  });
  return [...generated.map((p) => ({ ...p, directed: false, attrs: {} })), ...declared];
}
