/**
 * Plays seeded games on the closure and generated engines in lockstep (test/differential.test.ts,
 * test/interpreter/hostile-text.test.ts): after every move, the same legal labels and the same
 * JSON state, or the same rule error at the same place; the same end, ranking and scores.
 */
import { expect } from 'vitest';
import { legalMoves, newGame, ranking, scores, type Game, type State } from '../../interpreter/index.js';
import { resume } from '../../interpreter/api.js';
import { randomAction } from '../../interpreter/bots/random.js';
import { RuleError } from '../../interpreter/errors.js';

const MAX_MOVES = 5_000;

/** What a step did, on one engine: the state's JSON and legal labels, or the rule error raised. */
interface Step {
  json: string;
  labels: string[];
  error: string | null;
}

function step(g: Game, s: State, run: () => void): Step {
  try {
    run();
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { json: '', labels: [], error: `${e.plain} at ${JSON.stringify(e.at)}` };
  }
  return { json: JSON.stringify(s), labels: legalMoves(g, s).map((m) => m.label), error: null };
}

/** Plays one seeded game on both engines in lockstep, comparing after every move; returns its moves. */
export function playBoth(closure: Game, generated: Game, players: number, seed: number, what: string): number {
  const a = newGame(closure, { players, seed });
  const b = newGame(generated, { players, seed });
  expect(b.ok ? 'ok' : b.error, what).toEqual(a.ok ? 'ok' : a.error);
  if (!a.ok || !b.ok) return 0;
  const sa = a.value;
  const sb = b.value;
  let before = step(closure, sa, () => {});
  let after = step(generated, sb, () => {});
  for (let n = 0; ; n++) {
    // Compared as text first: an expect per move would cost more than the moves.
    if (after.json !== before.json || after.error !== before.error || after.labels.join('\n') !== before.labels.join('\n')) {
      expect(after, `${what}, after ${n} moves`).toEqual(before);
    }
    if (before.error !== null || sa.ended || sa.pending === null || n >= MAX_MOVES) break;
    const i = randomAction(seed, sa.moves.length, sa.pending.values.length);
    before = step(closure, sa, () => resume(closure, sa, i));
    after = step(generated, sb, () => resume(generated, sb, i));
  }
  if (sa.ended && before.error === null) {
    expect(ranking(generated, sb), what).toEqual(ranking(closure, sa));
    expect(scores(generated, sb), what).toEqual(scores(closure, sa));
  }
  return sa.moves.length;
}

