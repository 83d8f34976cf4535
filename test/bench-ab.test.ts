/**
 * bench/ab.ts, the separate-process A/B: it measures both checkouts in fresh processes and prints
 * each one's rate and the ratio; bad options end with its usage and status 2, not a stack trace.
 * (Its figures are not checked: speed is measured by the bench, never in tests.)
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');
const ab = (...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'bin/run-ts.js'), join(root, 'bench/ab.ts'), ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });

describe('bench:ab', () => {
  it('measures a rule file on both checkouts in alternating processes', () => {
    const r = ab('--baseline', root, 'bench/games/tic-tac-toe.strata', '--rounds', '2', '--seconds', '0.05', '--warm', '0.01');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/round 1: current [\d,]+, baseline [\d,]+ playouts\/s/);
    expect(r.stdout).toMatch(/round 2: current [\d,]+, baseline [\d,]+ playouts\/s/);
    const ratio = /current ÷ baseline, per round: ([\d.]+)× \[([\d.]+)–([\d.]+)\]/.exec(r.stdout);
    expect(ratio).not.toBeNull();
    const [median, min, max] = ratio!.slice(1).map(Number);
    expect(min).toBeGreaterThan(0);
    expect(min).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(max);
  }, 120_000);

  it('with --apply, measures in place and pure apply in each process, for both checkouts', () => {
    const r = ab('--baseline', root, 'bench/games/tic-tac-toe.strata', '--rounds', '1', '--seconds', '0.05', '--warm', '0.01', '--apply');
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/round 1: current in place [\d,.]+, pure [\d,.]+ \([\d.]+×\); baseline in place [\d,.]+, pure [\d,.]+ \([\d.]+×\)/);
    for (const which of ['current', 'baseline']) {
      const line = new RegExp(`${which} +\\S+: in place [\\d,.]+ \\[[\\d,.]+–[\\d,.]+\\], pure [\\d,.]+ \\[[\\d,.]+–[\\d,.]+\\] playouts/s; in place ÷ pure ([\\d.]+)×`).exec(r.stdout);
      expect(line, which).not.toBeNull();
      expect(Number(line![1])).toBeGreaterThan(0);
    }
    expect(r.stdout).toMatch(/current ÷ baseline, per round: pure [\d.]+× \[[\d.]+–[\d.]+\], in place [\d.]+×/);
  }, 120_000);

  it('refuses a missing baseline, a missing file and a bad number with its usage', () => {
    for (const args of [['bench/games/tic-tac-toe.strata'], ['--baseline', root, 'no/such.strata'], ['--baseline', root, 'bench/games/tic-tac-toe.strata', '--rounds', 'x']]) {
      const r = ab(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect(r.stderr).toMatch(/usage: npm run bench:ab|no such rule file/);
    }
  }, 120_000);
});
