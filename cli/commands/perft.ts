/**
 * `strata perft FILE --depth N`: how many move sequences of each length lead on from the start (or
 * from a saved game), to check a rule file against published counts.
 */
import { performance } from 'node:perf_hooks';
import { newGame } from '../../interpreter/index.js';
import type { State } from '../../interpreter/index.js';
import { CliError } from '../errors.js';
import { columns, num } from '../format.js';
import { loadOrFail, playerCount } from '../load.js';
import { messages } from '../messages.js';
import { perft, PerftFailure } from '../perft.js';
import { replayMoves } from '../playout.js';
import { readMovesFile } from '../saved-moves.js';
import { agree, defaultSeed } from './play.js';

export interface PerftOptions {
  depth: number;
  players?: number;
  seed?: number;
  variant?: string;
  moves?: string;
}

/** Deeper walks take longer than anyone waits (and deeper recursion than is safe). */
export const maxPerftDepth = 50;

export async function perftCommand(file: string, o: PerftOptions): Promise<number> {
  if (o.depth > maxPerftDepth) throw new CliError(messages.perftTooDeep(o.depth, maxPerftDepth));
  const recorded = o.moves === undefined ? undefined : readMovesFile(o.moves);
  const saved = recorded?.kind === 'saved' ? recorded.saved : undefined;
  const variant = saved ? (agree('variant', saved.variant, o.variant) ?? undefined) : o.variant;
  const { ir, game } = await loadOrFail(file, variant);
  const players = playerCount(ir, saved ? agree('players', saved.players, o.players) : o.players);
  const seed = saved ? agree('seed', saved.seed, o.seed) : (o.seed ?? defaultSeed);
  const moves = saved ? saved.moves : recorded?.kind === 'labels' ? recorded.moves : [];
  let start: State;
  if (moves.length > 0) {
    const r = replayMoves(game, { ruleset: game.hash, variant: ir.variant, players, seed, moves });
    if (!r.ok) throw new CliError(r.problem);
    start = r.state;
  } else {
    const s = newGame(game, { players, seed });
    if (!s.ok) throw new CliError(messages.badSetup(messages.atLoc(s.error.message, s.error.at)));
    start = s.value;
  }
  const from = moves.length > 0 ? messages.perftAfter(moves.length) : messages.perftFromStart();
  console.log(`${ir.title} (${ir.variant ?? 'base game'}), ${players} players, seed ${seed}, ${from}`);
  if (start.ended) {
    console.log(messages.perftGameOver());
    return 0;
  }
  const started = performance.now();
  let counts;
  try {
    counts = perft(game, start, o.depth);
  } catch (e) {
    if (!(e instanceof PerftFailure)) throw e;
    throw new CliError(messages.perftRuleError(e.moves, messages.atLoc(e.error.message, e.error.at)));
  }
  const seconds = (performance.now() - started) / 1000;
  const rows = [['depth', 'sequences', 'ended']];
  counts.sequences.forEach((n, d) => rows.push([String(d + 1), num(n), num(counts.ended[d])]));
  for (const line of columns(rows)) console.log(`  ${line}`);
  const total = counts.sequences.reduce((a, b) => a + b, 0);
  console.log(`  ${num(total)} moves applied in ${num(seconds, 2)} s`);
  return 0;
}
