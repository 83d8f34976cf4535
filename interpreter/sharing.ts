/**
 * Copy-on-write containers and the journal that undo reads: how a pure `apply` runs at in-place
 * speed and `undo` costs only what the last move changed. Nothing here is in the JSON state: the
 * bookkeeping lives in a hidden slot of each state (state-object.ts), and a state without any (a new
 * game run from its start, a JSON copy) simply owns everything it holds; a new game made from a
 * start template has some: its pieces are the template's until written (see ownedCopy).
 */
import type { GameIR, Json } from './ir.js';
import { noteWritten, tracking } from './size-domains.js';
import { StateObject } from './state-object.js';
import type { Frame, LogEntry, PieceState, State } from './state.js';

/*
 * `cloneState` and `pureCopy` (a pure apply's copy, which also shares the move list, the log and
 * the frames' locals: see below) share the three big containers (the holders array, the variables
 * record, the pieces array) between the copy and its source. The first write through either state copies the
 * container (shallow), keeping the container it copied, then each entry (one holder's array, one
 * table, one piece) on its first write: an entry is the state's own when it is not the very entry of
 * the container copied (no set or map of the entries written: making three at every pure apply
 * cost more than the rest of its bookkeeping). The containers copied are never changed again (every
 * state that holds one copies it before writing), so they are what undo puts back. Every write to a holder, a variable, a table or a piece goes through the functions
 * below; values inside entries are never mutated (builtins build new lists), so they are shared.
 */
interface Meta {
  /**
   * Null: the container is shared, copy it before writing; else the container it was copied from
   * (shared, never changed since): an entry that is still that container's is shared too.
   */
  holders: number[][] | null;
  vars: Record<string, Json> | null;
  pieces: PieceState[] | null;
  /**
   * The locals of stack frames shared with another state (the one copied at the same time, which
   * shares this set): copied when the frame first runs or is written, then taken out.
   */
  locals: Record<string, Json>[] | null;
  /** The move list and the log are shared with another state: copy before appending. */
  movesShared: boolean;
  logShared: boolean;
  /** The log was replaced since the copy (old entries rewritten): it is no longer a prefix. */
  logReplaced: boolean;
  /** A pure apply's copy: its move list and log, read through accessors (see SharedList). */
  lists: { moves: SharedList<string>; log: SharedList<LogEntry> } | null;
  /** How to go back one move, when this state was made by a pure apply and not changed since. */
  link: Link | null;
  /** In-place runs of this state: a link that reads this state's small containers needs it unchanged. */
  epoch: number;
}

// Writes come in runs on one state (in-place play: always the same one): the last lookup is kept.
let lastState: State | null = null;
let lastMeta: Meta | undefined;

function metaOf(s: State): Meta | undefined {
  if (s !== lastState) {
    lastState = s;
    lastMeta = StateObject.sharing(s) as Meta | undefined;
  }
  return lastMeta;
}

function setMeta(s: State, m: Meta | undefined): void {
  if (s === lastState) lastState = null;
  StateObject.setSharing(s, m);
}

/** The state's containers are (now) shared with another state. */
function markShared(s: State, link: Link | null, locals: Record<string, Json>[] | null = null): void {
  const m = metaOf(s);
  if (m === undefined) setMeta(s, { holders: null, vars: null, pieces: null, locals, movesShared: true, logShared: true, logReplaced: false, lists: null, link, epoch: 0 });
  else {
    m.holders = m.vars = m.pieces = null;
    m.locals = locals;
    m.movesShared = m.logShared = true;
  }
}

/**
 * The locals of `frame` (a frame of `s`), ready to be changed: the VM takes them through here when
 * it starts running a frame, so a pure apply copies only the frames that run (a game's outer frames
 * hold most locals and run seldom).
 */
export function ownLocals(s: State, frame: Frame): Record<string, Json> {
  const m = metaOf(s);
  // A list, not a set: a stack has a few frames, and a set cost more to make at every copy.
  const i = m === undefined || m.locals === null ? -1 : m.locals.indexOf(frame.locals);
  if (i < 0) return frame.locals;
  m!.locals![i] = NO_LOCALS;
  frame.locals = copyOwn(frame.locals);
  return frame.locals;
}

