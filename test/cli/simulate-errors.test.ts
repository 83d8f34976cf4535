// `strata simulate` reports each failed game with the moves made before it and the rule's own message.
import { describe, expect, it } from 'vitest';
import { compileFile } from '../../dsl/index.js';
import { loadGame, replay } from '../../interpreter/index.js';
import { fixtures, hasStackTrace, runCli } from './run-cli.js';

interface Failure {
  seed: number;
  moves: number | null;
  code: string;
  message: string;
  at?: { file: string; line: number; col: number };
}

function errorsOf(file: string, games: number): Failure[] {
  const r = runCli(['simulate', file, '--games', String(games), '--json']);
  expect(r.code).toBe(1);
  return (JSON.parse(r.stdout) as { errors: Failure[] }).errors;
}

describe('strata simulate: failed games', () => {
  it('counts the moves made before a rule error, including the move being applied', async () => {
    const file = `${fixtures}/rule-error.strata`;
    const errors = errorsOf(file, 12);
    expect(errors.length).toBeGreaterThan(5);
    const ir = (await compileFile(file)).ir;
    if (!ir) throw new Error('the fixture does not compile');
    const game = loadGame(ir);
    for (const e of errors) {
      // Every move of this game is a coin flip, and the flip that comes up one fails.
      const n = e.moves ?? 0;
      expect(n).toBeGreaterThanOrEqual(1);
      const before = replay(game, { players: 2, seed: e.seed, moves: Array<string>(n - 1).fill('Flip') });
      expect(before.divergence).toBeUndefined();
      const failing = replay(game, { players: 2, seed: e.seed, moves: Array<string>(n).fill('Flip') });
      expect(failing.divergence).toMatchObject({ index: n - 1, error: { code: 'rule-error', message: e.message } });
    }
    const text = runCli(['simulate', file, '--games', '12']);
    expect(text.stdout).not.toMatch(/after 0 moves/);
    expect(text.stdout).toMatch(/^ {4}seed \d+, after [1-4] moves?: .*rule-error\.strata:10:7: rule-error: the coin came up one$/m);
  });

  it('shows a rule error before the first choice with its message, after 0 moves', () => {
    const errors = errorsOf(`${fixtures}/no-choice.strata`, 2);
    expect(errors).toHaveLength(2);
    for (const e of errors) {
      expect(e).toMatchObject({ moves: 0, code: 'rule-error', message: 'no legal choice: there is nothing to choose from' });
      expect(e.at).toMatchObject({ file: expect.stringContaining('no-choice.strata'), line: 7 });
    }
    const text = runCli(['simulate', `${fixtures}/no-choice.strata`, '--games', '1']);
    expect(text.stdout).toMatch(/^ {4}seed 1, after 0 moves: .*no-choice\.strata:7:\d+: rule-error: no legal choice: there is nothing to choose from$/m);
    expect(text.stdout).not.toMatch(/undefined/);
    expect(hasStackTrace(text.stdout + text.stderr)).toBe(false);
  });

  it('shows a negative list index with its message and the moves made', () => {
    const errors = errorsOf(`${fixtures}/negative-index.strata`, 3);
    expect(errors).toHaveLength(3);
    for (const e of errors) {
      expect(e).toMatchObject({ moves: 3, code: 'rule-error', at: { line: 12 } });
      expect(e.message).toMatch(/^index -\d+ is outside the list \(length 3\)$/);
    }
    const text = runCli(['simulate', `${fixtures}/negative-index.strata`, '--games', '1']);
    expect(text.stdout).toMatch(/^ {4}seed 1, after 3 moves: .*negative-index\.strata:12:\d+: rule-error: index -\d+ is outside the list \(length 3\)$/m);
    expect(text.stdout).not.toMatch(/undefined/);
  });
});
