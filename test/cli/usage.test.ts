// The command line itself: help, and wrong arguments as one-line errors (no compiler needed).
import { describe, expect, it } from 'vitest';
import { hasStackTrace, oneLineError, runCli } from './run-cli.js';

describe('strata usage', () => {
  it('lists every command in its help', () => {
    const r = runCli(['--help']);
    expect(r.code).toBe(0);
    for (const command of ['validate', 'compile', 'variants', 'play', 'simulate', 'test']) {
      expect(r.stdout).toMatch(new RegExp(`^\\s+${command}\\b`, 'm'));
    }
  });

  it('rejects an unknown command in one line', () => {
    const r = runCli(['frobnicate']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toMatch(/^strata: unknown command 'frobnicate'/);
  });

  it('rejects a missing argument in one line', () => {
    const r = runCli(['validate']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toMatch(/^strata: missing required argument 'files'/);
  });

  it('rejects a bad number in one line', () => {
    const r = runCli(['simulate', 'x.strata', '--games', 'lots']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toMatch(/"lots" is not a whole number/);
  });

  it('requires --games for simulate', () => {
    const r = runCli(['simulate', 'x.strata']);
    expect(r.code).not.toBe(0);
    expect(oneLineError(r)).toMatch(/--games/);
  });

  it('reports a missing file without a stack trace', () => {
    for (const args of [['validate', 'nowhere.strata'], ['compile', 'nowhere.strata'], ['play', 'nowhere.strata'], ['test', 'nowhere.strata']]) {
      const r = runCli(args);
      expect(r.code, args.join(' ')).not.toBe(0);
      expect(oneLineError(r)).toBe('strata: no such file: nowhere.strata');
      expect(hasStackTrace(r.stderr)).toBe(false);
    }
  });
});