/**
 * A copy of a record that keys are then added to (a frame's locals, a table's rows, the
 * parameters evaluated so far). Not a spread: V8 gives a spread's copy a map of its own, and each
 * key added to it afterwards cost about 1.5 µs (a runtime call), against some 0.05 µs on a copy
 * made key by key. A key `__proto__` (a local may have that name) is defined, not set.
 */
export function copyOwn<T>(r: Record<string, T>): Record<string, T> {
  const out: Record<string, T> = {};
  for (const k in r) {
    if (k === '__proto__') Object.defineProperty(out, k, { value: r[k], writable: true, enumerable: true, configurable: true });
    else out[k] = r[k];
  }
  return out;
}

/** The frames of `stack`, new, sharing their locals (listed in `shared`, see ownLocals). */
const NO_LOCALS: Record<string, Json> = Object.freeze({}) as Record<string, Json>;

function shareStack(stack: Frame[], shared: Record<string, Json>[]): Frame[] {
  const out = new Array<Frame>(stack.length);
  for (let i = 0; i < out.length; i++) {
    const f = stack[i];
    out[i] = { code: f.code, pc: f.pc, locals: f.locals };
    shared.push(f.locals);
  }
  return out;
}

/*
 * The move list and the log only grow at their end (a simultaneous block closing replaces the
 * log). A copy made by cloneState shares them with its source and copies one when it first appends
 * to it. A pure apply's copy (pureCopy) shares them for good: its `moves` and `log` are accessors
 * (own and enumerable), and what it holds is a SharedList, the
 * first `len` items of an array that states made one from another append to in turn. A state
 * appends in place when the array ends where its list ends (nobody appended since), else copies its
 * part first: a line of pure applies appends in place, a branch copies once. So a pure apply costs
 * no copy of the move list and the log, which made a game's pure applies quadratic.
 */
interface SharedList<T> {
  items: T[];
  len: number;
  /** `items` may be appended to (not an array a state or a caller holds as its own). */
  appendable: boolean;
  /** The array last read through the accessor: a copy of the first `len` items, until the next append. */
  read: T[] | null;
}

function readList<T>(list: SharedList<T>): T[] {
  return (list.read ??= list.items.slice(0, list.len));
}

function pushList<T>(list: SharedList<T>, item: T): void {
  if (!list.appendable || list.items.length !== list.len) {
    list.items = list.items.slice(0, list.len);
    list.appendable = true;
  }
  list.items.push(item);
  list.len++;
  list.read = null;
}

function setList<T>(list: SharedList<T>, items: T[]): void {
  list.items = items;
  list.len = items.length;
  list.appendable = false;
  list.read = items;
}

function listsOf(s: State): NonNullable<Meta['lists']> {
  return metaOf(s)!.lists!;
}

function accessor<T>(which: 'moves' | 'log'): PropertyDescriptor {
  return {
    get(this: State): T[] {
      return readList(listsOf(this)[which] as SharedList<T>);
    },
    set(this: State, items: T[]): void {
      setList(listsOf(this)[which] as SharedList<T>, items);
    },
    enumerable: true,
    configurable: false,
  };
}

const LIST_ACCESSORS = { moves: accessor<string>('moves'), log: accessor<LogEntry>('log') };

/** The list `s` shares (a pure apply's copy), else null. */
function sharedList<K extends 'moves' | 'log'>(s: State, which: K): NonNullable<Meta['lists']>[K] | null {
  const lists = metaOf(s)?.lists;
  return lists === null || lists === undefined ? null : lists[which];
}

/** How many moves `s` has taken (without making the list of a pure apply's copy). */
export function movesLength(s: State): number {
  // A state without bookkeeping (a random playout's, a replay's) owns its list.
  const lists = metaOf(s)?.lists;
  return lists === undefined || lists === null ? s.moves.length : lists.moves.len;
}

/** How many entries the log of `s` has. */
export function logLength(s: State): number {
  const lists = metaOf(s)?.lists;
  return lists === undefined || lists === null ? s.log.length : lists.log.len;
}

