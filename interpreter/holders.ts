/**
 * Checked access to players, pieces, holders and places, and the few primitive effects on holders
 * (take a piece out, put it in) that moves, creation and shuffles are made of.
 */
import type { PlaceInfo } from './boards.js';
import type { Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { Json, Loc } from './ir.js';
import { msg } from './messages.js';
import { nextInt } from './rng.js';
import { writableHolder, writablePiece } from './sharing.js';
import type { PieceState, State } from './state.js';
import { describe, type Value } from './values.js';

export function asPlayer(ctx: Ctx, v: Value, at: Loc): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= ctx.s.numPlayers) {
    throw new RuleError(msg.notPlayer(describe(v)), at);
  }
  return v;
}

export function asPiece(ctx: Ctx, v: Value, at: Loc): PieceState {
  const p = typeof v === 'number' ? ctx.s.pieces[v] : undefined;
  if (p === undefined) throw new RuleError(msg.notPiece(describe(v)), at);
  return p;
}

export function asPieceId(ctx: Ctx, v: Value, at: Loc): number {
  asPiece(ctx, v, at);
  return v as number;
}

export function asHolder(ctx: Ctx, v: Value, at: Loc): string {
  holderItems(ctx, v, at);
  return v as string;
}

/** The pieces of a holder (its own array, top first: read, do not keep). One lookup, checked. */
export function holderItems(ctx: Ctx, v: Value, at: Loc): number[] {
  // Array.isArray also rejects inherited names such as "constructor".
  const items = typeof v === 'string' ? ctx.s.holders[v] : undefined;
  if (!Array.isArray(items)) throw new RuleError(msg.notHolder(describe(v)), at);
  return items;
}

export function asPlace(ctx: Ctx, v: Value, at: Loc): PlaceInfo {
  const p = typeof v === 'string' ? ctx.g.boards.places.get(v) : undefined;
  if (p === undefined) throw new RuleError(msg.notPlace(describe(v)), at);
  return p;
}

/**
 * The items to visit: a list, or a holder's pieces (top first). A holder's own array is returned,
 * not a copy: read it at once and do not keep it (statements that move pieces change it).
 */
export function iterable(ctx: Ctx, v: Value, at: Loc): Json[] {
  if (Array.isArray(v)) return v;
  const items = typeof v === 'string' ? ctx.s.holders[v] : undefined;
  if (Array.isArray(items)) return items;
  throw new RuleError(msg.typeMismatch('a list, a zone or a place', describe(v)), at);
}

/** The player a per-player holder belongs to (`zone:hand@1`, `Board@1.x`), else null. */
export function holderPlayer(holder: string): number | null {
  const i = holder.indexOf('@');
  if (i < 0) return null;
  const rest = holder.slice(i + 1);
  const n = parseInt(rest, 10);
  return Number.isNaN(n) ? null : n;
}

export function removeFromHolder(s: State, id: number): void {
  const list = writableHolder(s, s.pieces[id].at);
  if (list === undefined) return;
  const i = list.indexOf(id);
  if (i >= 0) list.splice(i, 1);
}

export type Position = 'top' | 'bottom' | 'random';

export function putInHolder(s: State, id: number, holder: string, position: Position): void {
  const list = writableHolder(s, holder) as number[];
  if (position === 'top') list.unshift(id);
  else if (position === 'bottom') list.push(id);
  else list.splice(nextInt(s.rng, list.length + 1), 0, id);
  writablePiece(s, id).at = holder;
}

export function movePiece(s: State, id: number, holder: string, position: Position): void {
  removeFromHolder(s, id);
  putInHolder(s, id, holder, position);
}
