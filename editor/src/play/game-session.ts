/**
 * A game being playtested: the rules it runs on, its current state, the moves undone (for redo),
 * and — after the rules changed — the moves that could no longer be replayed, kept so that fixing
 * the rules brings them back. Every transition goes through the interpreter's API (newGame, apply,
 * undo, replay); this class only keeps the bookkeeping. No DOM.
 */
import { apply, currentPlayer, legalMoves, loadGame, newGame, TIER_UP_LIVE, type Game, type Move, type State } from '../../../interpreter/index.js';
import type { Loc } from '../../../interpreter/ir.js';
import type { GameIR } from '../../../interpreter/ir.js';
import type { SavedGame } from '../../../interpreter/saved-game.js';
import { replayByPlayer } from './replay-by-player.js';
import { playError } from './rule-error-text.js';
import { msg } from '../messages.js';

/** `bot`: the random bot; `search`: the search bot (analyze/search-move.ts). */
export type Seat = 'person' | 'bot' | 'search';

/** A game as the editor remembers it (autosave): setup, seats and every move made. */
export interface PlayRecord {
  players: number;
  seed: number;
  variant: string | null;
  seats: Seat[];
  /** All moves, including those the current rules could not replay. */
  moves: string[];
  /** The player who made each move (null: not known, e.g. a game loaded from a saved-game file). */
  movers?: (number | null)[];
}

/** Where a replay on changed rules stopped. */
export interface Divergence {
  /** 0-based index of the first move that failed. */
  index: number;
  move: string;
  /** The player who made that move, when known. */
  player: number | null;
  reason: string;
  /** That move and all after it: replayed again when the rules change next. */
  lost: string[];
  lostMovers: (number | null)[];
}

export function readPlayRecord(x: unknown): PlayRecord | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (typeof r['players'] !== 'number' || typeof r['seed'] !== 'number' || !strings(r['moves'])) return null;
  if (!(typeof r['variant'] === 'string' || r['variant'] === null)) return null;
  const seats = Array.isArray(r['seats']) ? r['seats'].map((s): Seat => (s === 'bot' || s === 'search' ? s : 'person')) : [];
  const movers = r['movers'];
  const known = Array.isArray(movers) && movers.length === r['moves'].length && movers.every((m) => m === null || Number.isInteger(m));
  return { players: r['players'], seed: r['seed'], variant: r['variant'], seats, moves: r['moves'], ...(known ? { movers: movers as (number | null)[] } : {}) };
}

export class GameSession {
  private constructor(
    readonly ir: GameIR,
    readonly game: Game,
    readonly seats: Seat[],
    readonly state: State,
    readonly redoMoves: string[],
    readonly divergence: Divergence | null,
    /** The player of each move of the state. */
    readonly movers: number[] = [],
    private readonly redoMovers: (number | null)[] = [],
  ) {}

  /** A new game; the error message when the setup is refused. */
  static start(ir: GameIR, o: { players: number; seed: number; seats: Seat[] }): GameSession | string {
    // Loaded again on every edit and played by hand: code is generated only for what runs often.
    const game = loadGame(ir, { tierUp: TIER_UP_LIVE });
    const r = newGame(game, { players: o.players, seed: o.seed });
    return r.ok ? new GameSession(ir, game, o.seats, r.value, [], null) : playError(r.error);
  }

  /** A remembered game replayed on (possibly changed) rules, as far as its moves stay legal for the same players. */
  static resume(ir: GameIR, record: PlayRecord): GameSession | string {
    const game = loadGame(ir, { tierUp: TIER_UP_LIVE });
    const r = replayByPlayer(game, record);
    if (typeof r === 'string') return r;
    const d = r.stop;
    const divergence = d ? { ...d, lost: record.moves.slice(d.index), lostMovers: (record.movers ?? []).slice(d.index) } : null;
    return new GameSession(ir, game, record.seats, r.state, [], divergence, r.movers);
  }

  /**
   * This game on new rules: every move replayed, including those lost to an earlier change. Moves
   * undone stay available for redo (editing the rules between an undo and a redo is common).
   */
  rebase(ir: GameIR): GameSession | string {
    const next = GameSession.resume(ir, this.toRecord());
    if (typeof next === 'string') return next;
    const keep = next.divergence === null;
    return new GameSession(next.ir, next.game, next.seats, next.state, keep ? this.redoMoves : [], next.divergence, next.movers, keep ? this.redoMovers : []);
  }

  get moves(): string[] {
    return this.state.moves;
  }

