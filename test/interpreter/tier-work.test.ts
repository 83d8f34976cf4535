/**
 * Tiering counts work, not runs (codegen/tier.ts): an expression whose run visits many items is
 * generated after fewer runs. And zones, places and boards of an owner, and zones per key, are
 * generated (no closure fallback), ending as the closure interpreter's do: the same values, the
 * same errors at the same place.
 */
import { describe, expect, it } from 'vitest';
import { tieredExpr, tieredOp } from '../../interpreter/codegen/tier.js';
import { genStats } from '../../interpreter/codegen/gen-expr.js';
import type { Ctx, Op } from '../../interpreter/context.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { Expr, GameIR } from '../../interpreter/ir.js';
import { at, E, game, loc, S, squareBoard, T, variable, zone } from './ir-builders.js';

describe('tiering by work', () => {
  const ctx = { steps: 0 } as Ctx;

  it('generates an expression once its runs and their evaluation steps reach the limit', () => {
    let generated = 0;
    const closure = (c: Ctx): number => {
      c.steps += 9;
      return 1;
    };
    const f = tieredExpr(100, closure, () => {
      generated++;
      return () => 2;
    });
    const values: number[] = [];
    for (let i = 0; i < 12; i++) values.push(f(ctx) as number);
    // 10 work a run: the tenth run reaches 100, the eleventh runs the generated code.
    expect(values).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2]);
    expect(generated).toBe(1);
  });

  it('counts one a run for a run that spends no step', () => {
    let generated = 0;
    const f = tieredExpr(5, () => 1, () => {
      generated++;
      return () => 2;
    });
    const values = [0, 1, 2, 3, 4, 5].map(() => f(ctx));
    expect(values).toEqual([1, 1, 1, 1, 1, 2]);
    expect(generated).toBe(1);
  });

  it('puts a generated instruction in its wrapper\'s place once its work reaches the limit', () => {
    const ran: string[] = [];
    const ops: Op[] = [];
    const closure: Op = (c) => {
      c.steps += 49;
      ran.push('closure');
    };
    const generated: Op = () => {
      ran.push('generated');
    };
    ops.push(tieredOp(100, closure, () => generated, ops, 0));
    for (let i = 0; i < 3; i++) ops[0](ctx);
    expect(ran).toEqual(['closure', 'closure', 'generated']);
    expect(ops[0]).toBe(generated);
  });
});

describe('holders of an owner and zones per key, generated', () => {
  const A = loc(3, 5);
  const keyed = (key: Expr): Expr => ({ k: 'zone', name: 'display', key, at: A });
  const p2 = E.b('playerAt', 2);
  /** `out` set to `value` in the setup. */
  function setting(value: Expr): GameIR {
    return game({
      zones: { hand: zone({ perPlayer: true }), bag: zone(), display: { ...zone(), keys: ['Red', 'Blue'] } },
      boards: { Grid: squareBoard(2, 2), Mat: squareBoard(2, 1, 4, true) },
      vars: { out: variable(T.any, null) },
      setup: [at(S.set(E.v('out'), value), 2)],
    });
  }
  function outcome(ir: GameIR, engine: 'closure' | 'generated'): string {
    const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
    return r.ok ? JSON.stringify(r.value.vars.out) : `error ${JSON.stringify(r.error)}`;
  }
  const cases: [string, Expr, string][] = [
    ['values', E.list(E.zone('hand', p2), E.place('Mat', 'r1c2', p2), E.board('Mat', p2), keyed(E.lit('Blue')), E.zone('bag', p2)),
      '["zone:hand@1","Mat@1.r1c2",["Mat@1.r1c1","Mat@1.r1c2"],"zone:display@Blue","zone:bag"]'],
    ['a zone of no player', at(E.zone('hand', 'x'), 3, 5), 'error'],
    ['a place of no player', at(E.place('Mat', 'r1c1', 7), 3, 5), 'error'],
    ['a board of no player', at(E.board('Mat', E.lit(null)), 3, 5), 'error'],
    ['no key of the zone', keyed(E.lit('Green')), 'error'],
    ['a key that is no text', keyed(E.lit(1)), 'error'],
  ];
  for (const [name, value, expected] of cases) {
    it(name, () => {
      const ir = setting(value);
      const reference = outcome(ir, 'closure');
      expect(reference.startsWith(expected)).toBe(true);
      if (expected === 'error') expect(reference).toContain('"line":3');
      const fallbacks = genStats.fallbacks;
      expect(outcome(ir, 'generated')).toBe(reference);
      expect(genStats.fallbacks, 'no closure fallback').toBe(fallbacks);
    });
  }
});
