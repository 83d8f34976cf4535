// `strata validate`: file:line:col diagnostics, a summary line, exit 1 on errors.
import { describe, expect, it } from 'vitest';
import { fixtures, hasStackTrace, runCli, sourceContextLine } from './run-cli.js';

const diagnostic = /^(.+):(\d+):(\d+): (error|warning): (.+)$/;

describe('strata validate', () => {
  it('passes a correct file with a summary line', () => {
    const r = runCli(['validate', `${fixtures}/tiny.strata`]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.lines.at(-1)).toMatch(/^1 file checked: 0 errors, \d+ warnings?$/);
  });

  it('reports a syntax error at its line, and exits 1', () => {
    const file = `${fixtures}/syntax-error.strata`;
    const r = runCli(['validate', file]);
    expect(r.code).toBe(1);
    const errors = r.lines.filter((l) => diagnostic.test(l) && l.includes(': error: '));
    expect(errors.length).toBeGreaterThan(0);
    const [, path, line] = diagnostic.exec(errors[0] ?? '') ?? [];
    expect(path).toBe(file);
    expect(line).toBe('5');
    expect(r.lines.at(-1)).toMatch(/^1 file checked: [1-9]\d* errors?, \d+ warnings?$/);
  });

  it('reports an unresolved name at its line', () => {
    const file = `${fixtures}/unresolved.strata`;
    const r = runCli(['validate', file]);
    expect(r.code).toBe(1);
    const error = r.lines.find((l) => l.startsWith(`${file}:9:`) && l.includes(': error: '));
    expect(error, r.stdout).toBeDefined();
    expect(error).toMatch(/scroe/);
  });

  it('checks several files and counts them all', () => {
    const r = runCli(['validate', `${fixtures}/tiny.strata`, `${fixtures}/syntax-error.strata`, `${fixtures}/unresolved.strata`]);
    expect(r.code).toBe(1);
    expect(r.lines.at(-1)).toMatch(/^3 files checked: ([2-9]|\d\d+) errors, \d+ warnings?$/);
    // Every other line is one diagnostic (nothing spills over several lines), or the source an error quotes.
    for (const line of r.lines.slice(0, -1)) expect(line).toMatch(sourceContextLine.test(line) ? sourceContextLine : diagnostic);
    expect(hasStackTrace(r.stdout + r.stderr)).toBe(false);
  });

  it('quotes the source line of an error with a caret under its column', () => {
    const file = `${fixtures}/syntax-error.strata`;
    const r = runCli(['validate', file]);
    const at = r.lines.findIndex((l) => l.startsWith(`${file}:5:14: error: `));
    expect(at, r.stdout).toBeGreaterThanOrEqual(0);
    expect(r.lines.slice(at + 1, at + 3)).toEqual(['  5 |   var score: = 0', '    |              ^']);
  });

  it('quotes the source under the one error of simulate and test', () => {
    const file = `${fixtures}/syntax-error.strata`;
    const sim = runCli(['simulate', file, '--games', '1']);
    expect(sim.code).toBe(1);
    expect(sim.stderr.trimEnd().split('\n').slice(1)).toEqual(['  5 |   var score: = 0', '    |              ^']);
    const test = runCli(['test', file]);
    expect(test.lines).toContain('      5 |   var score: = 0');
  });
});

