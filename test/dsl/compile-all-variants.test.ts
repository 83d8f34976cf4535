// compileAllVariants / compileFileAllVariants: every variant from one parse and one build, the same
// IRs as compiling each variant on its own.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileAllVariants, compileFile, compileFileAllVariants, compileText } from '../../dsl/index.js';
import { strataServices } from '../../dsl/src/api/session.js';
import { messages } from '../../dsl/src/messages.js';

const base = 'game G "Base" {\n  players 2\n  param n = 1\n  flow { log n }\n}\nvariant V extends G { set n = 2 }\nvariant W extends V { set n += 3 }\n';
const more = 'use "base.strata"\nvariant X extends W { set n = n * 2 }\n';

afterEach(() => vi.restoreAllMocks());

describe('compileAllVariants', () => {
  it('gives the base game and each variant, each IR as compileText gives it alone', async () => {
    const files = [
      { uri: 'more.strata', text: more },
      { uri: 'base.strata', text: base },
    ];
    const all = await compileAllVariants(files);
    expect(all.diagnostics).toEqual([]);
    expect(all.variants).toEqual(['G', 'V', 'W', 'X']);
    expect(all.results.map((r) => [r.variant, r.ir?.variant, r.ir?.params['n']?.value])).toEqual([
      ['G', null, expect.objectContaining({ v: 1 })],
      ['V', 'V', expect.objectContaining({ v: 2 })],
      ['W', 'W', expect.objectContaining({ k: 'bin' })],
      ['X', 'X', expect.objectContaining({ k: 'bin' })],
    ]);
    for (const r of all.results) expect(r).toEqual({ variant: r.variant, ...(await compileText(files, { variant: r.variant })) });
  });

  it('compiles nothing when the files have errors, and says why once', async () => {
    const all = await compileAllVariants([{ uri: 'e.strata', text: base.replace('log n', 'log m') }]);
    expect(all.results).toEqual([]);
    expect(all.variants).toEqual(['G', 'V', 'W']);
    expect(all.diagnostics.filter((d) => d.severity === 'error').map((d) => d.line)).toEqual([4]);
  });

  it('reports a file without a game', async () => {
    const all = await compileAllVariants([{ uri: 'none.strata', text: '' }]);
    expect(all).toEqual({ diagnostics: [expect.objectContaining({ message: messages.noGameToCompile('none.strata') })], variants: [], results: [] });
  });
});

describe('compileFileAllVariants', () => {
  const dir = mkdtempSync(join(tmpdir(), 'strata-all-'));
  writeFileSync(join(dir, 'base.strata'), base);
  writeFileSync(join(dir, 'more.strata'), more);

  it('parses each file once, and matches compileFile variant by variant', async () => {
    const parse = vi.spyOn(strataServices().Strata.parser.LangiumParser, 'parse');
    const all = await compileFileAllVariants(join(dir, 'more.strata'));
    expect(parse).toHaveBeenCalledTimes(2);
    parse.mockClear();
    const one = await compileFile(join(dir, 'more.strata'), { variant: 'W' });
    expect(parse).toHaveBeenCalledTimes(2);
    expect(all.results.map((r) => r.variant)).toEqual(['G', 'V', 'W', 'X']);
    expect(all.results[2]?.ir).toEqual(one.ir);
  });

  it('reports a missing file', async () => {
    const all = await compileFileAllVariants(join(dir, 'absent.strata'));
    expect(all.results).toEqual([]);
    expect(all.diagnostics.map((d) => d.message)).toEqual([messages.fileNotFound(join(dir, 'absent.strata'))]);
  });
});