/** Appends the label of a move taken. */
export function appendMove(s: State, label: string): void {
  const m = metaOf(s);
  // Its own list (a new game's, or one it copied already): as append, without its keyed reads.
  if (m === undefined || (m.lists === null && !m.movesShared)) s.moves.push(label);
  else append(s, 'moves', 'movesShared', label);
}

/** Appends a log entry. */
export function appendLog(s: State, entry: LogEntry): void {
  const m = metaOf(s);
  if (m === undefined || (m.lists === null && !m.logShared)) s.log.push(entry);
  else append(s, 'log', 'logShared', entry);
}

/** Appends to the move list or the log: to its shared list, else to the state's own copy (made on first append). */
function append<K extends 'moves' | 'log'>(s: State, which: K, flag: 'movesShared' | 'logShared', item: State[K][number]): void {
  const shared = sharedList(s, which) as SharedList<State[K][number]> | null;
  if (shared !== null) return pushList(shared, item);
  const m = metaOf(s);
  const list = s[which] as State[K][number][];
  if (m !== undefined && m[flag]) {
    s[which] = list.concat([item]) as State[K];
    m[flag] = false;
  } else list.push(item);
}

/** Replaces the log by `log` (a new array, some old entries rewritten). */
export function replaceLog(s: State, log: LogEntry[]): void {
  const m = metaOf(s);
  if (m !== undefined) {
    m.logShared = false;
    m.logReplaced = true;
  }
  const shared = sharedList(s, 'log');
  if (shared !== null) {
    setList(shared, log);
    // The state's own now: later entries are appended to it.
    shared.appendable = true;
    shared.read = null;
  } else s.log = log;
}

/** Copies the shared holders array of `s` (once): returns the array copied from. */
function ownHolders(s: State, m: Meta): number[][] {
  if (m.holders === null) {
    m.holders = s.holders;
    s.holders = s.holders.slice();
  }
  return m.holders;
}

/*
 * An empty holder's entry may be an array shared with other holders and states (a new game's, a
 * copy's): nothing changes an empty entry in place. A holder is written through `writableHolder`,
 * which gives an empty one a new array, or replaced whole through `setHolder`.
 */

/**
 * The pieces of holder `id` (a holder of the game, by id: holder-index.ts), ready to be changed in
 * place: the state's own array (a copy when it is shared with another state).
 */
export function writableHolder(s: State, id: number): number[] {
  // Its size may change: noted for the domains of a state played in place (size-domains.ts).
  if (s === tracking.state) noteWritten(id);
  const m = metaOf(s);
  if (m !== undefined) {
    const from = ownHolders(s, m);
    if (s.holders[id] === from[id]) {
      const copy = from[id].slice();
      s.holders[id] = copy;
      return copy;
    }
  }
  const list = s.holders[id];
  if (list.length > 0) return list;
  const fresh: number[] = [];
  s.holders[id] = fresh;
  return fresh;
}

/** Replaces the pieces of holder `id` by `ids`, which the state then owns. */
export function setHolder(s: State, id: number, ids: number[]): void {
  if (s === tracking.state) noteWritten(id);
  const m = metaOf(s);
  if (m !== undefined) ownHolders(s, m);
  s.holders[id] = ids;
}

/** Copies the shared variables record of `s` (once): returns the record copied from. */
function ownVars(s: State, m: Meta): Record<string, Json> {
  if (m.vars === null) {
    m.vars = s.vars;
    s.vars = { ...s.vars };
  }
  return m.vars;
}

/** Sets a single variable. */
export function setVar(s: State, name: string, value: Json): void {
  const m = metaOf(s);
  if (m !== undefined) ownVars(s, m);
  s.vars[name] = value;
}

/**
 * The rows of table `name`, ready to be changed in place: an array table's array or a record
 * table's record (table-keys.ts).
 */
