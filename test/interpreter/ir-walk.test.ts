/** interpreter/ir-walk.ts: the IR walk the slot-reuse and inlining checks share. */
import { describe, expect, it } from 'vitest';
import { walkIR } from '../../interpreter/ir-walk.js';

const kinds = (root: unknown, visit?: (n: Record<string, unknown>) => ReturnType<Parameters<typeof walkIR>[1]>) => {
  const seen: unknown[] = [];
  const done = walkIR(root, (n) => {
    seen.push(n.k);
    return visit?.(n);
  });
  return { seen: seen.sort(), done };
};

describe('walkIR', () => {
  it('visits a shared subtree once and never looks inside at or ty', () => {
    const shared = { k: 'local', name: 'x' };
    const root = { k: 'bin', l: shared, r: [shared, { k: 'lit', v: { k: 'inside-a-literal' } }], at: { k: 'at' }, ty: { k: 'ty' } };
    expect(kinds(root)).toEqual({ seen: ['bin', 'inside-a-literal', 'lit', 'local'], done: true });
    // 'skip' leaves a node's fields alone (a literal's value is data).
    expect(kinds(root, (n) => (n.k === 'lit' ? 'skip' : undefined)).seen).toEqual(['bin', 'lit', 'local']);
  });

  it("walks the values a visit gives instead of the node's fields, and ends at 'stop'", () => {
    const root = { k: 'builtin', args: [{ k: 'lambda', body: { k: 'call' } }, { k: 'local' }] };
    const instead = kinds(root, (n) => (n.k === 'builtin' ? (n.args as { body?: unknown }[]).map((a) => a.body ?? a) : undefined));
    expect(instead).toEqual({ seen: ['builtin', 'call', 'local'], done: true });
    const stopped = kinds(root, (n) => (n.k === 'lambda' ? 'stop' : undefined));
    expect(stopped.done).toBe(false);
    expect(stopped.seen).toContain('lambda');
  });

  it('walks a tree deeper than the call stack allows', () => {
    let root: Record<string, unknown> = { k: 'lit', v: 0 };
    for (let i = 0; i < 200_000; i++) root = { k: 'un', e: root };
    let count = 0;
    expect(walkIR(root, () => void count++)).toBe(true);
    expect(count).toBe(200_001);
  });
});
