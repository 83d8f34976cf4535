// `len` of a call of a function whose body is a comprehension of its binder counts the items
// without making the list (codegen/gen-fn.ts, `countBody`): the same values and the same errors as
// the list made and then measured (`len(concat(f(x), []))` is not folded), on both engines.
import { describe, expect, it } from 'vitest';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { compiledIr } from './compiled-ir.js';

const game = (flow: string): string => `
game Counted {
    players 2
    var counts: list<number> = []
    var mixed: list<any> = [3, 1, "x", 2]
    fn multiples(l: list<number>, s: number): list<number> = [t for t in l where t % s == 0]
    fn doubled(l: list<number>): list<number> = [t * 2 for t in l where t > 1]
    fn positive(l: list<any>): list<any> = [t for t in l where t > 0]
    fn nested(n: number): list<number> = [k for k in range(1, n) where len(multiples(range(1, k), 2)) > 1]
    flow {
${flow}
    }
}
`;

const values = `        counts = [len(multiples(range(1, 10), 3)), len(concat(multiples(range(1, 10), 3), [])), len(multiples([], 2))]
        counts = concat(counts, [len(doubled([1, 2, 3])), len(nested(8)), len(concat(nested(8), [])), len(multiples(range(1, len(nested(9))), 1))])`;

const compile = (text: string): Promise<GameIR> => compiledIr(text, 'counted.strata');

const loads = [
  { engine: 'closure', tierUp: 0 },
  { engine: 'generated', tierUp: 0 },
  { engine: 'generated', tierUp: 1 },
  { engine: 'generated', tierUp: 30_000 },
] as const;

describe('len of a call counts without making the list', () => {
  it('folds only functions whose body is a comprehension of its binder', async () => {
    const g = loadGame(await compile(game(values)));
    const folded = [...g.fns.values()].filter((f) => f.fold !== null).map((f) => f.name).sort();
    expect(folded).toEqual(['multiples', 'nested', 'positive']);
  });

  it('gives the length of the list, on both engines, tiered or not', async () => {
    const ir = await compile(game(values));
    for (const options of loads) {
      const r = newGame(loadGame(ir, options), { players: 2, seed: 1 });
      if (!r.ok) throw new Error(r.error.message);
      // 3, 6, 9; none; 2 and 3 doubled; k in 1..8 with at least two even numbers up to k: 4..8.
      expect(r.value.vars.counts, JSON.stringify(options)).toEqual([3, 3, 0, 2, 5, 5, 6]);
    }
  });

  it('raises the error of the filter that the list made first raises, at the same place', async () => {
    const folded = await compile(game('        counts = [len(positive(mixed))]'));
    const made = await compile(game('        counts = [len(concat(positive(mixed), []))]'));
    for (const options of loads) {
      const errors = [folded, made].map((ir) => {
        const r = newGame(loadGame(ir, options), { players: 2, seed: 1 });
        return r.ok ? null : r.error;
      });
      expect(errors[0]?.code, JSON.stringify(options)).toBe('rule-error');
      expect(errors[0], JSON.stringify(options)).toEqual(errors[1]);
    }
  });
});