export function writableTable(s: State, name: string): Json[] & Record<string, Json> {
  const m = metaOf(s);
  if (m === undefined) return s.vars[name] as Json[] & Record<string, Json>;
  const from = ownVars(s, m);
  const table = s.vars[name] as Json[] & Record<string, Json>;
  if (table !== from[name]) return table;
  const copy = copyTable(table) as Json[] & Record<string, Json>;
  s.vars[name] = copy;
  return copy;
}

/** A table's own copy: an array table's array, or a record table's record. */
function copyTable(t: Json): Json {
  return Array.isArray(t) ? t.slice() : copyOwn(t as Record<string, Json>);
}

/** Copies the shared pieces array of `s` (once): returns the array copied from. */
function ownPieces(s: State, m: Meta): PieceState[] {
  if (m.pieces === null) {
    m.pieces = s.pieces;
    s.pieces = s.pieces.slice();
  }
  return m.pieces;
}

/** Piece `id` of `s`, ready to be changed (a copy when it is shared with another state). */
export function writablePiece(s: State, id: number): PieceState {
  const m = metaOf(s);
  if (m === undefined) return s.pieces[id];
  const from = ownPieces(s, m);
  const piece = s.pieces[id];
  // Its own: made since the copy, or copied already.
  if (piece === undefined || piece !== from[id]) return piece;
  // Its attributes are shared until one is set (setPieceAttr); spreading a piece was slower.
  const copy: PieceState = { kind: piece.kind, owner: piece.owner, at: piece.at, attrs: piece.attrs };
  if (piece.shown !== undefined) copy.shown = piece.shown;
  if (piece.shownTo !== undefined) copy.shownTo = piece.shownTo;
  if (piece.hidden !== undefined) copy.hidden = piece.hidden;
  s.pieces[id] = copy;
  return copy;
}

/** Sets attribute `name` of piece `id` (a piece the caller has checked). */
export function setPieceAttr(s: State, id: number, name: string, value: Json): void {
  const piece = writablePiece(s, id);
  const m = metaOf(s);
  // Still the attributes of the piece it was copied from: copy them too.
  if (m !== undefined && m.pieces?.[id]?.attrs === piece.attrs) piece.attrs = { ...piece.attrs };
  piece.attrs[name] = value;
}

/** Adds a new piece and returns its id (undo drops it by the length of the pieces before). */
export function addPiece(s: State, piece: PieceState): number {
  const m = metaOf(s);
  if (m !== undefined) ownPieces(s, m);
  const id = s.pieces.length;
  s.pieces.push(piece);
  return id;
}

function copyStack(stack: Frame[]): Frame[] {
  const out = new Array<Frame>(stack.length);
  for (let i = 0; i < out.length; i++) {
    const f = stack[i];
    out[i] = { code: f.code, pc: f.pc, locals: copyOwn(f.locals) };
  }
  return out;
}

/**
 * A state made of `s`'s fields, with its own copies of the small containers the VM changes;
 * `moves` and `log` are shared with another state unless `ownLists`.
 */
function assemble(s: Omit<State, 'moves' | 'log'>, moves: string[], log: LogEntry[], link: Link | null, ownLists = false): State {
  const fields: State = {
    numPlayers: s.numPlayers,
    seed: s.seed,
    rng: s.rng.slice(),
    params: s.params,
    inits: s.inits,
    vars: s.vars,
    pieces: s.pieces,
    holders: s.holders,
    stack: copyStack(s.stack),
    blocks: s.blocks.slice(),
    pending: s.pending,
    ended: s.ended,
    moves,
    log,
    simul: s.simul.slice(),
    forcedRolls: s.forcedRolls,
  };
  const copy = new StateObject(fields);
  markShared(copy, link);
  if (ownLists) {
    const m = metaOf(copy)!;
    m.movesShared = m.logShared = false;
  }
  return copy;
}

/**
 * A copy sharing the holders, variables and pieces with `s` (copied on first write, see above);
 * the small containers the VM changes at every step (stack frames, blocks, generator words, moves,
 * log) are copied now.
 */
export function cloneState(s: State): State {
  markShared(s, null);
  return assemble(s, s.moves, s.log, null);
}

/**
 * A pure apply's copy: like cloneState, but it shares the move list and the log for good, and the
 * frames' locals until they run (see above).
 */
