/**
 * Procedures that give a value: `return` leaves the procedure from anywhere in its body (a loop, an
 * if) and puts the value in the caller's local, also after a choice inside the procedure; the state
 * stays JSON at that choice; a procedure that runs off its end stops with a located rule error.
 */
import { describe, expect, it } from 'vitest';
import { apply, undo, view, type State } from '../../interpreter/index.js';
import type { GameIR, Stmt } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { E, game, L, loc, S, T, variable } from './ir-builders.js';
import { runSetup, setupError, start, unwrap } from './helpers.js';

const ret = (value: Parameters<typeof S.let>[1]): Stmt => ({ k: 'return', value: typeof value === 'object' && value !== null ? value : { k: 'lit', v: value, at: loc() }, at: loc() });
const callInto = (proc: string, result: string, ...args: number[]): Stmt => ({
  k: 'call',
  proc,
  args: args.map((v) => ({ k: 'lit', v, at: loc() })),
  result,
  at: loc(),
});

const parts: Partial<GameIR> = {
  vars: { out: variable(T.any, null), after: variable(T.number, 0) },
  procs: {
    /** The first item of [5, 7, 9] above n, from inside a loop; 0 when none. */
    above: {
      params: [{ name: 'n', type: T.number }],
      type: T.number,
      body: [S.for('x', E.list(5, 7, 9), [S.if(E.bin('>', L('x'), L('n')), [ret(L('x'))])]), ret(0)],
      at: loc(),
    },
    twice: { params: [{ name: 'n', type: T.number }], type: T.number, body: [callInto('above', 'a', 6), ret(E.bin('*', L('a'), L('n')))], at: loc() },
  },
  triggers: [{ name: 'seen', after: 'above', body: [S.set(E.v('after'), 1, '+=')], at: loc() }],
};

describe('return', () => {
  it('leaves the procedure from inside a loop with its value; nested calls; the triggers after it run', () => {
    const s = runSetup([callInto('above', 'a', 6), callInto('above', 'b', 10), callInto('twice', 'c', 3), S.set(E.v('out'), E.list(L('a'), L('b'), L('c')))], parts);
    expect(s.vars.out).toEqual([7, 0, 21]);
    expect(s.vars.after).toBe(3);
  });

  it('a procedure that runs off its end stops with a located rule error', () => {
    const procs = { f: { params: [], type: T.number, body: [S.log('x')], at: loc(7, 3) } };
    const error = setupError([callInto('f', 'v')], { procs });
    expect(error.message).toBe(msg.noReturn('f'));
    expect(error.at).toEqual(loc(7, 3));
  });

  it('the value of a procedure that waits for a choice arrives after the choice; undo and JSON hold', () => {
    const ir = game({
      vars: { out: variable(T.any, null) },
      procs: {
        pick: {
          params: [{ name: 'p', type: T.player }],
          type: T.number,
          body: [S.choose({ into: 'k', by: L('p'), from: E.list(1, 2, 3), labelAs: T.number }), ret(E.bin('*', L('k'), 10))],
          at: loc(),
        },
      },
      flow: [{ k: 'call', proc: 'pick', args: [E.b('playerAt', 2)], result: 'got', at: loc() }, S.set(E.v('out'), L('got'))],
    });
    const { g, s } = start(ir);
    expect(s.pending?.labels).toEqual(['1', '2', '3']);
    const copy = JSON.parse(JSON.stringify(s)) as State;
    const after = unwrap(apply(g, copy, '2'));
    expect(after.vars.out).toBe(20);
    expect(unwrap(undo(g, after)).pending?.labels).toEqual(['1', '2', '3']);
  });
});

describe("a procedure's value in views", () => {
  const secretPick = (secret: boolean): GameIR =>
    game({
      procs: {
        pick: {
          params: [{ name: 'p', type: T.player }],
          type: T.number,
          body: [S.choose({ into: 'k', by: L('p'), from: E.list(1, 2, 3), labelAs: T.number, secret }), S.let('twice', E.bin('*', L('k'), 2)), ret(L('twice'))],
          at: loc(),
        },
      },
      flow: [
        { k: 'call', proc: 'pick', args: [E.b('playerAt', 1)], result: 'mine', at: loc() },
        S.choose({ into: 'other', by: E.b('playerAt', 2), from: E.list('a', 'b'), labelAs: T.text }),
      ],
    });

  it('a value returned from a secret choice is masked in views while it is held', () => {
    const { g, s } = start(secretPick(true));
    const after = unwrap(apply(g, s, '3'));
    expect(after.stack[0]!.locals.mine).toBe(6);
    expect(view(g, after, 1).stack[0]!.locals.mine).toBeNull();
  });

  it('a value returned from an open choice is seen', () => {
    const { g, s } = start(secretPick(false));
    const after = unwrap(apply(g, s, '3'));
    expect(view(g, after, 1).stack[0]!.locals.mine).toBe(6);
  });
});

describe('return in a hand-made IR', () => {
  it('inside a flow block of the procedure is a located rule error, not a block left open', () => {
    const inner: Stmt = { k: 'return', value: { k: 'lit', v: 1, at: loc() }, at: loc(4, 9) };
    const procs = { f: { params: [], type: T.number, body: [{ k: 'block', kind: 'turn', body: [inner], at: loc() } as Stmt, ret(2)], at: loc() } };
    const error = setupError([callInto('f', 'v')], { procs });
    expect(error.message).toBe(msg.returnInBlock());
    expect(error.at).toEqual(loc(4, 9));
  });
});
