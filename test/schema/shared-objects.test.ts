// A document built in memory (an API caller's IR or saved game) may share one object in many
// places or contain itself: validation and loading measure its shape first, visiting each object
// once, and refuse it with a pointer to where it goes too deep (fuzz seed 1 input 55: an IR whose
// setup held copies of the whole game 5,000 deep took minutes, then overflowed the stack).
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../interpreter/context.js';
import { loadGame, RuleError } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { jsonShapeProblem } from '../../interpreter/json-shape.js';
import { validateIR, validateSavedGame } from '../../schemas/validate.js';
import { game } from '../interpreter/ir-builders.js';

/** The fuzzer's `nest` of `setup`: each level a shallow copy of the game holding the level below. */
function nestedGames(depth: number): GameIR {
  const base = game({ setup: [] }) as unknown as Record<string, unknown>;
  let v: unknown = base['setup'];
  for (let i = 0; i < depth; i++) v = { ...base, setup: v };
  return { ...base, setup: v } as unknown as GameIR;
}

describe('documents that share objects', () => {
  it('an IR nested 5,000 games deep is refused by the schema check with a pointer', () => {
    const r = validateIR(nestedGames(5000));
    expect(r.valid).toBe(false);
    if (!r.valid) expect(r.errors).toEqual([expect.stringMatching(new RegExp(`^/setup/setup/.*: nested more than ${LIMITS.jsonDepth} levels deep$`))]);
  });

  it('and by loadGame with a rule error, not a stack overflow', () => {
    expect(() => loadGame(nestedGames(5000))).toThrow(RuleError);
    expect(() => loadGame(nestedGames(5000))).toThrow(/nests more than 2000 levels deep \(at \/setup\/setup/);
  });

  it('an object shared in many places counts once per place, so a doubling DAG is refused by size', () => {
    let v: unknown = [1];
    for (let i = 0; i < 40; i++) v = [v, v];
    expect(jsonShapeProblem(v, { depth: 100, values: 1000 })).toMatchObject({ problem: 'values' });
    expect(jsonShapeProblem(v, { depth: 100, values: 2 ** 42 })).toBeUndefined();
    expect(jsonShapeProblem(v, { depth: 30, values: 2 ** 42 })).toMatchObject({ problem: 'depth' });
  });

  it('a document that contains itself is refused', () => {
    const saved: Record<string, unknown> = { format: 'strata-save/1', moves: [] };
    (saved['moves'] as unknown[]).push(saved);
    expect(validateSavedGame(saved)).toEqual({ valid: false, errors: ['/moves/0: contains itself'] });
  });

  it('a shared object met deeper than first is measured from there', () => {
    const shared = { a: { b: { c: {} } } };
    let deep: unknown = shared;
    for (let i = 0; i < 10; i++) deep = { x: deep };
    expect(jsonShapeProblem({ first: shared, second: deep }, { depth: 14, values: 1000 })).toMatchObject({ problem: 'depth' });
    expect(jsonShapeProblem({ first: shared, second: deep }, { depth: 16, values: 1000 })).toBeUndefined();
  });
});
