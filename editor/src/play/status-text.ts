/** The play panel's status line: the move and who chooses, or how the game ended (a win, a draw). */
import { isDrawn, ranking } from '../../../interpreter/index.js';
import { msg } from '../messages.js';
import type { GameSession } from './game-session.js';
import { playerName } from './piece-style.js';

/** Ranking keys and `draw if` are rule code and may fail (a rule error): say less rather than break. */
function safe<T>(f: () => T): T | null {
  try {
    return f();
  } catch {
    return null;
  }
}

export function statusText(session: GameSession): string {
  const s = session.state;
  if (s.ended) {
    if (safe(() => isDrawn(session.game, s))) return msg.drawnGame(s.moves.length);
    const best = safe(() => ranking(session.game, s))?.[0] ?? [];
    return msg.gameOver(s.moves.length, best.map(playerName));
  }
  return s.pending ? msg.toChoose(s.moves.length + 1, playerName(s.pending.player)) : msg.moveNumber(s.moves.length + 1);
}
