import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../interpreter/context.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import { at, E, game, kind, L, loc, S, T, zone } from './ir-builders.js';
import { setupError } from './helpers.js';

describe('limits are located rule errors, never hangs', () => {
  it('a runaway while', () => {
    const err = setupError([at(S.while(true, [S.let('x', 1)]), 3, 5)]);
    expect(err).toEqual({ code: 'rule-error', message: msg.whileLimit(LIMITS.whileIterations), at: loc(3, 5) });
  });

  it('a while may run its full allowance', () => {
    const ir = game({ vars: {}, setup: [S.let('n', 0), S.while(E.bin('<', L('n'), LIMITS.whileIterations), [S.set(L('n'), 1, '+=')])] });
    expect(newGame(loadGame(ir), { players: 1, seed: 1 }).ok).toBe(true);
  });

  it('endless recursion of a procedure', () => {
    const ir = game({
      procs: { again: { params: [], body: [at(S.call('again'), 8, 2)], at: loc(7) } },
      setup: [S.call('again')],
    });
    const r = newGame(loadGame(ir), { players: 1, seed: 1 });
    expect(r).toEqual({ ok: false, error: { code: 'rule-error', message: msg.depthLimit(LIMITS.callDepth), at: loc(8, 2) } });
  });

  it('endless recursion of a function', () => {
    const err = setupError([S.eval(E.call('f', 1))], {
      fns: { f: { params: [{ name: 'n', type: T.number }], body: at(E.call('f', E.bin('+', L('n'), 1)), 4, 9), at: loc(4) } },
    });
    expect(err).toEqual({ code: 'rule-error', message: msg.depthLimit(LIMITS.callDepth), at: loc(4, 9) });
  });

  it('too many statements without a choice', () => {
    const err = setupError([at(S.repeat(LIMITS.statements + 5, []), 6)]);
    expect(err).toEqual({ code: 'rule-error', message: msg.stepLimit(LIMITS.statements), at: loc(6) });
  });

  it('too many pieces', () => {
    const err = setupError([at(S.create(LIMITS.pieces + 1, 'Chip', E.zone('bag')), 2)], { kinds: { Chip: kind() }, zones: { bag: zone() } });
    expect(err).toEqual({ code: 'rule-error', message: msg.pieceLimit(LIMITS.pieces), at: loc(2) });
  });

  it('parameters that depend on each other in a circle', () => {
    const ir = game({ params: { a: { value: at(E.param('b'), 2), at: loc(2) }, b: { value: at(E.param('a'), 3), at: loc(3) } } });
    const r = newGame(loadGame(ir), { players: 1, seed: 1 });
    expect(r).toMatchObject({ ok: false, error: { code: 'rule-error', message: msg.paramCycle('a') } });
  });
});
