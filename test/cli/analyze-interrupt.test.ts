// Ctrl-C on a long `strata analyze` keeps what finished: the partial study, marked stopped, with
// the number of games it covers.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateAnalysis } from '../../cli/analyze/validate.js';
import type { AnalysisJson } from '../../cli/analyze/study.js';
import { root } from './run-cli.js';

const coin = 'test/fixtures/analyze/biased-coin.strata';
const games = 50_000;

/** Runs `strata analyze … --json`, sends SIGINT after its first progress line, and collects the output. */
function interrupted(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(root, 'bin/strata.js'), 'analyze', ...args], {
      cwd: root,
      env: { ...process.env, STRATA_DEBUG: '', FORCE_COLOR: '0' },
    });
    let stdout = '';
    let stderr = '';
    let sent = false;
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
      if (!sent && stderr.includes('% (')) {
        sent = true;
        child.kill('SIGINT');
      }
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('strata analyze stopped with Ctrl-C', () => {
  it('prints the games that finished, marked stopped, with their number', async () => {
    const r = await interrupted([coin, '--games', String(games), '--workers', '1', '--json']);
    expect(r.stderr).toMatch(/^analyze: 10% \(5000\/50000 games\)$/m);
    const doc: unknown = JSON.parse(r.stdout);
    expect(validateAnalysis(doc)).toEqual({ valid: true });
    const a = doc as AnalysisJson;
    expect(a.study.stopped).toBe(true);
    // At least the games the progress line counted, fewer than asked; the statistics cover exactly those.
    expect(a.study.games.length).toBeGreaterThanOrEqual(games / 10);
    expect(a.study.games.length).toBeLessThan(games);
    expect(a.summary.completed).toBe(a.study.games.length);
    const wins = a.summary.seats[0].wins;
    expect(wins.n).toBe(a.study.games.length);
    expect(wins.low).toBeLessThan(wins.rate);
    expect(wins.high).toBeGreaterThan(wins.rate);
  }, 120_000);
});
