/**
 * Bots: something that picks an action (an index into the pending choice's options, see
 * ../actions.ts) for the seat to move. Every bot is seeded, so a game of bots is a function of its
 * seeds. `makeBot('random' | 'mcts:ITER', seed)` builds one from the text the CLI and editor take.
 */
import { actionCount } from '../actions.js';
import type { Game } from '../context.js';
import type { State } from '../state.js';
import { mctsBot } from './mcts.js';
import { randomAction } from './random.js';

export interface Bot {
  /** The spec it was made from (`random`, `mcts:200`). */
  readonly name: string;
  /** The action for `seat`, which must be the player to choose in `s`; `s` is not changed. */
  act(g: Game, s: State, seat: number): number;
}

/** `depth`: moves a rollout makes before the ranking at that point scores it (slow games). */
export type BotSpec = { kind: 'random' } | { kind: 'mcts'; iterations: number; depth?: number };

/** The most iterations a search bot may be given per move: beyond this a move takes minutes. */
export const maxIterations = 1_000_000;

/**
 * `random`, `mcts:ITER` (ITER a whole number of iterations per move, 1..1e6) or `mcts:ITER:DEPTH`
 * (rollouts cut after DEPTH moves, 1..1e5, and scored by the ranking there); null when not a bot spec.
 */
export function parseBotSpec(text: string): BotSpec | null {
  const t = text.trim().toLowerCase();
  if (t === 'random') return { kind: 'random' };
  const m = /^mcts(?::(\d{1,7})(?::(\d{1,6}))?)?$/.exec(t);
  if (!m) return null;
  const iterations = m[1] === undefined ? 200 : Number(m[1]);
  if (iterations < 1 || iterations > maxIterations) return null;
  if (m[2] === undefined) return { kind: 'mcts', iterations };
  const depth = Number(m[2]);
  return depth >= 1 && depth <= 100_000 ? { kind: 'mcts', iterations, depth } : null;
}

/** The uniformly random bot: see random.ts for why the pick depends on the move number only. */
export function randomBot(seed: number): Bot {
  return { name: 'random', act: (_g, s) => randomAction(seed, s.moves.length, actionCount(s)) };
}

export function makeBot(spec: string | BotSpec, seed: number): Bot {
  const parsed = typeof spec === 'string' ? parseBotSpec(spec) : spec;
  if (parsed === null) throw new Error(`not a bot: "${String(spec)}" (use random or mcts:ITER)`);
  switch (parsed.kind) {
    case 'random':
      return randomBot(seed);
    case 'mcts':
      return mctsBot(seed, { iterations: parsed.iterations, ...(parsed.depth !== undefined ? { rolloutMoves: parsed.depth } : {}) });
  }
}
