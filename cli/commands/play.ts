/**
 * `strata play FILE`: a game in the terminal (humans and random bots), or with `--moves FILE` a
 * replay of recorded moves that prints the final state and scores.
 */
import { createInterface } from 'node:readline';
import { writeFileSync } from 'node:fs';
import { isTerminal, legalMoves, newGame, saveGame } from '../../interpreter/index.js';
import type { Game, SavedGame, State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { CliError, errorText } from '../errors.js';
import { playerName } from '../format.js';
import { loadOrFail, playerCount, requireWritable } from '../load.js';
import { messages } from '../messages.js';
import { replayMoves } from '../playout.js';
import { readMovesFile } from '../saved-moves.js';
import { stateSummary } from '../state-summary.js';
import { playInTerminal, resultLines } from '../terminal-game.js';

export interface PlayOptions {
  players?: number;
  seed?: number;
  variant?: string;
  moves?: string;
  human?: string;
  save?: string;
}

export const defaultSeed = 1;

/** `--human 1,3` (seats from 1), `all` or `none`, as 0-based seats. */
export function parseSeats(value: string, players: number): Set<number> {
  const v = value.trim().toLowerCase();
  if (v === 'all') return new Set(Array.from({ length: players }, (_, i) => i));
  if (v === 'none') return new Set();
  const seats = v.split(',').map((s) => s.trim());
  if (!seats.every((s) => /^\d+$/.test(s) && Number(s) >= 1 && Number(s) <= players)) {
    throw new CliError(messages.badSeats(value, players));
  }
  return new Set(seats.map((s) => Number(s) - 1));
}

function start(game: Game, players: number, seed: number): State {
  const s = newGame(game, { players, seed });
  if (!s.ok) throw new CliError(messages.badSetup(messages.atLoc(s.error.message, s.error.at)));
  return s.value;
}

function writeSaved(file: string, saved: SavedGame): void {
  try {
    writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');
  } catch (e) {
    throw new CliError(messages.cannotWrite(file, errorText(e)));
  }
  console.log(messages.wrote(file));
}

function heading(ir: GameIR, players: number, seed: number): string {
  return `${ir.title} (${ir.variant ?? 'base game'}), ${players} players, seed ${seed}`;
}

/** Settings from a saved game, where a flag that says otherwise is an error. */
export function agree<T>(field: string, saved: T, given: T | undefined): T {
  if (given !== undefined && given !== saved) throw new CliError(messages.savedGameConflict(field, String(saved), String(given)));
  return saved;
}

async function replayFile(file: string, o: PlayOptions, movesFile: string): Promise<number> {
  const recorded = readMovesFile(movesFile);
  const saved = recorded.kind === 'saved' ? recorded.saved : undefined;
  const variant = saved ? (agree('variant', saved.variant, o.variant) ?? undefined) : o.variant;
  const { ir, game } = await loadOrFail(file, variant);
  const players = playerCount(ir, saved ? agree('players', saved.players, o.players) : o.players);
  const seed = saved ? agree('seed', saved.seed, o.seed) : (o.seed ?? defaultSeed);
  const moves = saved ? saved.moves : recorded.kind === 'labels' ? recorded.moves : [];
  // Replaying on changed rules is allowed (that is how edits are tried), but worth a word.
  if (saved && saved.ruleset !== game.hash) console.error(messages.otherRules(movesFile));
  console.log(heading(ir, players, seed));
  const result = replayMoves(game, { ruleset: game.hash, variant: ir.variant, players, seed, moves });
  if (!result.ok) throw new CliError(result.problem);
  console.log(`after ${moves.length} moves:`);
  for (const line of stateSummary(ir, result.state)) console.log(`  ${line}`);
  if (isTerminal(result.state)) {
    for (const line of resultLines(game, result.state)) console.log(line);
  } else {
    const next = legalMoves(game, result.state);
    const mover = next[0]?.player;
    console.log(`game not over: ${mover === undefined ? 'nobody' : playerName(mover)} to choose from ${next.length} options`);
  }
  return 0;
}

export async function playCommand(file: string, o: PlayOptions): Promise<number> {
  // A save that cannot be written fails now, not after a whole game.
  if (o.save !== undefined) requireWritable(o.save);
  if (o.moves !== undefined) return replayFile(file, o, o.moves);
  const { ir, game } = await loadOrFail(file, o.variant);
  const players = playerCount(ir, o.players);
  const seed = o.seed ?? defaultSeed;
  const humans = parseSeats(o.human ?? '1', players);
  console.log(heading(ir, players, seed));
  const rl = createInterface({ input: process.stdin, terminal: false });
  let last: State;
  try {
    last = await playInTerminal(ir, game, start(game, players, seed), { humans }, seed, rl[Symbol.asyncIterator]());
  } finally {
    rl.close();
  }
  if (o.save !== undefined) writeSaved(o.save, saveGame(game, last));
  return 0;
}
