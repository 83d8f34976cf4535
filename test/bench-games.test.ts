// The benchmark's and published-count tests' rule files (bench/games/) are natural rule files like
// the bundled ones: they check clean and their scenarios pass.
import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { runCli } from './cli/run-cli.js';

it('checks bench/games/*.strata and runs their scenarios', () => {
  const files = readdirSync('bench/games').filter((f) => f.endsWith('.strata')).sort().map((f) => `bench/games/${f}`);
  expect(files).toEqual(['bench/games/card-race.strata', 'bench/games/connect-four.strata', 'bench/games/gomoku.strata', 'bench/games/tic-tac-toe.strata']);
  const checked = runCli(['validate', ...files]);
  expect(checked.stdout).toContain('4 files checked: 0 errors, 0 warnings');
  const r = runCli(['test', ...files]);
  expect(r.stdout).toMatch(/^15 passed, 0 failed$/m);
  expect(r.code).toBe(0);
}, 400_000);
