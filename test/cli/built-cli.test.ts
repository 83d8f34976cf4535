// The prebuilt `strata` command (bin/build-cli.js): rebuilt when a source changed since, and the
// same output as the TypeScript run through tsx.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain JavaScript module without types
import { currentBuild, freshCliEntry, staleInputs } from '../../bin/build-cli.js';
import { fixtures, root } from './run-cli.js';

interface Build {
  dir: string;
  builtAt: number;
  inputs: string[];
}
const stale = staleInputs as (build: Build | undefined, base?: string) => string[];

describe('the prebuilt strata command', () => {
  it('is stale when an input changed after the build, or is gone, or there is no build', () => {
    const dir = mkdtempSync(join(tmpdir(), 'strata-build-'));
    for (const f of ['a.ts', 'b.ts']) writeFileSync(join(dir, f), '');
    const builtAt = Date.now() + 60_000;
    utimesSync(join(dir, 'a.ts'), new Date(builtAt - 10_000), new Date(builtAt - 10_000));
    utimesSync(join(dir, 'b.ts'), new Date(builtAt + 10_000), new Date(builtAt + 10_000));
    expect(stale({ dir: 'x', builtAt, inputs: ['a.ts'] }, dir)).toEqual([]);
    expect(stale({ dir: 'x', builtAt, inputs: ['a.ts', 'b.ts', 'gone.ts'] }, dir)).toEqual(['b.ts', 'gone.ts']);
    expect(stale(undefined, dir)).toEqual(['(no build)']);
  });

  it('is built from every source the command imports, and fresh after freshCliEntry', async () => {
    const entry = (await (freshCliEntry as () => Promise<string | undefined>)()) ?? '';
    expect(entry).toMatch(/dist[\\/]cli[\\/]\d+-\d+[\\/]main\.js$/);
    const build = (currentBuild as () => Build | undefined)();
    for (const file of ['cli/main.ts', 'dsl/index.ts', 'interpreter/index.ts', 'schemas/validators.generated.js', 'package-lock.json']) expect(build?.inputs).toContain(file);
    expect(stale(build)).toEqual([]);
  });

  it('prints the same as the TypeScript sources run through tsx', () => {
    const run = (env: Record<string, string>) =>
      spawnSync(process.execPath, [join(root, 'bin/strata.js'), 'compile', `${fixtures}/tiny.strata`], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env } });
    const built = run({});
    const source = run({ STRATA_CLI_FROM_SOURCE: '1' });
    expect(built.status).toBe(0);
    expect(built.stdout.length).toBeGreaterThan(100);
    expect(built.stdout).toBe(source.stdout);
  });
});