export function pureCopy(s: State): State {
  const from = metaOf(s)?.lists;
  // Made from `s` itself (no record of fields in between: this runs at every move), then the small
  // containers the VM changes in place get their own copies; the moves and log are the accessors,
  // and the frames share their locals (see ownLocals).
  const copy = new StateObject(s, LIST_ACCESSORS);
  const locals: Record<string, Json>[] = [];
  copy.rng = s.rng.slice();
  copy.stack = shareStack(s.stack, locals);
  copy.blocks = s.blocks.slice();
  copy.simul = s.simul.slice();
  const lists = {
    moves: copyList(from?.moves ?? null, s, 'moves'),
    log: copyList(from?.log ?? null, s, 'log'),
  };
  setMeta(copy, { holders: null, vars: null, pieces: null, locals, movesShared: true, logShared: true, logReplaced: false, lists, link: null, epoch: 0 });
  markShared(s, null, locals);
  return copy;
}

/** A copy's SharedList of the source's list: the same items, or the source's own array, not appended to. */
function copyList<K extends 'moves' | 'log'>(from: SharedList<State[K][number]> | null, s: State, which: K): SharedList<State[K][number]> {
  if (from !== null) return { items: from.items, len: from.len, appendable: from.appendable, read: from.read };
  const items = s[which];
  return { items, len: items.length, appendable: false, read: null };
}

/**
 * The keys of a state's variables, and which are tables: found once for a state copied again and
 * again (a start template, never changed).
 */
export interface CopyPlan {
  vars: string[];
  /** Whether vars[i] is a table (changed row by row in place; other values are replaced whole). */
  tables: boolean[];
}

export function copyPlan(s: State, ir: GameIR): CopyPlan {
  const vars = Object.keys(s.vars);
  // A table (array or record, table-keys.ts), not a single value that is a list or a record.
  const tables = vars.map((k) => Object.hasOwn(ir.vars, k) && ir.vars[k].keys.length > 0);
  return { vars, tables };
}

/**
 * A copy of `s` for in-place play, `s` being never changed again (a start template): the state's
 * containers and every holder list, table and frame (with its locals) are its own; its pieces are
 * `s`'s until written, as a pure apply's copy's are (writablePiece copies a piece on its first
 * write, sharing its attributes until one is set: a game moves some of its pieces, and copying
 * every piece and its attributes was most of a new game's cost); the values in them, the
 * parameters and the variables' first values are shared (never changed in place). A new game made
 * from a start template (start-template.ts) is one, with its own seed and generator words.
 */
export function ownedCopy(s: State, plan: CopyPlan, seed = s.seed, rng = s.rng.slice()): State {
  const holders = ownHolderLists(s.holders);
  const vars: Record<string, Json> = {};
  const varKeys = plan.vars;
  for (let i = 0; i < varKeys.length; i++) {
    const k = varKeys[i];
    vars[k] = plan.tables[i] ? copyTable(s.vars[k]) : s.vars[k];
  }
  const pieces = s.pieces.slice();
  const fields: State = {
    numPlayers: s.numPlayers,
    seed,
    rng,
    // Made at game start, never changed by play (copies by cloneState share them too).
    params: s.params,
    inits: s.inits,
    vars,
    pieces,
    holders,
    stack: copyStack(s.stack),
    blocks: s.blocks.slice(),
    pending: s.pending,
    ended: s.ended,
    moves: s.moves.slice(),
    log: s.log.slice(),
    simul: s.simul.slice(),
  };
  if (s.forcedRolls !== undefined) fields.forcedRolls = s.forcedRolls;
  const copy = new StateObject(fields);
  // Copied from `s`'s containers: the holder lists and tables above are the copy's own (they are
  // not `s`'s entries), the pieces still `s`'s. Its moves and log are its own.
  setMeta(copy, { holders: s.holders, vars: s.vars, pieces: s.pieces, locals: null, movesShared: false, logShared: false, logReplaced: false, lists: null, link: null, epoch: 0 });
  return copy;
}

