/**
 * The shape of a game state: plain JSON at every decision point (it survives JSON.stringify), so it
 * can be saved, sent to a worker, compared with one toEqual. Values inside it are never mutated in
 * place by the interpreter (builtins build new lists); holders, tables, variables and pieces are
 * changed only through the copy-on-write functions below, so states made by `apply` share them.
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

/*
 * Copy-on-write containers. A pure `apply` must leave its input as it was, but copying every holder,
 * table and piece at every move was most of its cost. So `cloneState` shares the three big
 * containers (the holders record, the variables record, the pieces array) between the copy and its
 * source and marks them `shared`; the first write through either state copies the container (a
 * shallow copy), and then each entry (one holder's array, one table, one piece) on its first write.
 * `own` lists, for a container a state owns, the entries it has copied since (those may be written
 * in place); a container in neither map was never shared (a new game, a replay, a JSON copy) and is
 * written in place. Every write to a holder, a table, a variable or a piece goes through the
 * functions below; values inside entries are never mutated (builtins build new lists), so they are
 * shared freely.
 */
const shared = new WeakSet<object>();
const own = new WeakMap<object, Set<string | number>>();

function copyRecord<T>(r: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in r) out[k] = r[k];
  return out;
}

function ownHolders(s: State): Record<string, number[]> {
  let r = s.holders;
  if (shared.has(r)) {
    r = s.holders = copyRecord(r);
    own.set(r, new Set());
  }
  return r;
}

/** The pieces of holder `key`, ready to be changed in place; undefined when there is no such holder. */
export function writableHolder(s: State, key: string): number[] | undefined {
  const r = ownHolders(s);
  const list = Object.hasOwn(r, key) ? r[key] : undefined;
  const mine = own.get(r);
  if (list === undefined || mine === undefined || mine.has(key)) return list;
  const copy = list.slice();
  r[key] = copy;
  mine.add(key);
  return copy;
}

/** Replaces the pieces of holder `key` by `ids` (which the state then owns). */
export function setHolder(s: State, key: string, ids: number[]): void {
  const r = ownHolders(s);
  r[key] = ids;
  own.get(r)?.add(key);
}

/** The variables record, ready for a single variable to be set. */
export function writableVars(s: State): Record<string, Json> {
  let r = s.vars;
  if (shared.has(r)) {
    r = s.vars = copyRecord(r);
    own.set(r, new Set());
  }
  return r;
}

/** The rows of table `name`, ready to be changed in place. */
export function writableTable(s: State, name: string): Record<string, Json> {
  const vars = writableVars(s);
  const table = vars[name] as Record<string, Json>;
  const mine = own.get(vars);
  if (mine === undefined || mine.has(name)) return table;
  const copy = copyRecord(table);
  vars[name] = copy;
  mine.add(name);
  return copy;
}

function ownPieces(s: State): PieceState[] {
  let a = s.pieces;
  if (shared.has(a)) {
    a = s.pieces = a.slice();
    own.set(a, new Set());
  }
  return a;
}

/** Piece `id` of `s`, ready to be changed (a copy when it is shared with another state). */
export function writablePiece(s: State, id: number): PieceState {
  const a = ownPieces(s);
  const piece = a[id];
  const mine = own.get(a);
  if (mine === undefined || piece === undefined || mine.has(id)) return piece;
  const copy: PieceState = { ...piece, attrs: { ...piece.attrs } };
  a[id] = copy;
  mine.add(id);
  return copy;
}

/** Adds a new piece and returns its id. */
export function addPiece(s: State, piece: PieceState): number {
  const a = ownPieces(s);
  const id = a.length;
  a.push(piece);
  own.get(a)?.add(id);
  return id;
}

/**
 * A copy sharing the holders, variables and pieces with `s` (copied on first write, see above);
 * the small containers the VM changes at every step (stack frames, blocks, generator words, moves,
 * log) are copied now.
 */
