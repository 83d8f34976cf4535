/**
 * Checked access to players, pieces, holders and places, and the few primitive effects on holders
 * (take a piece out, put it in) that moves, creation and shuffles are made of.
 */
import { interned, type BoardIndex, type PlaceInfo } from './boards.js';
import { keyedZoneKey, zoneKey } from './holder-keys.js';
import type { Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { GameIR, Json, Loc } from './ir.js';
import { msg } from './messages.js';
import { nextInt } from './rng.js';
import { holderId, holdersById } from './holder-index.js';
import { holderList, setHolder, writableHolder, writablePiece } from './sharing.js';
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

/*
 * Holders are named by strings (`zone:deck`, `zone:hand@1`, `Board.r1c2`, `Board@1.x`; built and
 * read in holder-keys.ts); the names a game has are fixed at load (`holderOwners`). The state keeps
 * only the holders that hold pieces: an empty holder has no entry, and every read goes through
 * `piecesIn`, `holderItems` or `iterable` below (a pure apply's copy holds them by id: holder-index.ts).
 */
const NONE: number[] = Object.freeze([]) as unknown as number[];

/**
 * Every holder name of the game → the player it belongs to (-1: shared), in the order zones then
 * board places. A per-player holder exists in an n-player game when its player is below n; the
 * template places of a per-player board are values, not holders.
 */
export function holderOwners(ir: GameIR, boards: BoardIndex): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, z] of Object.entries(ir.zones)) {
    // Interned: a lookup of an empty holder's name misses in the state's record, and V8 finds a
    // name it has seen as a property key far faster than one it has not.
    if (z.keys !== undefined) {
      for (const k of z.keys) {
        // A key that starts with a digit would read as a seat (`holderPlayer`); the compiler makes none.
        if (!/^[A-Za-z_]/.test(k)) throw new RuleError(msg.badZoneKey(name, k), z.at);
        out.set(interned(keyedZoneKey(name, k)), -1);
      }
    }
    else if (!z.perPlayer) out.set(interned(zoneKey(name, null)), -1);
    else for (let p = 0; p < ir.players.max; p++) out.set(interned(zoneKey(name, p)), p);
  }
  for (const [key, place] of boards.places) {
    if (!ir.boards[place.board.name].perPlayer) out.set(key, -1);
    else if (place.owner !== null) out.set(key, place.owner);
  }
  return out;
}

/**
 * The pieces of `v` when it names a holder of this game (read, do not keep), else undefined: its
 * id (holder-index.ts: `holderId`), then the state's holders by id.
 */
export function piecesIn(ctx: Ctx, v: Value): number[] | undefined {
  if (typeof v !== 'string') return undefined;
  const table = ctx.g.holderTable;
  const id = holderId(table, v);
  if (id < 0 || table.owners[id] >= ctx.s.numPlayers) return undefined;
  return holdersById(ctx.s, table)[id] ?? NONE;
}

/** The pieces of the holder of id `id`, one that exists in this game (read, do not keep): a generated loop's item. */
export function piecesById(ctx: Ctx, id: number): number[] {
  return holdersById(ctx.s, ctx.g.holderTable)[id] ?? NONE;
}

/** The pieces of a holder (its own array, top first: read, do not keep). One lookup, checked. */
export function holderItems(ctx: Ctx, v: Value, at: Loc): number[] {
  const items = piecesIn(ctx, v);
  if (items === undefined) throw new RuleError(msg.notHolder(describe(v)), at);
  return items;
}

export function asPlace(ctx: Ctx, v: Value, at: Loc): PlaceInfo {
  // (Keeping the last places found, to compare texts before the map lookup, was measured 20 %
  // slower on the 1,261-place ruleset, whose searches ask for one place after another.)
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
  const items = piecesIn(ctx, v);
  if (items !== undefined) return items;
  throw new RuleError(msg.typeMismatch('a list, a zone or a place', describe(v)), at);
}

export function removeFromHolder(s: State, id: number): void {
  const key = s.pieces[id].at;
  const now = holderList(s, key);
  if (now === undefined) return;
  const i = now.indexOf(id);
  if (i < 0) return;
  if (now.length === 1) setHolder(s, key, []);
  else writableHolder(s, key).splice(i, 1);
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
