/**
 * Checked access to players, pieces, holders and places, and the few primitive effects on holders
 * (take a piece out, put it in) that moves, creation and shuffles are made of.
 */
import type { PlaceInfo } from './boards.js';
import { holderNaming, type HolderNaming } from './holder-keys.js';
import type { Ctx, Game } from './context.js';
import { RuleError } from './errors.js';
import type { GameIR, Json, Loc } from './ir.js';
import { msg } from './messages.js';
import { nextInt } from './rng.js';
import { describePlace, placeOfValue } from './place-values.js';
import { holderId } from './holder-index.js';
import { setHolder, writableHolder, writablePiece } from './sharing.js';
import type { PieceState, State } from './state.js';
import type { Value } from './values.js';

export function asPlayer(ctx: Ctx, v: Value, at: Loc): number {
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0 || v >= ctx.s.numPlayers) {
    throw new RuleError(msg.notPlayer(describePlace(ctx.g.boards, v)), at);
  }
  return v;
}

export function asPiece(ctx: Ctx, v: Value, at: Loc): PieceState {
  // A place is a number below 0 (place-values.ts), never an index of the pieces.
  const p = typeof v === 'number' && v >= 0 ? ctx.s.pieces[v] : undefined;
  if (p === undefined) throw new RuleError(msg.notPiece(describePlace(ctx.g.boards, v)), at);
  return p;
}

export function asPieceId(ctx: Ctx, v: Value, at: Loc): number {
  asPiece(ctx, v, at);
  return v as number;
}

/** The text of the holder `v` names (a place's value names its holder by id: place-values.ts). */
export function asHolder(ctx: Ctx, v: Value, at: Loc): string {
  return ctx.g.holderTable.names[asHolderId(ctx, v, at)];
}

/** The id of the holder `v` names, checked as asHolder checks it (one lookup of its text). */
export function asHolderId(ctx: Ctx, v: Value, at: Loc): number {
  const id = idInGame(ctx, v);
  if (id < 0) throw new RuleError(msg.notHolder(describePlace(ctx.g.boards, v)), at);
  return id;
}

/** The id of the holder `v` names when it is one of this game's (its owner, if any, plays), else -1. */
function idInGame(ctx: Ctx, v: Value): number {
  const table = ctx.g.holderTable;
  let id: number;
  if (typeof v === 'number') {
    // A place (place-values.ts) is its holder by id; a template place of a per-player board is none.
    const place = placeOfValue(ctx.g.boards, v);
    if (place === undefined) return -1;
    id = table.placeHolders[place.id];
  } else if (typeof v === 'string') id = holderId(table, v);
  else return -1;
  return id >= 0 && table.owners[id] < ctx.s.numPlayers ? id : -1;
}

/*
 * Holders are named by strings (`zone:deck`, `zone:hand@1`, `Board.r1c2`, `Board@1.x`; built and
 * read in holder-keys.ts), the values rules hold; the state holds them by id (`State.holders`,
 * numbered by holder-keys.ts's `holderNaming`), and every read of a holder value by its text goes
 * through `piecesIn`, `holderItems` or `iterable` below (a loop over a list whose ids are known at
 * load reads `State.holders` by id: holder-index.ts `listIds`).
 */

/**
 * The holders of game `ir`, numbered (holder-keys.ts `holderNaming`), once its zones' keys are
 * checked: a key that starts with a digit would read as a seat (`holderPlayer`); the compiler makes none.
 */
export function checkedHolderNaming(ir: GameIR): HolderNaming {
  for (const [name, z] of Object.entries(ir.zones)) {
    for (const k of z.keys ?? []) if (!/^[A-Za-z_]/.test(k)) throw new RuleError(msg.badZoneKey(name, k), z.at);
  }
  return holderNaming(ir);
}

/** Empty: every empty holder of a new game holds this one array, never changed in place (sharing.ts). */
const NO_PIECES = Object.freeze([]) as unknown as number[];

/** The holders of a new game of `g`: all empty. */
export function emptyHolders(g: Game): number[][] {
  return new Array<number[]>(g.holderTable.names.length).fill(NO_PIECES);
}