export function cloneState(s: State): State {
  shared.add(s.holders);
  shared.add(s.vars);
  shared.add(s.pieces);
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
    vars: s.vars,
    pieces: s.pieces,
    holders: s.holders,
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

/**
 * A copy whose holders, variables record and pieces array are its own at once (views rewrite them
 * wholesale); pieces and table rows are still shared, so they are replaced, never changed in place.
 */
export function detachedCopy(s: State): State {
  const out = cloneState(s);
  const holders: Record<string, number[]> = {};
  for (const k in s.holders) holders[k] = s.holders[k].slice();
  out.holders = holders;
  out.vars = copyRecord(s.vars);
  out.pieces = s.pieces.slice();
  return out;
}

/*
 * Undo without replay: a journal of containers. A pure `apply` leaves the state it was given
 * unchanged and shares its holders, variables and pieces with the new state, so the journal of the
 * move is that state's containers themselves (the ones the move replaced are the old values), kept
 * in `links` beside the new state. The move list and the log are not kept: the move list before
 * is the one after without its last label, and the log before is a prefix of the log after unless
 * the move closed a simultaneous block (then the old log is kept). `epoch` counts the in-place runs
 * of a state: a link holds only while the earlier state has not changed since, and a state changed
 * in place loses its own link. States without a link (played in place, read from JSON) are undone
 * by replay.
 */
interface Epoch {
  n: number;
}
interface Link {
  before: Omit<State, 'moves' | 'log'>;
  epoch: Epoch;
  at: number;
  logLength: number;
  /** The log before, when it is not a prefix of the log after. */
  log: LogEntry[] | null;
  older: Link | undefined;
}
const links = new WeakMap<State, Link>();
const epochs = new WeakMap<State, Epoch>();

function epochOf(s: State): Epoch {
  let e = epochs.get(s);
  if (e === undefined) {
    e = { n: 0 };
    epochs.set(s, e);
  }
  return e;
}

/** Called before a state is changed in place: its link and the links to it no longer hold. */
export function noteChange(s: State): void {
  links.delete(s);
  const e = epochs.get(s);
  if (e !== undefined) e.n++;
}

/**
 * Records that `next` is `prev` after one move (pure apply; `prev` unchanged). `log` is the log
 * array `next` had before the move ran (the VM replaces it only when it rewrites old entries).
 */
export function linkMove(next: State, prev: State, log: LogEntry[]): void {
  const { moves: _moves, log: prevLog, ...before } = prev;
  const epoch = epochOf(prev);
  const prefix = next.log === log && next.moves.length === prev.moves.length + 1;
  links.set(next, {
    before,
    epoch,
    at: epoch.n,
    logLength: prevLog.length,
    log: prefix ? null : prevLog,
    older: links.get(prev),
  });
}

/** The state before the last move of `s`, as a new state, when its link holds; else null. */
export function stateBefore(s: State): State | null {
  const link = links.get(s);
  if (link === undefined || link.epoch.n !== link.at) return null;
  const { before } = link;
  // Marked shared, as cloneState does: the earlier state may still be in use.
  shared.add(before.holders);
  shared.add(before.vars);
  shared.add(before.pieces);
  const stack = new Array<Frame>(before.stack.length);
  for (let i = 0; i < stack.length; i++) {
    const f = before.stack[i];
    stack[i] = { code: f.code, pc: f.pc, locals: { ...f.locals } };
  }
  const copy: State = {
    numPlayers: before.numPlayers,
    seed: before.seed,
    rng: before.rng.slice(),
    params: before.params,
    inits: before.inits,
    vars: before.vars,
    pieces: before.pieces,
    holders: before.holders,
    stack,
    blocks: before.blocks.slice(),
    pending: before.pending,
    ended: before.ended,
    moves: s.moves.slice(0, -1),
    log: link.log !== null ? link.log.slice() : s.log.slice(0, link.logLength),
    simul: before.simul.slice(),
  };
  if (before.forcedRolls !== undefined) copy.forcedRolls = before.forcedRolls;
  if (link.older !== undefined) links.set(copy, link.older);
  return copy;
}
