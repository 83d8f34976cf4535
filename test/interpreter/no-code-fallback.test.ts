// Where code cannot be made at run time (a Content-Security-Policy forbids it: `new Function` throws an
// EvalError), the generated engine runs on closures and plays the same game. A file of its own: the
// refusal is remembered for the rest of the module's life.
import { afterEach, describe, expect, it } from 'vitest';
import { loadGame, randomPlayout } from '../../interpreter/index.js';
import { genStats } from '../../interpreter/codegen/gen-expr.js';
import { canGenerate, forgetFactories } from '../../interpreter/codegen/instantiate.js';
import { noughtsAndCrosses } from './toy-game.js';

const real = globalThis.Function;

afterEach(() => {
  globalThis.Function = real;
});

describe('the generated engine where code cannot be made', () => {
  it('falls back to closures, and plays as before', () => {
    const before = JSON.stringify(randomPlayout(loadGame(noughtsAndCrosses, { tierUp: 0 }), 2, 5).state);
    const made = genStats.roots;
    expect(made).toBeGreaterThan(0);
    // Factories of this source are shared between loads: forgotten, so the next load must make code.
    forgetFactories();
    globalThis.Function = function refused(): never {
      throw new EvalError('Refused to evaluate a string as JavaScript (a test stands in for a CSP)');
    } as unknown as FunctionConstructor;
    const g = loadGame(noughtsAndCrosses, { tierUp: 0 });
    expect(canGenerate()).toBe(false);
    expect(genStats.roots).toBe(made);
    expect(g.engine).toBe('generated');
    expect(JSON.stringify(randomPlayout(g, 2, 5).state)).toBe(before);
  });
});
