/**
 * A game's moves replayed on (possibly changed) rules, each matched by the player who made it as
 * well as by its label: after a rules change the same label may be offered to another player (one
 * pick fewer per turn makes P1's next pick P2's first), and label-only matching would silently give
 * the move to the wrong player. Moves whose player is not known (older records, saved-game files)
 * are matched by label alone.
 */
import { applyInPlace, currentPlayer, newGame, type Game, type State } from '../../../interpreter/index.js';
import { playError } from './rule-error-text.js';
import { playerName } from './piece-style.js';
import { msg } from '../messages.js';

export interface ReplayedMoves {
  state: State;
  /** The player of each move replayed. */
  movers: number[];
  /** The first move not replayed, when one was refused. */
  stop: { index: number; move: string; player: number | null; reason: string } | null;
}

/** The replay, or the message of a refused setup. */
export function replayByPlayer(g: Game, o: { players: number; seed: number; moves: string[]; movers?: (number | null)[] }): ReplayedMoves | string {
  const start = newGame(g, { players: o.players, seed: o.seed });
  if (!start.ok) return playError(start.error);
  const s = start.value;
  const movers: number[] = [];
  for (let i = 0; i < o.moves.length; i++) {
    const move = o.moves[i]!;
    const was = o.movers?.[i] ?? null;
    const now = currentPlayer(s);
    if (was !== null && now !== was) {
      return { state: s, movers, stop: { index: i, move, player: was, reason: msg.otherPlayerNow(playerName(was), now < 0 ? null : playerName(now)) } };
    }
    const r = applyInPlace(g, s, move);
    if (!r.ok) {
      // `s` may be spoiled by a refused move: the moves before it again, from the start (rare).
      const good = replayByPlayer(g, { ...o, moves: o.moves.slice(0, i) });
      if (typeof good === 'string') return good;
      return { state: good.state, movers: good.movers, stop: { index: i, move, player: was ?? now, reason: playError(r.error) } };
    }
    movers.push(now);
  }
  return { state: s, movers, stop: null };
}
