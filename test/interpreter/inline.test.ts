// Small user functions inlined at load (interpreter/inline.ts): the inlined game plays as the game
// as written (states, labels, errors and their places), on both engines; the size filter sees
// `where free(x)`; recursive, binding and large functions are left as calls.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { LIMITS } from '../../interpreter/context.js';
import { inlineCalls, INLINE_MAX_ADDED, INLINE_MAX_DEPTH, INLINE_MAX_NODES } from '../../interpreter/inline.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { Expr, GameIR } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { sizeFilter } from '../../interpreter/size-filter.js';
import { playBoth } from '../engines/lockstep.js';
import { at, E, eq, game, L, loc, S, T } from './ir-builders.js';

const text = `
game Inline {
    players 2
    kind Stone
    board Grid square 3 by 3
    var placed: number = 0
    fn free(c: Grid): bool = size(c) == 0
    fn taken(c: Grid): bool = not free(c)
    fn twice(n: number): number = n * 2
    fn crowd(c: Grid): number = count n in neighbours(c) where taken(n)
    fn down(n: number): number = if n <= 0 then 0 else down(n - 1)
    flow {
        while any x in Grid where free(x) {
            let c = choose x in Grid by playerAt(placed % 2 + 1) where free(x)
            create 1 Stone in c
            placed += twice(1) + down(crowd(c))
        }
    }
}
`;

const broken = `
game Broken {
    players 2
    fn nth(l: list<number>, i: number): number =
        l[i]
    flow {
        let xs = [1, 2]
        let i = 5
        let v = nth(xs, i)
    }
}
`;

