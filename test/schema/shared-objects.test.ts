// A document built in memory (an API caller's IR or saved game) may share one object in many
// places or contain itself: validation and loading measure its shape first, visiting each object
// once, and refuse it with a pointer to where it goes too deep (fuzz seed 1 input 55: an IR whose
// setup held copies of the whole game 5,000 deep took minutes, then overflowed the stack).
import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../interpreter/context.js';
import { loadGame, RuleError } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { jsonShapeProblem } from '../../interpreter/json-shape.js';
import { shapeOf, validateIR, validateSavedGame } from '../../schemas/validate.js';
import { E, game, S, T, variable } from '../interpreter/ir-builders.js';
import { start } from '../interpreter/helpers.js';
import { noughtsAndCrosses } from '../interpreter/toy-game.js';

/** Values of `v` written out as JSON (a shared object once per place). */
function valuesOf(v: unknown): number {
  let n = 0;
  const stack = [v];
  while (stack.length > 0) {
    const item = stack.pop();
    n++;
    if (typeof item === 'object' && item !== null) stack.push(...Object.values(item));
  }
  return n;
}

/** The fuzzer's `grow` of `flow` (seed 15): `copies` places holding the same statement. */
const grownFlow = (ir: GameIR, copies: number): GameIR => ({ ...ir, flow: Array.from({ length: copies }, () => ir.flow[0]!) });

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

// Fuzz seed 15 (about input 9,000): a bundled IR's flow grown to 10,000 copies of its one statement
// (4.8M values, under the 5M limit then) took 6 s to validate and 280 s to load. The limit is now
// 1M values, and loading is linear in a body's blocks (each block copied the list of the blocks
// before it).
describe('an IR grown past the value limit', () => {
  const perCopy = valuesOf(noughtsAndCrosses.flow[0]);
  const past = grownFlow(noughtsAndCrosses, Math.ceil(LIMITS.jsonValues / perCopy) + 1);

  it('the limit keeps every bundled game loadable with a wide margin (the largest has 60,000 values)', () => {
    expect(LIMITS.jsonValues).toBe(1_000_000);
  });

  it('is refused by the schema check with a pointer to the list that went past it', () => {
    expect(validateIR(past)).toEqual({
      valid: false,
      errors: [`/flow: the document holds more than ${LIMITS.jsonValues} values (counted as written out in JSON), past the limit`],
    });
  });

  it('and by loadGame with a rule error naming the place', () => {
    expect(() => loadGame(past)).toThrow(RuleError);
    expect(() => loadGame(past)).toThrow(`more than ${LIMITS.jsonValues} values (counted as written out in JSON), past the limit (at /flow)`);
  });

  it('a long list of primitives is counted too, not only nested objects', () => {
    const saved = { format: 'strata-save/1', ruleset: '', variant: null, players: 2, seed: 1, moves: new Array<number>(LIMITS.jsonValues).fill(0) };
    expect(validateSavedGame(saved)).toMatchObject({ valid: false, errors: [expect.stringMatching(/^\/moves: the document holds more than/)] });
  });

  it('under the limit, a flow of 20,000 blocks loads and runs', () => {
    const ir = game({
      vars: { n: variable(T.number, 0) },
      flow: [S.block('round', [S.set(E.v('n'), 1, '+=')])],
    });
    const grown = grownFlow(ir, 20_000);
    expect(valuesOf(grown)).toBeLessThan(LIMITS.jsonValues);
    const { s } = start(grown, 2);
    expect(s.vars['n']).toBe(20_000);
  });
});


// shapeOf (schemas/validate.ts) walks a document as a tree with no set of objects seen, and asks
// jsonShapeProblem only when that walk stops near a limit: its answer must be jsonShapeProblem's.
describe('shapeOf gives what jsonShapeProblem gives', () => {
  const limits = { depth: LIMITS.jsonDepth, values: LIMITS.jsonValues };
  const nested = (levels: number): unknown => {
    let v: unknown = {};
    for (let i = 1; i < levels; i++) v = { x: v };
    return v;
  };
  const selfContaining = (): unknown => {
    const v: Record<string, unknown> = { a: [1, 2] };
    (v['a'] as unknown[]).push({ back: v });
    return v;
  };
  let doubling: unknown = [1];
  for (let i = 0; i < 40; i++) doubling = [doubling, doubling];
  const cases: [string, unknown][] = [
    ['a primitive', 3],
    ['an IR', noughtsAndCrosses],
    ['a grown IR under the value limit', grownFlow(noughtsAndCrosses, 100)],
    ['an IR nested 5,000 games deep', nestedGames(5000)],
    ['a doubling DAG', doubling],
    ['a document that contains itself', selfContaining()],
    ...[-3, -2, -1, 0, 1].map((d): [string, unknown] => [`objects nested ${limits.depth + d} levels`, nested(limits.depth + d)]),
    ...[-3, -2, -1, 0, 1].map((d): [string, unknown] => [`a list of ${limits.values + d - 1} numbers (${limits.values + d} values)`, new Array<number>(limits.values + d - 1).fill(0)]),
  ];

  it.each(cases)('%s', (_name, doc) => {
    expect(shapeOf(doc)).toEqual(jsonShapeProblem(doc, limits));
  });

  it('and finds nothing wrong only where it finds nothing wrong', () => {
    expect(cases.filter(([, doc]) => shapeOf(doc) === undefined).map(([name]) => name)).toEqual([
      'a primitive',
      'an IR',
      'a grown IR under the value limit',
      `objects nested ${limits.depth - 3} levels`,
      `objects nested ${limits.depth - 2} levels`,
      `objects nested ${limits.depth - 1} levels`,
      `objects nested ${limits.depth} levels`,
      `a list of ${limits.values - 4} numbers (${limits.values - 3} values)`,
      `a list of ${limits.values - 3} numbers (${limits.values - 2} values)`,
      `a list of ${limits.values - 2} numbers (${limits.values - 1} values)`,
      `a list of ${limits.values - 1} numbers (${limits.values} values)`,
    ]);
  });
});
