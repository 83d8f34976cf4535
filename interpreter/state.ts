/**
 * The shape of a game state: plain JSON at every decision point (it survives JSON.stringify), so it
 * can be saved, sent to a worker, compared with one toEqual. Values inside it are never mutated in
 * place by the interpreter (builtins build new lists); only the containers listed in cloneState
 * change, which is why cloneState copies exactly those and shares the rest (pieces are copied
 * when first changed: see writablePiece).
 */
import type { Json, Loc } from './ir.js';

export interface PieceState {
  kind: string;
  owner: number | null;
  /** The holder string the piece lies in (`zone:deck`, `Board.r1c2`, …); '' when hidden in a view. */
  at: string;
  attrs: Record<string, Json>;
  /** Shown to everyone wherever it lies (`reveal`). */
  shown?: boolean;
  /** Set in views only: the viewer may not see this piece. */
  hidden?: boolean;
}

/** One call of a compiled body: `code` names the body (`flow`, `proc:x`, `action:y`, `trigger:2`). */
export interface Frame {
  code: string;
  pc: number;
  locals: Record<string, Json>;
}

export interface OpenBlock {
  kind: string;
  name: string | null;
  subject: Json;
}

export interface Pending {
  player: number;
  prompt: string | null;
  labels: string[];
  values: Json[];
  secret: boolean;
  at: Loc;
  /** The local of the waiting frame that receives the chosen value. */
  into: string;
  /** Actions a `play` does not offer now, with the reason their `requires` gives. */
  refused?: { label: string; reason: string }[];
}

export interface LogEntry {
  text: string;
  /** The player who made this choice or on whose behalf a simultaneous body logged it. */
  player?: number;
  /** Index into `moves` when the entry records a choice. */
  move?: number;
  /** Others see only that a choice was made. */
  secret?: boolean;
  /** Made inside a simultaneous block that is still open: hidden from the others until it ends. */
  during?: boolean;
}

/** What other players keep seeing of the block's players while a simultaneous block runs. */
export interface SimulBlock {
  players: number[];
  /** The player whose part of the block is running. */
  current: number | null;
  logStart: number;
  holders: Record<string, number[]>;
  pieces: Record<string, PieceState>;
  /** Rows of player-keyed tables, by variable then key string. */
  rows: Record<string, Record<string, Json>>;
}

export interface State {
  numPlayers: number;
  seed: number;
  /** sfc32 words. */
  rng: number[];
  params: Record<string, Json>;
  /** Initial values of variables, evaluated once at game start (for missing rows and resets). */
  inits: Record<string, Json>;
  /** Single variables hold their value; tables hold a record from key string to value. */
  vars: Record<string, Json>;
  pieces: PieceState[];
  /** Holder string → piece ids, top first. */
  holders: Record<string, number[]>;
  stack: Frame[];
  blocks: OpenBlock[];
  pending: Pending | null;
  ended: boolean;
  /** Labels applied so far: with seed and players, a replay of the game. */
  moves: string[];
  log: LogEntry[];
  simul: SimulBlock[];
  /** Faces a scenario forced for the next rolls, by die (first first); replaced, never changed in place. */
  forcedRolls?: Record<string, Json[]>;
}

/**
 * Copy-on-write pieces. cloneState shares the piece objects between the copy and its source
 * (copying every piece was most of the cost of `apply`), so either state copies a piece before it
 * changes it: every change to a piece goes through `writablePiece`. For each pieces array that
 * shares pieces, `below` is how many of its entries were shared when it was cloned (later pieces
 * are its own) and `copied` the ids it has copied since.
 */
interface SharedPieces {
  below: number;
  copied: Set<number>;
}
const sharedPieces = new WeakMap<PieceState[], SharedPieces>();

/** Piece `id` of `s`, ready to be changed (a copy when it is shared with another state). */
export function writablePiece(s: State, id: number): PieceState {
  const piece = s.pieces[id];
  const shared = sharedPieces.get(s.pieces);
  if (shared === undefined || piece === undefined || id >= shared.below || shared.copied.has(id)) return piece;
  const own: PieceState = { ...piece, attrs: { ...piece.attrs } };
  s.pieces[id] = own;
  shared.copied.add(id);
  return own;
}

/** Copies the containers the interpreter mutates; values inside them are shared (never mutated). */
export function cloneState(s: State): State {
  // Tables are records whose rows are written in place: each is copied (its rows are shared).
  const vars: Record<string, Json> = {};
  for (const k in s.vars) {
    const v = s.vars[k];
    vars[k] = isRecordValue(v) ? { ...v } : v;
  }
  const holders: Record<string, number[]> = {};
  for (const k in s.holders) holders[k] = s.holders[k].slice();
  // Both arrays now share every piece: each copies a piece before changing it (writablePiece).
  const pieces = s.pieces.slice();
  sharedPieces.set(s.pieces, { below: pieces.length, copied: new Set() });
  sharedPieces.set(pieces, { below: pieces.length, copied: new Set() });
  const stack = new Array<Frame>(s.stack.length);
  for (let i = 0; i < stack.length; i++) {
    const f = s.stack[i];
    stack[i] = { code: f.code, pc: f.pc, locals: { ...f.locals } };
  }
  const copy: State = {
    numPlayers: s.numPlayers,
    seed: s.seed,
    rng: s.rng.slice(),
    params: s.params,
    inits: s.inits,
    vars,
    pieces,
    holders,
    stack,
    blocks: s.blocks.slice(),
    pending: s.pending,
    ended: s.ended,
    moves: s.moves.slice(),
    log: s.log.slice(),
    simul: s.simul.slice(),
  };
  if (s.forcedRolls !== undefined) copy.forcedRolls = s.forcedRolls;
  return copy;
}

function isRecordValue(v: Json): v is { [key: string]: Json } {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
