// `strata compile` and `strata variants`: the IR as JSON, and the variants of a file.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { validateIR } from '../../schemas/validate.js';
import { fixtures, hasStackTrace, oneLineError, runCli } from './run-cli.js';

const tiny = `${fixtures}/tiny.strata`;
const scratch = mkdtempSync(join(tmpdir(), 'strata-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('strata compile', () => {
  it('prints the IR of the base game, valid against the schema', () => {
    const r = runCli(['compile', tiny]);
    expect(r.code).toBe(0);
    const ir = JSON.parse(r.stdout);
    expect(validateIR(ir)).toEqual({ valid: true });
    expect(ir).toMatchObject({ format: 'strata-ir/1', name: 'Tiny', title: 'Tiny test game', variant: null, players: { min: 2, max: 3 } });
  });

  it('compiles a variant', () => {
    const r = runCli(['compile', tiny, '--variant', 'Long']);
    expect(r.code).toBe(0);
    const ir = JSON.parse(r.stdout);
    expect(ir.variant).toBe('Long');
    expect(ir.params.rounds.value).toMatchObject({ k: 'lit', v: 5 });
  });

  it('writes the IR to a file with -o', () => {
    const out = join(scratch, 'tiny.ir.json');
    const r = runCli(['compile', tiny, '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(JSON.parse(readFileSync(out, 'utf8')).name).toBe('Tiny');
  });

  it('names the variants a file has when asked for another', () => {
    const r = runCli(['compile', tiny, '--variant', 'Short']);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(oneLineError(r)).toMatch(/^strata: .*Short/);
    expect(hasStackTrace(r.stderr)).toBe(false);
  });

  it('fails in one line on a file with errors', () => {
    const r = runCli(['compile', `${fixtures}/unresolved.strata`]);
    expect(r.code).not.toBe(0);
    expect(r.stdout).toBe('');
    expect(oneLineError(r)).toMatch(/^strata: cannot compile test\/fixtures\/cli\/unresolved\.strata: .*:9:\d+: error: /);
  });
});

describe('strata variants', () => {
  it('lists the base game first, then each variant with what it extends', () => {
    const r = runCli(['variants', tiny]);
    expect(r.code).toBe(0);
    expect(r.lines).toHaveLength(2);
    expect(r.lines[0]).toMatch(/^Tiny\s+"Tiny test game"\s+\(base game\)$/);
    expect(r.lines[1]).toMatch(/^Long\s+"Longer game"\s+extends Tiny$/);
  });
});
