// What a `let` leaves in its binder's place after its body (gen-expr.ts letIn, compile-expr.ts):
// the binder's earlier value, else the value itself, but never a function (the state stays JSON),
// the same on both engines.
import { describe, expect, it } from 'vitest';
import { loadGame, newGame } from '../../interpreter/index.js';
import { E, game, L, S } from './ir-builders.js';

const ir = game({
  flow: [
    S.log(E.b('str', E.let('xs', E.comp('n', E.list(1, 2), L('n')), E.b('len', L('xs'))))),
    S.log(E.b('str', E.let('f', E.lambda(['x'], L('x')), E.b('len', E.b('sortAsc', E.list(1), L('f')))))),
    S.log(E.b('str', E.let('ys', E.list(1, 2, 3), E.b('len', L('ys'))))),
    S.choose({ into: 'c', by: 0, from: E.list('a', 'b') }),
  ],
});

describe('a let in a flow', () => {
  it('leaves the same locals on both engines: the lists kept, the function not', () => {
    const [closure, generated] = (['closure', 'generated'] as const).map((engine) => {
      const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    });
    expect(closure.log.map((e) => e.text)).toEqual(['2', '1', '3']);
    const locals = closure.stack[closure.stack.length - 1].locals;
    expect(locals.xs).toEqual([1, 2]);
    expect(locals.f).toBeNull();
    expect(locals.ys).toEqual([1, 2, 3]);
    expect(JSON.stringify(generated)).toBe(JSON.stringify(closure));
    expect(JSON.parse(JSON.stringify(closure))).toEqual(closure);
  });
});