async function compile(source: string): Promise<GameIR> {
  const { ir, diagnostics } = await compileText([{ uri: 'inline.strata', text: source }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}

/** Every node of an expression tree (as JSON), for looking for calls. */
function calls(x: unknown, out: string[] = []): string[] {
  if (Array.isArray(x)) for (const y of x) calls(y, out);
  else if (typeof x === 'object' && x !== null) {
    const n = x as { k?: unknown; fn?: unknown };
    if (n.k === 'call' && typeof n.fn === 'string') out.push(n.fn);
    for (const v of Object.values(x)) calls(v, out);
  }
  return out;
}

describe('inlined user functions', () => {
  it('inline the small non-recursive functions and leave the others as calls', async () => {
    const ir = await compile(text);
    const inlined = inlineCalls(ir);
    expect(Object.keys(inlined.fns), 'the functions themselves stay').toEqual(Object.keys(ir.fns));
    expect(inlined.fns.free, 'a body without calls is the same object').toBe(ir.fns.free);
    const flowCalls = calls(inlined.flow).sort();
    // crowd binds a name (a quantifier) and down is recursive: both stay; free, taken, twice go.
    expect(flowCalls).toEqual(['crowd', 'down']);
    expect(calls(ir.flow).filter((n) => n === 'free')).toHaveLength(2);
    expect(calls(inlined.fns.crowd.body), 'taken inlined into crowd').toEqual([]);
    expect(inlineCalls(inlined)).toBe(inlined);
    expect(inlineCalls({ ...ir, fns: {} }).flow, 'nothing to inline: the same objects').toBe(ir.flow);
  });

  it('the size filter recognises `choose x in Grid where free(x)` once inlined', async () => {
    const ir = await compile(text);
    const loop = inlineCalls(ir).flow.find((s) => s.k === 'while');
    const chosen = loop?.k === 'while' ? loop.body.find((s) => s.k === 'choose') : undefined;
    expect(chosen?.k === 'choose' && chosen.binder).toBe('x');
    const filter = chosen?.k === 'choose' ? chosen.filter : undefined;
    expect(filter).toBeDefined();
    expect(sizeFilter(filter, 'x')).toMatchObject({ lo: 0, hi: 0, negate: false });
    // The body's place is kept: free's `size(c)` at the function's line.
    expect(sizeFilter(filter, 'x')?.at.line).toBe(ir.fns.free.body.at.line);
  });

  it('inlined and as written play the same games on both engines (states, labels, ends)', async () => {
    for (const ir of [await compile(text), await compile(readFileSync(join(import.meta.dirname, '../../rulesets/four-species.strata'), 'utf8'))]) {
      let moves = 0;
      for (const engine of ['closure', 'generated'] as const) {
        const written = loadGame(ir, { engine, inline: false, tierUp: 0 });
        const inlined = loadGame(ir, { engine, tierUp: 0 });
        expect(inlined.hash, 'the identity of the rules is the rules as written').toBe(written.hash);
        for (const seed of [1, 2, 3]) moves += playBoth(written, inlined, 2, seed, `${ir.name}, ${engine}, seed ${seed}`);
      }
      expect(moves).toBeGreaterThan(0);
    }
  }, 300_000);

  it('a rule error in an inlined body points at the function body, as before', async () => {
    const ir = await compile(broken);
    expect(calls(inlineCalls(ir).flow)).toEqual([]);
    for (const engine of ['closure', 'generated'] as const) {
      const errors = [false, true].map((inline) => {
        const r = newGame(loadGame(ir, { engine, inline, tierUp: 0 }), { players: 2, seed: 1 });
        return r.ok ? null : r.error;
      });
      expect(errors[1]).toEqual(errors[0]);
      expect(errors[0]?.code).toBe('rule-error');
      expect(errors[0]?.at).toMatchObject({ line: ir.fns.nth.body.at.line });
      expect(ir.fns.nth.body.at.line).toBe(5);
    }
  });

  it('the evaluation budget still ends in a located error (an inlined call spends no step of its own)', () => {
    // count a in m where any b in m where isNeg(b): 10^12 filter runs, isNeg inlined.
    const isNeg = { params: [{ name: 'v', type: T.number }], body: at(eq(L('v'), -1), 7, 9), at: loc(7) };
    const inner = at(E.quant('any', 'b', L('m'), { where: at(E.call('isNeg', L('b')), 8, 3) }), 9, 9);
    const ir = game({
      fns: { isNeg },
      setup: [S.let('m', E.b('range', 1, 1_000_000)), S.eval(E.quant('count', 'a', L('m'), { where: inner }))],
    });
    expect(calls(inlineCalls(ir).setup)).toEqual([]);
    for (const engine of ['closure', 'generated'] as const) {
      const r = newGame(loadGame(ir, { engine }), { players: 2, seed: 1 });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error).toMatchObject({ code: 'rule-error', message: msg.evalLimit(LIMITS.evalSteps) });
      expect(r.error.at?.file).toBe('test.strata');
    }
  });

  it('chains of calls are inlined at most INLINE_MAX_DEPTH deep, and mutual recursion never', () => {
    const n = [{ name: 'n', type: T.number }];
    const fns: GameIR['fns'] = {};
    // f0(n) = n + 1, f(i)(n) = f(i-1)(n): a chain of 12.
    fns.f0 = { params: n, body: E.bin('+', L('n'), 1), at: loc(1) };
    for (let i = 1; i < 12; i++) fns[`f${i}`] = { params: n, body: E.call(`f${i - 1}`, L('n')), at: loc(1) };
    fns.odd = { params: n, body: E.if(eq(L('n'), 0), false, E.call('even', E.bin('-', L('n'), 1))), at: loc(1) };
    fns.even = { params: n, body: E.if(eq(L('n'), 0), true, E.call('odd', E.bin('-', L('n'), 1))), at: loc(1) };
    const ir = game({ fns, setup: [S.eval(E.call('f11', 3)), S.eval(E.call('even', 4))] });
    const out = inlineCalls(ir);
    expect(calls(out.setup)).toContain('even');
    expect(calls(out.setup)).not.toEqual([]);
    // Whatever is inlined, a call stays somewhere at most INLINE_MAX_DEPTH + 1 steps down the chain.
    expect(calls(out.setup).length).toBeLessThanOrEqual(2);
    expect(INLINE_MAX_DEPTH).toBeLessThan(12);
    const r = newGame(loadGame(ir), { players: 2, seed: 1 });
    const w = newGame(loadGame(ir, { inline: false }), { players: 2, seed: 1 });
    expect(r.ok && w.ok ? [r.value.vars, r.value.log] : r).toEqual(w.ok ? [w.value.vars, w.value.log] : w);
  });

  it('an IR of many calls grows by at most INLINE_MAX_ADDED nodes: past it, calls stay calls', () => {
    // sum(n) = n + n + … (21 nodes), called 12,000 times: 252,000 nodes if every call were inlined.
    let body: Expr = L('n');
    for (let i = 0; i < 10; i++) body = E.bin('+', body, L('n'));
    const fns: GameIR['fns'] = { sum: { params: [{ name: 'n', type: T.number }], body, at: loc(1) } };
    const setup = Array.from({ length: 12_000 }, (_, i) => S.eval(E.call('sum', i)));
    const out = inlineCalls(game({ fns, setup }));
    const left = calls(out.setup).length;
    const inlined = 12_000 - left;
    expect(left).toBeGreaterThan(0);
    expect(inlined * 21).toBeLessThanOrEqual(INLINE_MAX_ADDED);
    expect(21).toBeLessThanOrEqual(INLINE_MAX_NODES);
    expect(inlined).toBe(Math.floor(INLINE_MAX_ADDED / 21));
  });
});