  /** Where the statements run by the move that led here are written (empty for a start or a replay). */
  fired: Loc[] = [];

  legalMoves(): Move[] {
    return legalMoves(this.game, this.state);
  }

  /** The game after a move, or the reason it was refused. Moves lost to a rules change are dropped. */
  choose(label: string): GameSession | string {
    const player = currentPlayer(this.state);
    // The VM's rule coverage, on for this one move: the statements that ran are the rules that fired.
    const coverage = new Map<Loc, number>();
    this.game.coverage = coverage;
    let r: ReturnType<typeof apply>;
    try {
      r = apply(this.game, this.state, label);
    } finally {
      this.game.coverage = undefined;
    }
    if (!r.ok) return playError(r.error);
    const next = new GameSession(this.ir, this.game, this.seats, r.value, [], null, [...this.movers, player]);
    next.fired = [...coverage.keys()];
    return next;
  }

  canUndo(): boolean {
    return this.state.moves.length > 0;
  }

  /**
   * Back to the last decision a person made: the bots' moves after it are undone with it (undoing
   * one bot move at a time would only hand the turn back to the bot). With no person's move to go
   * back to, one move.
   */
  undo(): GameSession | string {
    const n = this.state.moves.length;
    if (n === 0) return msg.nothingToUndo();
    const person = this.movers.findLastIndex((p) => this.seatOf(p) === 'person');
    const from = person >= 0 ? person : n - 1;
    const r = replayByPlayer(this.game, { players: this.state.numPlayers, seed: this.state.seed, moves: this.state.moves.slice(0, from), movers: this.movers.slice(0, from) });
    if (typeof r === 'string') return r;
    if (r.stop) return r.stop.reason;
    return new GameSession(this.ir, this.game, this.seats, r.state, [...this.state.moves.slice(from), ...this.redoMoves], null, r.movers,
      [...this.movers.slice(from), ...this.redoMovers]);
  }

  canRedo(): boolean {
    return this.redoMoves.length > 0;
  }

  /** The next move undone, and the bots' moves that followed it (the way undo went back). */
  redo(): GameSession | string {
    if (this.redoMoves.length === 0) return msg.nothingToRedo();
    let s: GameSession = this;
    do {
      const [next, ...rest] = s.redoMoves;
      const [, ...restMovers] = s.redoMovers;
      const moved = s.choose(next!);
      if (typeof moved === 'string') return moved;
      s = new GameSession(moved.ir, moved.game, moved.seats, moved.state, rest, null, moved.movers, restMovers);
    } while (s.redoMoves.length > 0 && (s.seatOf(s.redoMovers[0] ?? -1) ?? 'person') !== 'person');
    return s;
  }

  /**
   * The game as it was after its first `n` moves (time travel from the log): the later moves
   * become moves to redo, so going forward again, or to any later moment, replays them.
   */
  goTo(n: number): GameSession | string {
    const all = [...this.state.moves, ...this.redoMoves];
    const allMovers = [...this.movers, ...this.redoMovers];
    const at = Math.max(0, Math.min(n, all.length));
    const r = replayByPlayer(this.game, { players: this.state.numPlayers, seed: this.state.seed, moves: all.slice(0, at), movers: allMovers.slice(0, at) });
    if (typeof r === 'string') return r;
    if (r.stop) return r.stop.reason;
    return new GameSession(this.ir, this.game, this.seats, r.state, all.slice(at), this.divergence, r.movers, allMovers.slice(at));
  }

  withSeats(seats: Seat[]): GameSession {
    return new GameSession(this.ir, this.game, seats, this.state, this.redoMoves, this.divergence, this.movers, this.redoMovers);
  }

  toRecord(): PlayRecord {
    return {
      players: this.state.numPlayers,
      seed: this.state.seed,
      variant: this.ir.variant,
      seats: this.seats,
      moves: [...this.state.moves, ...(this.divergence?.lost ?? [])],
      movers: [...this.movers, ...(this.divergence ? this.divergence.lost.map((_, i) => this.divergence!.lostMovers[i] ?? null) : [])],
    };
  }

  /** The game in the SavedGame file format (schemas/saved-game.schema.json). */
  toSaved(): SavedGame {
    const r = this.toRecord();
    return { format: 'strata-save/1', ruleset: this.game.hash, variant: r.variant, players: r.players, seed: r.seed, moves: r.moves };
  }

  private seatOf(player: number | null): Seat | null {
    return player === null || player < 0 ? null : (this.seats[player] ?? 'person');
  }
}
