// A short seeded fuzz run (tools/fuzz) in npm test: 2,000 mutated rule files, IRs and saved
// games through check, compile, schema, loadGame, a 50-move playout and every player's view, each
// in a worker with a time and memory budget. Any finding not listed as known-open fails the test.
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaults, inputIndexes, runFuzz } from '../../tools/fuzz/fuzz.js';
import { makeInput } from '../../tools/fuzz/inputs.js';
import { buildCorpus } from '../../tools/fuzz/corpus.js';
import { applyTextOps } from '../../tools/fuzz/mutate-text.js';
import { applyJsonOps } from '../../tools/fuzz/mutate-json.js';

interface KnownOpen {
  match: string;
  item: number;
  owner: string;
}
const known = (JSON.parse(readFileSync(new URL('./known-open.json', import.meta.url), 'utf8')) as { open: KnownOpen[] }).open;
const root = new URL('../..', import.meta.url).pathname;

describe('fuzzer', () => {
  it('makes the same inputs from the same seed, and other inputs from another', async () => {
    const corpus = await buildCorpus(root);
    const a = Array.from({ length: 50 }, (_, i) => makeInput(corpus, 7, i));
    expect(Array.from({ length: 50 }, (_, i) => makeInput(corpus, 7, i))).toEqual(a);
    expect(Array.from({ length: 50 }, (_, i) => makeInput(corpus, 8, i))).not.toEqual(a);
    expect(new Set(a.map((x) => x.kind))).toEqual(new Set(['rules', 'ir', 'saved']));
  });

  it('applies mutations as described, and skips those whose place is gone', () => {
    expect(applyTextOps('a b\nc d', [{ op: 'swapLines', line: 0, other: 1 }])).toBe('c d\na b');
    expect(applyTextOps('a b\nc d', [{ op: 'deleteToken', line: 1, token: 1 }])).toBe('a b\nc ');
    expect(applyTextOps('x = 1', [{ op: 'replaceToken', line: 0, token: 2, text: '1e400' }])).toBe('x = 1e400');
    const doc = { a: { b: [1, 2] }, c: 'n' };
    expect(applyJsonOps(doc, [{ op: 'set', path: ['a', 'b', 1], value: 1e308 }])).toEqual({ a: { b: [1, 1e308] }, c: 'n' });
    expect(applyJsonOps(doc, [{ op: 'delete', path: ['zz', 'b'] }])).toEqual(doc);
    expect(applyJsonOps(doc, [{ op: 'nest', path: ['a', 'b'], depth: 2 }])).toEqual({ a: { b: { b: { b: [1, 2] } } }, c: 'n' });
    const renamed = applyJsonOps(doc, [{ op: 'renameKey', path: ['c'], key: '__proto__' }]);
    expect(Object.hasOwn(renamed, '__proto__')).toBe(true);
    expect(doc.c).toBe('n');
  });

  it('runs in pieces (--start) that together are the whole run', () => {
    const whole = inputIndexes({ count: 10, start: 0 });
    const pieces = [0, 4, 8].flatMap((start) => inputIndexes({ count: Math.min(4, 10 - start), start }));
    expect(pieces).toEqual(whole);
    expect(inputIndexes({ count: 10, start: 0, only: 7 })).toEqual([7]);
  });

  it('finds nothing new in 2,000 inputs', async () => {
    const out = join(tmpdir(), `strata-fuzz-${process.pid}`);
    const s = await runFuzz({ ...defaults, count: 2000, seed: 1, out });
    const total = Object.values(s.byKind).reduce((n, k) => n + k.ok + k.refused + k.finding, 0);
    expect(total).toBe(2000);
    // The run reached the interpreter, not only the parsers' refusals.
    expect(s.byKind.ir.ok + s.byKind.rules.ok + s.byKind.saved.ok).toBeGreaterThan(60);
    const text = (f: (typeof s.findings)[number]) => `${f.category} @ ${f.stage}: ${f.message}`;
    const unexpected = s.findings.filter((f) => !known.some((k) => new RegExp(k.match).test(text(f))));
    expect(unexpected.map((f) => `${text(f)} (${f.files.map((x) => join(out, x)).join(', ')})`)).toEqual([]);
    // About 20 s of CPU (about 9 ms an input in the 10^5 run of tools/fuzz/README.md). The bound is generous for a shared machine.
  }, 600_000);
});