/**
 * The pieces of `v` when it names a holder of this game (read, do not keep), else undefined: its
 * id (holder-index.ts: `holderId`), then the state's holders by id.
 */
export function piecesIn(ctx: Ctx, v: Value): number[] | undefined {
  const id = idInGame(ctx, v);
  return id < 0 ? undefined : ctx.s.holders[id];
}

/** The pieces of a holder (its own array, top first: read, do not keep). One lookup, checked. */
export function holderItems(ctx: Ctx, v: Value, at: Loc): number[] {
  const items = piecesIn(ctx, v);
  if (items === undefined) throw new RuleError(msg.notHolder(describePlace(ctx.g.boards, v)), at);
  return items;
}

/** The text of the holder piece `p` lies in ('' for a piece hidden in a view). */
export function locationOf(ctx: Ctx, p: PieceState): string {
  return ctx.g.holderTable.names[p.at] ?? '';
}

/**
 * Where piece `p` lies as rules see it (`locationOf(t)`, `t.location`): the place's value
 * (place-values.ts) on a board, else its zone's text ('' for a piece hidden in a view).
 */
export function locationValue(ctx: Ctx, p: PieceState): Json {
  return ctx.g.holderTable.values[p.at] ?? '';
}

export function asPlace(ctx: Ctx, v: Value, at: Loc): PlaceInfo {
  // (Keeping the last places found, to compare texts before the map lookup, was measured 20 %
  // slower on the 1,261-place ruleset, whose searches ask for one place after another.)
  const p = placeOfValue(ctx.g.boards, v);
  if (p === undefined) throw new RuleError(msg.notPlace(describePlace(ctx.g.boards, v)), at);
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
  throw new RuleError(msg.typeMismatch('a list, a zone or a place', describePlace(ctx.g.boards, v)), at);
}

export function removeFromHolder(s: State, id: number): void {
  const holder = s.pieces[id].at;
  const now = s.holders[holder];
  if (now === undefined) return;
  // The top piece (a draw) without indexOf's call.
  const i = now[0] === id ? 0 : now.indexOf(id);
  if (i < 0) return;
  if (now.length === 1) {
    setHolder(s, holder, []);
    return;
  }
  // The top or the bottom piece (most moves take one of them) without splice's new array; from a
  // short list (a hand), by shifting the ones after it down (splice's result array cost more).
  const list = writableHolder(s, holder);
  const last = list.length - 1;
  if (i === 0 && last >= SHORT) list.shift();
  else if (i === last) list.pop();
  else if (last < SHORT) {
    for (let j = i; j < last; j++) list[j] = list[j + 1];
    list.pop();
  } else list.splice(i, 1);
}

/** A holder this short is shifted by hand: cheaper than the array builtins' calls. */
const SHORT = 16;

/** Puts `id` on top of `list` (index 0). */
function putOnTop(list: number[], id: number): void {
  const n = list.length;
  if (n >= SHORT) {
    list.unshift(id);
    return;
  }
  list.push(id);
  for (let j = n; j > 0; j--) list[j] = list[j - 1];
  list[0] = id;
}

export type Position = 'top' | 'bottom' | 'random';

/** Puts piece `id` in holder `holder` (by id). */
export function putInHolder(s: State, id: number, holder: number, position: Position): void {
  // Into an empty holder (a cell of a board, mostly): a new list of one, no copy or unshift.
  // (A random position still draws its number: the draws stay those of every earlier game.)
  if (position !== 'random' && s.holders[holder].length === 0) {
    setHolder(s, holder, [id]);
    writablePiece(s, id).at = holder;
    return;
  }
  const list = writableHolder(s, holder);
  if (position === 'top') putOnTop(list, id);
  else if (position === 'bottom') list.push(id);
  else list.splice(nextInt(s.rng, list.length + 1), 0, id);
  writablePiece(s, id).at = holder;
}

/**
 * Moves piece `id` to holder `hid`, an id the caller has checked: known at load (holder-ref.ts),
 * or its text's, found once by `asHolderId` for every piece a move puts there.
 */
export function movePieceTo(s: State, id: number, hid: number, position: Position): void {
  removeFromHolder(s, id);
  putInHolder(s, id, hid, position);
}
