/**
 * validateIR checks an IR whose expressions or statements nest deeply in parts (ir-parts.ts), and
 * skips looking for such nesting when the shape walk found the IR too shallow to have any: the
 * depth that walk reports, and the same cut with and without it.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileFile, compileText } from '../../dsl/index.js';
import { cutIR } from '../../schemas/ir-parts.js';
import { measureShape, validateIR } from '../../schemas/validate.js';

const root = join(import.meta.dirname, '../..');
const inFlow = (statements: string): string => `game G {\n  players 2\n  flow { ${statements} }\n}\n`;

/** Objects and lists nested at the deepest (the document itself is 1), counted plainly. */
function levels(v: unknown): number {
  if (typeof v !== 'object' || v === null) return 0;
  const children = Array.isArray(v) ? v : Object.values(v);
  return 1 + children.reduce<number>((deepest, c) => Math.max(deepest, levels(c)), 0);
}

async function compiled(text: string): Promise<unknown> {
  const r = await compileText([{ uri: 'deep.strata', text }]);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return r.ir;
}

describe('measureShape', () => {
  it.each([
    ['a number', 3, 0],
    ['an empty list', [], 1],
    ['a record of lists', { a: [1, [2]], b: {} }, 3],
    ['lists nested 40 deep', JSON.parse('['.repeat(40) + ']'.repeat(40)) as unknown, 40],
  ])('measures how deep %s nests', (_name, doc, depth) => {
    expect(levels(doc)).toBe(depth);
    expect(measureShape(doc)).toEqual({ shape: undefined, depth });
  });

  it('gives no depth for a document past the limits', () => {
    const deep = JSON.parse('['.repeat(3000) + ']'.repeat(3000)) as unknown;
    const measured = measureShape(deep);
    expect(measured.shape).toMatchObject({ problem: 'depth' });
    expect(measured.depth).toBeUndefined();
  });
});

describe('cutIR', () => {
  const rulesets = readdirSync(join(root, 'rulesets')).filter((f) => f.endsWith('.strata'));

  it.each(rulesets)('needs no walk for %s: too shallow to cut, as the walk finds', async (file) => {
    const ir = (await compileFile(join(root, 'rulesets', file))).ir;
    const { depth } = measureShape(ir);
    expect(depth).toBe(levels(ir));
    expect(depth).toBeLessThanOrEqual(32);
    const told = cutIR(ir, depth);
    expect(told.root).toBe(ir);
    expect(told.parts).toEqual([]);
    expect(cutIR(ir)).toEqual(told);
  });

  it.each([
    ['a 200-term sum', `let x = ${Array.from({ length: 200 }, (_, i) => i + 1).join(' + ')}`],
    ['a 60-deep else-if chain', `let x = 0\n ${Array.from({ length: 60 }, (_, i) => `if x == ${i} { log "${i}" } else `).join('')}{ log "none" }`],
  ])('cuts %s into parts whether or not its depth is told', async (_name, statements) => {
    const ir = await compiled(inFlow(statements));
    const { depth } = measureShape(ir);
    expect(depth).toBeGreaterThan(32);
    const told = cutIR(ir, depth);
    expect(told.parts.length).toBeGreaterThan(0);
    expect(told).toEqual(cutIR(ir));
    expect(validateIR(ir)).toEqual({ valid: true });
  });

  it('finds a problem inside a part cut off', async () => {
    const ir = (await compiled(inFlow(`let x = ${Array(100).fill('1').join(' + ')}`))) as { flow: { value: unknown }[] };
    let e = ir.flow[0]!.value as { k: string; a?: unknown };
    for (let i = 0; i < 90; i++) e = e.a as { k: string; a?: unknown };
    e.k = 'sum';
    const result = validateIR(ir);
    expect(result.valid).toBe(false);
    if (!result.valid) expect(result.errors.some((m) => m.startsWith('(in a nested expression) ') && m.includes('unknown k "sum"'))).toBe(true);
  });
});
