/**
 * The shape of a game state: plain JSON at every decision point (it survives JSON.stringify), so it
 * can be saved, sent to a worker, compared with one toEqual. Values inside it are never mutated in
 * place by the interpreter (builtins build new lists); holders, tables, variables and pieces are
 * changed only through the copy-on-write functions of `sharing.ts`, so states made by `apply`
 * share them.
 */
import type { Json, Loc } from './ir.js';

export interface PieceState {
  kind: string;
  owner: number | null;
  /**
   * The id of the holder the piece lies in (its index in `State.holders`; its text, `zone:deck`,
   * `Board.r1c2`, …, is `holderName` of holder-keys.ts); -1 when hidden in a view.
   */
  at: number;
  attrs: Record<string, Json>;
  /** Shown to everyone wherever it lies (`reveal`). */
  shown?: boolean;
  /** Shown to these players (0-based seats) wherever it lies (`reveal … to`), until `hide`. */
  shownTo?: number[];
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
  /** For a secret or `during` choice: the local that received its value (others' views mask it). */
  into?: string;
}

/** What other players keep seeing of the block's players while a simultaneous block runs. */
export interface SimulBlock {
  players: number[];
  /** The player whose part of the block is running. */
  current: number | null;
  logStart: number;
  /**
   * The block's players' own holders (by id: `State.holders`) as they were when it began; no entry
   * for an empty one. In a view, a piece the viewer may not see reads -1 (as in `State.holders`).
   */
  holders: Record<number, number[]>;
  /**
   * The pieces of those holders and the pieces the block's players own, by id, as they were when it
   * began. A view keeps only those the viewer may see (view.ts: an entry would tell a hidden id).
   */
  pieces: Record<string, PieceState>;
  /**
   * Rows of player-keyed tables, by variable (table-keys.ts): an array table's whole array as it
   * was when the block began (only the block's players' rows are read), a record table's rows of
   * the block's players by key text.
   */
  rows: Record<string, Json[] | Record<string, Json>>;
}

export interface State {
  numPlayers: number;
  seed: number;
  /** sfc32 words. */
  rng: number[];
  params: Record<string, Json>;
  /** Initial values of variables, evaluated once at game start (for missing rows and resets). */
  inits: Record<string, Json>;
  /**
   * Single variables hold their value. A table keyed by players, enum values or booleans (one or
   * two keys) holds an array of its rows by key id, every row present (table-keys.ts); any other
   * table a record from key text to value, a missing row reading its init value.
   */
  vars: Record<string, Json>;
  pieces: PieceState[];
  /**
   * Piece ids, top first, of every holder of the game by id (holder-keys.ts: `holderNaming`, the
   * same for every player count); an empty holder holds `[]` (not null: every read, the generated
   * code's too, takes an entry's length or items without a test, and the array holds one kind of
   * element, which V8 keeps fast). Outside the interpreter, read it by
   * holder text through `piecesAt` (holder-keys.ts).
   */
  holders: number[][];
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

export { cloneState, writablePiece } from './sharing.js';
