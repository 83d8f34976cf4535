/** The play panel's status line: the move and who chooses, or how the game ended (a win, a draw). */
import { isDrawn, ranking, type Game, type State } from '../../../interpreter/index.js';
import { msg } from '../messages.js';
import { playerName } from './piece-style.js';

/** How an ended game came out: its ranking, and whether the rules declared a draw (`draw if`). */
export interface GameResult {
  ranking: number[][] | null;
  drawn: boolean;
}

/** Ranking keys and `draw if` are rule code and may fail (a rule error): say less rather than break. */
function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

/** The result of an ended game (null before the end). */
export function resultOf(game: Game, s: State): GameResult | null {
  if (!s.ended) return null;
  return { ranking: safe(() => ranking(game, s)), drawn: safe(() => isDrawn(game, s)) === true };
}

export function statusText(s: State, result: GameResult | null): string {
  if (s.ended) {
    if (result?.drawn) return msg.drawnGame(s.moves.length);
    return msg.gameOver(s.moves.length, (result?.ranking?.[0] ?? []).map(playerName));
  }
  return s.pending ? msg.toChoose(s.moves.length + 1, playerName(s.pending.player)) : msg.moveNumber(s.moves.length + 1);
}
