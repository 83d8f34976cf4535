/**
 * `choose n in a..b`: offered by its bounds. The integer-action API has b-a+1 actions (then the
 * pass), labels are the numbers, option i is a+i; labels and values are not built for action
 * numbers, label lookups, random playouts or the search bot, so a range of two billion numbers
 * plays (a list of them could not be made); an empty range is "no legal choice" unless a pass.
 */
import { describe, expect, it } from 'vitest';
import {
  actionToLabel,
  applyAction,
  apply,
  labelToAction,
  legalActions,
  makeBot,
  randomPlayout,
  undo,
  type State,
} from '../../interpreter/index.js';
import type { ChooseStmt, Expr, GameIR } from '../../interpreter/ir.js';
import { msg } from '../../interpreter/messages.js';
import { E, game, L, loc, S, T, variable } from './ir-builders.js';
import { setupError, start, unwrap } from './helpers.js';

const range = (from: Expr | number, to: Expr | number, o: Partial<ChooseStmt> = {}): ChooseStmt => ({
  ...S.choose({ into: 'n', by: E.b('playerAt', 1), from: from as Expr, labelAs: T.number }),
  to: typeof to === 'number' ? { k: 'lit', v: to, at: loc() } : to,
  ...o,
});

function rangeGame(from: number, to: number, o: Partial<ChooseStmt> = {}): GameIR {
  return game({ vars: { out: variable(T.any, null) }, flow: [range(from, to, o), S.set(E.v('out'), L('n'))] });
}

describe('choose n in a..b', () => {
  it('numbers its options a..b, labels them by their digits and gives the number', () => {
    const { g, s } = start(rangeGame(-2, 3));
    expect(legalActions(g, s)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(unwrap(actionToLabel(g, s, 0))).toBe('-2');
    expect(unwrap(labelToAction(g, s, '3'))).toBe(5);
    expect(s.pending?.labels).toEqual(['-2', '-1', '0', '1', '2', '3']);
    expect(s.pending?.values).toEqual([-2, -1, 0, 1, 2, 3]);
    expect(unwrap(apply(g, s, '1')).vars.out).toBe(1);
    expect(unwrap(applyAction(g, s, 4)).vars.out).toBe(2);
  });

  it('a state saved at the choice plays on the same; undo comes back to it', () => {
    const { g, s } = start(rangeGame(5, 8));
    const copy = JSON.parse(JSON.stringify(s)) as State;
    expect(copy.pending).toEqual(s.pending);
    const after = unwrap(apply(g, copy, '7'));
    expect(after.vars.out).toBe(7);
    expect(unwrap(undo(g, unwrap(apply(g, s, '6')))).pending?.labels).toEqual(['5', '6', '7', '8']);
  });

  it('refuses numbers outside, non-canonical digits and the pass it does not have, naming the range', () => {
    const { g, s } = start(rangeGame(1, 6));
    for (const label of ['0', '7', '03', '2.0', '', 'pass']) expect(apply(g, s, label).ok).toBe(false);
    const r = apply(g, s, '9');
    expect(!r.ok && r.error.message).toBe(msg.notInRange('9', 1, 6, null));
  });

  it('a pass is the last option, valued none; an empty range offers only the pass', () => {
    const { g, s } = start(rangeGame(4, 3, { pass: 'done' }));
    expect(legalActions(g, s)).toEqual([0]);
    expect(unwrap(apply(g, s, 'done')).vars.out).toBeNull();
    const clash = start(rangeGame(0, 2, { pass: '1' }));
    expect(clash.s.pending?.labels).toEqual(['0', '1', '2', '1 (2)']);
    expect(unwrap(labelToAction(clash.g, clash.s, '1 (2)'))).toBe(3);
  });

  it('an empty range without a pass is "no legal choice" at the choice; a bound that is not whole is a located type error', () => {
    const at = loc(4, 2);
    expect(setupError([{ ...range(3, 1), at }]).message).toBe(msg.noLegalChoice());
    expect(setupError([{ ...range(3, 1), at }]).at).toEqual(at);
    const half: Expr = { k: 'lit', v: 2.5, at: loc(9, 9) };
    expect(setupError([range(1, half)]).at).toEqual(loc(9, 9));
  });

  it('two billion numbers: actions, labels, random playouts and the search bot never list them', () => {
    const top = 2 ** 31 - 1;
    const { g, s } = start(rangeGame(0, top - 1));
    expect(unwrap(labelToAction(g, s, String(top - 1)))).toBe(top - 1);
    expect(unwrap(actionToLabel(g, s, top - 1))).toBe(String(top - 1));
    const played = randomPlayout(g, 2, 7);
    expect(played.state.ended).toBe(true);
    expect(typeof played.state.vars.out).toBe('number');
    const bot = makeBot('mcts:20', 3);
    const small = start(rangeGame(1, 40));
    const i = bot.act(small.g, small.s, 0);
    expect(i >= 0 && i < 40).toBe(true);
  });

  it('with `where` or `label`, the numbers are listed, tested and labelled', () => {
    const ir = game({
      vars: { out: variable(T.any, null) },
      flow: [range(1, 10, { filter: E.bin('==', E.bin('%', L('c'), 3), 0), label: E.bin('+', 'x', E.b('str', L('c'))) }), S.set(E.v('out'), L('n'))],
    });
    const { g, s } = start(ir);
    expect(s.pending?.labels).toEqual(['x3', 'x6', 'x9']);
    expect(unwrap(apply(g, s, 'x6')).vars.out).toBe(6);
  });
});
