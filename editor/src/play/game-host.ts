/**
 * The game worker's logic, without the worker: the games it holds (GameSession, by id) and each
 * request turned into the next game's snapshot; and, for the workbench, a game's scenarios run and
 * a variant compared with its base. Testable in Node; game-worker.ts only wires it to
 * the worker's messages.
 */
import { scores, view } from '../../../interpreter/index.js';
import { resultOf } from './status-text.js';
import { botMove } from './bot.js';
import type { GameMessage, GameReply, GameRequest, GameSnapshot } from './game-protocol.js';
import { GameSession } from './game-session.js';
import { irDifferences, paramRows, runScenarios } from '../workspace/variant-bench.js';

export class GameHost {
  private readonly games = new Map<number, GameSession>();
  private next = 1;

  /** Answers one message: the games the page no longer holds are forgotten first. */
  handle(m: GameMessage): GameReply {
    const keep = new Set(m.keep);
    for (const id of [...this.games.keys()]) if (!keep.has(id)) this.games.delete(id);
    try {
      if (m.request.op === 'scenarios') return { n: m.n, ok: true, marks: runScenarios(m.request.ir) };
      if (m.request.op === 'compare') {
        const { base, current } = m.request;
        return { n: m.n, ok: true, comparison: { rows: paramRows(base, current), differences: irDifferences(base, current) } };
      }
      const result = this.run(m.request);
      if (typeof result === 'string') return { n: m.n, ok: false, message: result };
      return { n: m.n, ok: true, snapshot: this.snapshot(result) };
    } catch (e) {
      // The interpreter answers rule errors as results; anything thrown is a fault, said plainly.
      return { n: m.n, ok: false, message: e instanceof Error ? e.message : String(e) };
    }
  }

  private run(r: GameRequest): GameSession | string {
    if (r.op === 'start') return GameSession.start(r.ir, r);
    if (r.op === 'resume') return GameSession.resume(r.ir, r.record);
    const game = this.games.get(r.id);
    if (!game) return 'This game is no longer held by the game worker: start it again.';
    switch (r.op) {
      case 'rebase':
        return game.rebase(r.ir);
      case 'choose':
        return game.choose(r.label);
      case 'undo':
        return game.undo();
      case 'redo':
        return game.redo();
      case 'goTo':
        return game.goTo(r.moves);
      case 'seats':
        return game.withSeats(r.seats);
      case 'bot': {
        const s = game.state;
        const move = botMove(game.legalMoves(), s.seed, s.moves.length);
        return move ? game.choose(move.label) : game;
      }
    }
  }

  private snapshot(g: GameSession): GameSnapshot {
    const id = this.next++;
    this.games.set(id, g);
    const s = g.state;
    // How an ended game came out, as the status line reads it (ranking, declared draw).
    const result = resultOf(g.game, s);
    return {
      id,
      state: s,
      views: Array.from({ length: s.numPlayers }, (_, p) => view(g.game, s, p)),
      spectator: view(g.game, s, null),
      scores: orNull(() => scores(g.game, s)),
      ranking: result?.ranking ?? null,
      drawn: result?.drawn ?? false,
      divergence: g.divergence,
      moves: g.moves,
      movers: g.movers,
      canUndo: g.canUndo(),
      canRedo: g.canRedo(),
      fired: g.fired,
      record: g.toRecord(),
      hash: g.game.hash,
      seats: g.seats,
    };
  }
}

/** Scores and ranking keys are rule code and may fail (a rule error): none rather than no game. */
function orNull<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}
