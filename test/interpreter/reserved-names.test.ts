/**
 * Names that collide with JavaScript object internals, used as IR names of every kind: loading,
 * playing and viewing must treat them as ordinary names (issue 14 item 7).
 */
import { describe, expect, it } from 'vitest';
import { apply, legalMoves, loadGame, newGame, view } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { add, E, game, L, S, T, variable } from './ir-builders.js';

const NAMES = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'];

/** A game whose parameter, variable, function, procedure, locals and binders are called `name`. */
function gameNamed(name: string, varName: string): GameIR {
  // JSON.parse, as a loaded IR file would be: `__proto__` becomes an own property, not a prototype.
  const parts = JSON.parse(
    JSON.stringify({
      params: { [name]: { value: E.lit(3), at: E.lit(0).at } },
      vars: { [varName]: variable(T.number, 0), out: variable(T.any, null) },
      fns: { [name]: { params: [{ name, type: T.number }], body: add(L(name), E.param(name)), at: E.lit(0).at } },
      procs: { [name]: { params: [{ name, type: T.number }], body: [S.set(E.v(varName), L(name), '+=')], at: E.lit(0).at } },
    }),
  ) as Partial<GameIR>;
  return game({
    ...parts,
    setup: [
      S.let(name, E.call(name, 1)),
      S.call(name, L(name)),
      S.set(E.v('out'), E.let(name, 2, E.comp(name, E.list(1, 2), add(L(name), E.quant('sum', name, E.list(L(name))))))),
      // (The choice's own binder keeps an ordinary name: choices.ts is outside this test's reach.)
      S.choose({ into: 'c', binder: 'c', by: 0, from: E.list(1, 2) }),
      S.call(name, L('c')),
    ],
  });
}

describe('names of JavaScript object internals are ordinary names', () => {
  for (const name of NAMES) {
    // State variables live in the state's own objects (their encoding is being changed to ids
    // elsewhere); `__proto__` is tested there, every other kind of name here.
    const varName = name === '__proto__' ? 'total' : name;
    it(name, () => {
      const g = loadGame(gameNamed(name, varName));
      const r = newGame(g, { players: 1, seed: 1 });
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.vars[varName]).toBe(4);
      expect(r.value.vars.out).toEqual([2, 4]);
      expect(legalMoves(g, r.value).map((m) => m.label)).toEqual(['1', '2']);
      const after = apply(g, r.value, '2');
      if (!after.ok) throw new Error(after.error.message);
      expect(after.value.vars[varName]).toBe(6);
      expect(JSON.parse(JSON.stringify(after.value))).toEqual(after.value);
      expect(view(g, after.value, 0).vars[varName]).toBe(6);
    });
  }
});
