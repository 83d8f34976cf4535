/**
 * A game being playtested: the rules it runs on, its current state, the moves undone (for redo),
 * and — after the rules changed — the moves that could no longer be replayed, kept so that fixing
 * the rules brings them back. Every transition goes through the interpreter's API (newGame, apply,
 * undo, replay); this class only keeps the bookkeeping. No DOM.
 */
import { apply, legalMoves, loadGame, newGame, replay, undo, type Game, type Move, type State } from '../../../interpreter/index.js';
import type { GameIR } from '../../../interpreter/ir.js';
import type { SavedGame } from '../../../interpreter/saved-game.js';
import { msg } from '../messages.js';

export type Seat = 'person' | 'bot';

/** A game as the editor remembers it (autosave): setup, seats and every move made. */
export interface PlayRecord {
  players: number;
  seed: number;
  variant: string | null;
  seats: Seat[];
  /** All moves, including those the current rules could not replay. */
  moves: string[];
}

/** Where a replay on changed rules stopped. */
export interface Divergence {
  /** 0-based index of the first move that failed. */
  index: number;
  move: string;
  reason: string;
  /** That move and all after it: replayed again when the rules change next. */
  lost: string[];
}

export function readPlayRecord(x: unknown): PlayRecord | null {
  if (typeof x !== 'object' || x === null) return null;
  const r = x as Record<string, unknown>;
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === 'string');
  if (typeof r['players'] !== 'number' || typeof r['seed'] !== 'number' || !strings(r['moves'])) return null;
  if (!(typeof r['variant'] === 'string' || r['variant'] === null)) return null;
  const seats = Array.isArray(r['seats']) ? r['seats'].map((s): Seat => (s === 'bot' ? 'bot' : 'person')) : [];
  return { players: r['players'], seed: r['seed'], variant: r['variant'], seats, moves: r['moves'] };
}

export class GameSession {
  private constructor(
    readonly ir: GameIR,
    readonly game: Game,
    readonly seats: Seat[],
    readonly state: State,
    readonly redoMoves: string[],
    readonly divergence: Divergence | null,
  ) {}

  /** A new game; the error message when the setup is refused. */
  static start(ir: GameIR, o: { players: number; seed: number; seats: Seat[] }): GameSession | string {
    const game = loadGame(ir);
    const r = newGame(game, { players: o.players, seed: o.seed });
    return r.ok ? new GameSession(ir, game, o.seats, r.value, [], null) : r.error.message;
  }

  /** A remembered game replayed on (possibly changed) rules, as far as its moves stay legal. */
  static resume(ir: GameIR, record: PlayRecord): GameSession | string {
    const game = loadGame(ir);
    const saved = { ruleset: game.hash, variant: ir.variant, players: record.players, seed: record.seed, moves: record.moves };
    const r = replay(game, saved);
    const d = r.divergence;
    if (d && d.index < 0) return d.error.message;
    const divergence = d ? { index: d.index, move: d.move, reason: d.error.message, lost: record.moves.slice(d.index) } : null;
    return new GameSession(ir, game, record.seats, r.state, [], divergence);
  }

  /**
   * This game on new rules: every move replayed, including those lost to an earlier change. Moves
   * undone stay available for redo (editing the rules between an undo and a redo is common).
   */
  rebase(ir: GameIR): GameSession | string {
    const next = GameSession.resume(ir, this.toRecord());
    if (typeof next === 'string') return next;
    return new GameSession(next.ir, next.game, next.seats, next.state, next.divergence ? [] : this.redoMoves, next.divergence);
  }

  get moves(): string[] {
    return this.state.moves;
  }

  legalMoves(): Move[] {
    return legalMoves(this.game, this.state);
  }

  /** The game after a move, or the reason it was refused. Moves lost to a rules change are dropped. */
  choose(label: string): GameSession | string {
    const r = apply(this.game, this.state, label);
    return r.ok ? new GameSession(this.ir, this.game, this.seats, r.value, [], null) : r.error.message;
  }

  canUndo(): boolean {
    return this.state.moves.length > 0;
  }

  undo(): GameSession | string {
    const r = undo(this.game, this.state);
    if (!r.ok) return r.error.message;
    const last = this.state.moves.at(-1)!;
    return new GameSession(this.ir, this.game, this.seats, r.value, [last, ...this.redoMoves], null);
  }

  canRedo(): boolean {
    return this.redoMoves.length > 0;
  }

  redo(): GameSession | string {
    const [next, ...rest] = this.redoMoves;
    if (next === undefined) return msg.nothingToRedo();
    const r = apply(this.game, this.state, next);
    return r.ok ? new GameSession(this.ir, this.game, this.seats, r.value, rest, null) : r.error.message;
  }

  withSeats(seats: Seat[]): GameSession {
    return new GameSession(this.ir, this.game, seats, this.state, this.redoMoves, this.divergence);
  }

  toRecord(): PlayRecord {
    return {
      players: this.state.numPlayers,
      seed: this.state.seed,
      variant: this.ir.variant,
      seats: this.seats,
      moves: [...this.state.moves, ...(this.divergence?.lost ?? [])],
    };
  }

  /** The game in the SavedGame file format (schemas/saved-game.schema.json). */
  toSaved(): SavedGame {
    const r = this.toRecord();
    return { format: 'strata-save/1', ruleset: this.game.hash, variant: r.variant, players: r.players, seed: r.seed, moves: r.moves };
  }
}
