// `strata test`: every scenario of the base game and each variant, ✓/✗ lines and a closing count.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtures, root, runCli } from './run-cli.js';

describe('strata test', () => {
  it('passes the scenarios of a correct file', () => {
    const file = `${fixtures}/tiny.strata`;
    const r = runCli(['test', file]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`✓ ${file} › base › taking scores one`);
    expect(r.stdout).not.toContain('✗');
    expect(r.lines.at(-1)).toMatch(/^[1-9]\d* passed, 0 failed$/);
  });

  it('shows a failing scenario with its details, and exits 1', () => {
    const file = `${fixtures}/failing-scenario.strata`;
    const r = runCli(['test', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✓ ${file} › base › one point each`);
    const failed = r.lines.findIndex((l) => l === `✗ ${file} › base › wrong on purpose`);
    expect(failed).toBeGreaterThanOrEqual(0);
    // The details are indented under the failure and say what was expected.
    expect(r.lines[failed + 1]).toMatch(/^ {4}\S.*/);
    expect(r.stdout).toMatch(/P1 has five points|== 5/);
    expect(r.lines.at(-1)).toBe('1 passed, 1 failed');
  });

  it('counts a file that does not compile as a failure', () => {
    const file = `${fixtures}/unresolved.strata`;
    const r = runCli(['test', file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`✗ ${file} › base › (compile)`);
    expect(r.stdout).toMatch(/^ {4}test\/fixtures\/cli\/unresolved\.strata:9:\d+: error: /m);
    expect(r.lines.at(-1)).toBe('0 passed, 1 failed');
  });
});

describe('strata test and validate: a folder', () => {
  it('a folder stands for every .strata file in it, in name order; an empty folder is a one-line error', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-folder-'));
    writeFileSync(join(dir, 'b.strata'), readFileSync(join(root, fixtures, 'failing-scenario.strata'), 'utf8'));
    writeFileSync(join(dir, 'a.strata'), readFileSync(join(root, fixtures, 'tiny.strata'), 'utf8'));
    writeFileSync(join(dir, 'notes.txt'), 'not a rule file');
    const tested = runCli(['test', dir]);
    expect(tested.stderr).toBe('');
    expect(tested.code).toBe(1);
    const files = [...new Set(tested.lines.filter((l) => /^[✓✗] /.test(l)).map((l) => l.slice(2).split(' › ')[0]))];
    expect(files).toEqual([join(dir, 'a.strata'), join(dir, 'b.strata')]);
    expect(tested.stdout).toContain(`✗ ${join(dir, 'b.strata')} › base › wrong on purpose`);
    const validated = runCli(['validate', dir, `${fixtures}/tiny.strata`]);
    expect(validated.code).toBe(0);
    expect(validated.lines.at(-1)).toMatch(/^3 files checked: 0 errors, \d+ warnings?$/);
    const empty = mkdtempSync(join(tmpdir(), 'strata-empty-'));
    for (const command of ['test', 'validate']) {
      const r = runCli([command, empty]);
      expect(r.code).not.toBe(0);
      expect(r.stderr.trim()).toBe(`strata: no .strata files in the folder ${empty}`);
    }
  });
});

describe('strata test: which scenarios', () => {
  const house = `${fixtures}/tiny-house.strata`;

  it('runs only the scenarios of the file itself, not those of the files it uses', () => {
    const r = runCli(['test', house]);
    expect(r.code).toBe(0);
    expect(r.lines.filter((l) => l.startsWith('✓'))).toEqual([
      `✓ ${house} › base › house: a flip of one scores two`,
      `✓ ${house} › base › house: taking twice`,
    ]);
  });

  it('--with-used adds the used files’ scenarios; --grep keeps names containing a text, in any case', () => {
    const all = runCli(['test', house, '--with-used']);
    expect(all.stdout).toContain(`✓ ${house} › base › taking scores one`);
    expect(all.lines.at(-1)).toBe('3 passed, 0 failed');
    const some = runCli(['test', house, '--with-used', '--grep', 'TAKING']);
    expect(some.lines.filter((l) => l.startsWith('✓')).map((l) => l.split(' › ').at(-1))).toEqual(['taking scores one', 'house: taking twice']);
  });

  it('a `use` may name its file by an absolute path', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-use-'));
    const file = join(dir, 'abs.strata');
    writeFileSync(file, readFileSync(join(root, house), 'utf8').replace('use "tiny.strata"', `use "${join(root, fixtures, 'tiny.strata')}"`));
    const r = runCli(['test', file]);
    expect(r.stdout).not.toContain('✗');
    expect(r.lines.at(-1)).toBe('2 passed, 0 failed');
  });
});
