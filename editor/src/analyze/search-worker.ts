/**
 * The playtest's search bot runs here, off the page's thread: given the game (sent when it
 * changes), a state and a seat, it answers with the search bot's action. The bot is made afresh
 * for each decision, seeded by the game's seed, the seat and the move number, so undo and replay
 * meet the same decisions again.
 */
import { loadGame, makeBot, type Game, type State } from '../../../interpreter/index.js';
import type { GameIR } from '../../../interpreter/ir.js';

export type ToSearch = { ir: GameIR } | { id: number; state: State; seat: number; seed: number; spec: string };
export type FromSearch = { id: number; action: number } | { id: number; failed: string };

let game: Game | null = null;

self.onmessage = (e: MessageEvent<ToSearch>) => {
  const m = e.data;
  if ('ir' in m) {
    game = loadGame(m.ir);
    return;
  }
  try {
    if (!game) throw new Error('no game loaded');
    const action = makeBot(m.spec, m.seed).act(game, m.state, m.seat);
    self.postMessage({ id: m.id, action } satisfies FromSearch);
  } catch (err) {
    self.postMessage({ id: m.id, failed: err instanceof Error ? err.message : String(err) } satisfies FromSearch);
  }
};
