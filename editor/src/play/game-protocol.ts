/**
 * The messages between the playtest and its game worker (game-worker.ts): the page asks for a
 * transition of a game held in the worker and receives what it draws (a snapshot). The rules run
 * only in the worker, so a rule that runs long never blocks the page.
 */
import type { GameIR, Loc } from '../../../interpreter/ir.js';
import type { State } from '../../../interpreter/index.js';
import type { Divergence, PlayRecord, Seat } from './game-session.js';
import type { ParamRow, ScenarioMark } from '../workspace/variant-bench.js';

/** A transition: the game it starts from (`id`, a game the worker holds) and what to do with it. */
export type GameRequest =
  | { op: 'start'; ir: GameIR; players: number; seed: number; seats: Seat[] }
  | { op: 'resume'; ir: GameIR; record: PlayRecord }
  | { op: 'rebase'; id: number; ir: GameIR }
  | { op: 'choose'; id: number; label: string }
  | { op: 'undo'; id: number }
  | { op: 'redo'; id: number }
  | { op: 'goTo'; id: number; moves: number }
  | { op: 'seats'; id: number; seats: Seat[] }
  /** The bot's move, if it is a bot's turn (the interpreter's random bot, by seed and move number). */
  | { op: 'bot'; id: number };

/**
 * For the workbench: every scenario of a compiled game run ("Run scenarios"), or a variant compared
 * with its base (param values are computed by the rules, so this runs rule code too).
 */
export type BenchRequest = { op: 'scenarios'; ir: GameIR } | { op: 'compare'; base: GameIR; current: GameIR };

/** A variant beside its base: its params' rows and its differences. */
export interface Comparison {
  rows: ParamRow[];
  differences: string[];
}

/** A request as sent: numbered, with the games the page still holds (the worker forgets the others). */
export interface GameMessage {
  n: number;
  request: GameRequest | BenchRequest;
  keep: number[];
}

/** Everything the playtest draws of one moment of a game, computed in the worker. */
export interface GameSnapshot {
  /** The game in the worker this snapshot is of. */
  id: number;
  state: State;
  /** What each player sees (index = player), and a spectator. */
  views: State[];
  spectator: State;
  scores: number[] | null;
  /** The ranking, once the game has ended. */
  ranking: number[][] | null;
  /** Whether the ended game is a draw the rules declare (`draw if`). */
  drawn: boolean;
  divergence: Divergence | null;
  moves: string[];
  movers: number[];
  canUndo: boolean;
  canRedo: boolean;
  /** Where the statements run by the move that led here are written. */
  fired: Loc[];
  record: PlayRecord;
  /** The ruleset's hash (saved games carry it). */
  hash: string;
  seats: Seat[];
}

/** The answer: the game after the transition (or the scenarios' marks), or the reason it was refused or failed. */
export type GameReply =
  | { n: number; ok: true; snapshot: GameSnapshot }
  | { n: number; ok: true; marks: ScenarioMark[] }
  | { n: number; ok: true; comparison: Comparison }
  | { n: number; ok: false; message: string };
