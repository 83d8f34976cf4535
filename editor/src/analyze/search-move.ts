/**
 * The playtest's search-bot seats: asks the search worker (search-worker.ts) for a decision. One
 * worker for the page, started on first use; the game is sent again only when it changed.
 */
import type { State } from '../../../interpreter/index.js';
import type { GameIR } from '../../../interpreter/ir.js';
import { botSeed } from '../../../cli/analyze/play-games.js';
import type { FromSearch, ToSearch } from './search-worker.js';
import SearchWorker from './search-worker.ts?worker';

/** The search bot's strength in the playtest: iterations per decision. */
export const playtestSearch = 'mcts:100';

let worker: Worker | null = null;
let sentIr: GameIR | null = null;
let asked = 0;
const waiting = new Map<number, (r: FromSearch) => void>();

/** The state as data: its pending choice may build its labels on demand (a class with a function). */
function plain(s: State): State {
  const p = s.pending;
  const pending = p && { player: p.player, prompt: p.prompt, labels: [...p.labels], values: [...p.values], secret: p.secret, at: p.at, into: p.into };
  return JSON.parse(JSON.stringify({ ...s, pending })) as State;
}

/** The search bot's action (an index into the pending options) for `seat` in `state`. */
export function searchMove(ir: GameIR, state: State, seat: number): Promise<number> {
  if (!worker) {
    worker = new SearchWorker();
    worker.onmessage = (e: MessageEvent<FromSearch>) => {
      waiting.get(e.data.id)?.(e.data);
      waiting.delete(e.data.id);
    };
  }
  if (sentIr !== ir) {
    worker.postMessage({ ir } satisfies ToSearch);
    sentIr = ir;
  }
  const id = ++asked;
  // The same decision gets the same seed: the game's seed, the seat and the move number.
  const seed = botSeed(state.seed ^ Math.imul(state.moves.length + 1, 0x27d4eb2d), seat);
  worker.postMessage({ id, state: plain(state), seat, seed, spec: playtestSearch } satisfies ToSearch);
  return new Promise((ok, fail) => waiting.set(id, (r) => ('action' in r ? ok(r.action) : fail(new Error(r.failed)))));
}
