/**
 * A game in the terminal (returns the last state, over or abandoned): humans pick options by number
 * or label (read line by line, so piped input works); each move is echoed as the watching seat may see it,
 * other seats are the random bot (interpreter/bots/random.ts) with the game's seed. The state is summarised whenever another player is to move.
 */
import { apply, isDrawn, isTerminal, legalMoves, ranking, scores, view } from '../interpreter/index.js';
import type { Game, Move, State } from '../interpreter/index.js';
import type { GameIR } from '../interpreter/ir.js';
import { CliError } from './errors.js';
import { playerName } from './format.js';
import { messages } from './messages.js';
import { randomAction } from '../interpreter/bots/random.js';
import { pendingLines, stateSummary } from './state-summary.js';

export interface Seats {
  humans: ReadonlySet<number>;
}

/** Final scores and ranking, as printed after a game. */
export function resultLines(game: Game, state: State): string[] {
  const s = scores(game, state);
  const groups = ranking(game, state);
  const scoreLine = `scores: ${s.map((v, p) => `${playerName(p)} ${v}`).join(', ')}`;
  if (isDrawn(game, state)) return [scoreLine, 'result: a draw'];
  return [
    scoreLine,
    `ranking: ${groups.map((g, i) => `${i + 1}. ${g.map(playerName).join(' ')}${g.length > 1 ? ' (tied)' : ''}`).join('  ')}`,
  ];
}

function printState(lines: string[]): void {
  for (const line of lines) console.log(`  ${line}`);
}

/** Whose eyes the summary uses: the human to move, else the only human, else a spectator. */
function viewer(mover: number, humans: ReadonlySet<number>): number | null {
  if (humans.has(mover)) return mover;
  return humans.size === 1 ? [...humans][0] ?? null : null;
}

type HumanAnswer = { k: 'move'; move: Move } | { k: 'undo' } | { k: 'quit' };

async function askHuman(options: Move[], lines: AsyncIterator<string>): Promise<HumanAnswer> {
  const first = options[0];
  if (!first) throw new CliError(messages.noLegalMoves());
  options.forEach((m, i) => console.log(`  ${i + 1}) ${m.label}`));
  for (;;) {
    process.stdout.write(messages.humanPrompt(playerName(first.player)));
    const next = await lines.next();
    if (next.done) {
      process.stdout.write('\n');
      throw new CliError(messages.endOfInput());
    }
    const input = String(next.value).trim();
    // Piped answers are not echoed by a terminal: show them, so the transcript reads right.
    if (!process.stdin.isTTY) process.stdout.write(`${input}\n`);
    if (input === 'q') return { k: 'quit' };
    if (input === 'u') return { k: 'undo' };
    const n = /^\d+$/.test(input) ? Number(input) : NaN;
    // A number picks from the list; otherwise the label itself (exactly, else ignoring case).
    const move = options[n - 1] ?? options.find((m) => m.label === input) ?? options.find((m) => m.label.toLowerCase() === input.toLowerCase());
    if (move) return { k: 'move', move };
    console.log(messages.notAnOption(input, options.length));
  }
}

export async function playInTerminal(
  ir: GameIR,
  game: Game,
  start: State,
  seats: Seats,
  seed: number,
  lines: AsyncIterator<string>,
): Promise<State> {
  let state = start;
  // States at the humans' decisions, for undo: a plain stack, states are immutable data.
  const history: State[] = [];
  let lastMover: number | null = null;
  let logShown = 0;
  while (!isTerminal(state)) {
    const moves = legalMoves(game, state);
    const mover = moves[0]?.player;
    if (mover === undefined) throw new CliError(messages.noLegalMoves());
    const options = moves.filter((m) => m.player === mover);
    if (mover !== lastMover) {
      console.log(`\n— ${playerName(mover)} to move —`);
      const seen = view(game, state, viewer(mover, seats.humans));
      printState(stateSummary(ir, seen, logShown));
      logShown = seen.log.length;
      lastMover = mover;
    }
    let move: Move | undefined;
    if (seats.humans.has(mover)) {
      for (const line of pendingLines(state)) console.log(line);
      const answer = await askHuman(options, lines);
      if (answer.k === 'quit') {
        console.log(messages.quit());
        return state;
      }
      if (answer.k === 'undo') {
        const previous = history.pop();
        if (previous) {
          state = previous;
          lastMover = null;
          logShown = 0;
        } else console.log(messages.cannotUndo('no earlier choice of yours'));
        continue;
      }
      history.push(state);
      move = answer.move;
    } else move = options[randomAction(seed, state.moves.length, options.length)];
    if (!move) throw new CliError(messages.noLegalMoves());
    const next = apply(game, state, move);
    if (!next.ok) throw new CliError(messages.atLoc(next.error.message, next.error.at));
    // The move as the watching seat may see it: another player's secret choice shows as `?`.
    const seenMoves = view(game, next.value, viewer(mover, seats.humans)).moves;
    console.log(`${playerName(mover)}: ${seenMoves[seenMoves.length - 1] ?? move.label}`);
    state = next.value;
  }
  console.log('\n— game over —');
  printState(stateSummary(ir, view(game, state, null), logShown));
  for (const line of resultLines(game, state)) console.log(line);
  return state;
}