/** The holders array `h` with its own copy of every holder that holds pieces (an empty one is never changed in place). */
function ownHolderLists(h: number[][]): number[][] {
  const out = new Array<number[]>(h.length);
  for (let i = 0; i < out.length; i++) {
    const list = h[i];
    out[i] = list.length === 0 ? list : list.slice();
  }
  return out;
}

/**
 * A copy whose holders, variables record and pieces array are its own at once (views rewrite them
 * wholesale); pieces and table rows are still shared, so they are replaced, never changed in place.
 */
export function detachedCopy(s: State): State {
  const out = assemble(s, s.moves.slice(), s.log.slice(), null, true);
  out.holders = ownHolderLists(s.holders);
  out.vars = { ...s.vars };
  out.pieces = s.pieces.slice();
  setMeta(out, undefined);
  return out;
}

/*
 * Undo without replay. After a pure `apply`, the new state's Meta holds the earlier state's holders
 * array, variables record and pieces array, for each the move wrote (see above: never changed since);
 * with the small containers the VM changed (stack, blocks, generator words, pending choice, …)
 * taken from the earlier state, that is the journal of the move, kept as the new state's link.
 * Going back is a state of those containers (no copy of the holders, variables or pieces), keeping
 * alive only the earlier state's containers (their entries are mostly the later state's too).
 * The move list before is the one after without its last label; the log before is a prefix
 * of the log after unless the move rewrote old entries (closing a simultaneous block: then the old
 * log is kept). A state changed in place loses its link; states without one (played in place, read
 * from JSON) are undone by replay.
 */
interface Link {
  /**
   * The earlier state's small fields, read when undoing: they are its own, so they hold while its
   * epoch is the one recorded. Its holders, variables and pieces are not kept (see above).
   */
  before: Omit<State, 'moves' | 'log' | 'holders' | 'vars' | 'pieces'>;
  meta: Meta;
  epoch: number;
  /** The earlier state's containers the move copied (null: it wrote none), never changed since. */
  holders: number[][] | null;
  vars: Record<string, Json> | null;
  pieces: PieceState[] | null;
  logLength: number;
  /** The log before, when it is not a prefix of the log after. */
  log: LogEntry[] | null;
  /** The link of the earlier state: undo again. */
  older: Link | null;
}

/** Called before a state is changed in place: its link no longer holds. */
export function noteChange(s: State): void {
  const m = metaOf(s);
  if (m === undefined) return;
  m.link = null;
  m.epoch++;
}

/** Records how `next` goes back to `prev` after one pure apply. */
export function linkMove(next: State, prev: State): void {
  const m = metaOf(prev);
  const n = metaOf(next);
  if (m === undefined || n === undefined) return;
  const before: Link['before'] = {
    numPlayers: prev.numPlayers,
    seed: prev.seed,
    rng: prev.rng,
    params: prev.params,
    inits: prev.inits,
    stack: prev.stack,
    blocks: prev.blocks,
    pending: prev.pending,
    ended: prev.ended,
    simul: prev.simul,
  };
  if (prev.forcedRolls !== undefined) before.forcedRolls = prev.forcedRolls;
  const prefix = !n.logReplaced && movesLength(next) === movesLength(prev) + 1;
  n.link = {
    before,
    meta: m,
    epoch: m.epoch,
    holders: n.holders,
    vars: n.vars,
    pieces: n.pieces,
    logLength: logLength(prev),
    log: prefix ? null : prev.log,
    older: m.link,
  };
}

/** The state before the last move of `s`, as a new state, when its link holds; else null. */
export function stateBefore(s: State): State | null {
  const link = metaOf(s)?.link;
  if (link === undefined || link === null || link.meta.epoch !== link.epoch) return null;
  markShared(s, link);
  // A container the move did not write is the earlier state's still.
  const before = { ...link.before, holders: link.holders ?? s.holders, vars: link.vars ?? s.vars, pieces: link.pieces ?? s.pieces };
  const log = link.log !== null ? link.log.slice() : s.log.slice(0, link.logLength);
  return assemble(before, s.moves.slice(0, -1), log, link.older, true);
}
