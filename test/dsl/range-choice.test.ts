/** `choose n in a..b`: parsing, the bounds' types, the chosen value's type, and the IR. */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import type { GameIR } from '../../interpreter/ir.js';
import { check, find, game, messagesOf } from './helpers.js';

async function compile(text: string): Promise<GameIR> {
  const result = await compileText([{ uri: 'g.strata', text }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  return result.ir;
}

describe('choose n in a..b', () => {
  it('compiles to a choice with the low bound as options and `to`, labelled as numbers', async () => {
    const ir = await compile(game('var coins: number per player = 3', 'flow { let n = choose k in 0..coins[playerAt(1)] - 1 by playerAt(1) prompt "How many?" or "none" }'));
    expect(ir.flow[0]).toMatchObject({
      k: 'choose',
      result: 'n',
      options: { k: 'lit', v: 0 },
      to: { k: 'bin', op: '-', a: { k: 'var', name: 'coins' } },
      labelAs: { t: 'number' },
      pass: 'none',
    });
  });

  it('the chosen value is a number, and so is the binder in `where`', async () => {
    const result = await check(game('', 'flow { let n = choose k in 1..6 by playerAt(1) where k % 2 == 0\n let t: text = n }'));
    expect(messagesOf(result, 1)).toEqual([messages.typeMismatch('text', 'a number')]);
  });

  it('a bound that is not a number is an error at the bound', async () => {
    const result = await check(game('', 'flow { let n = choose k in 1.."six" by playerAt(1) }'));
    expectError(result, messages.boundNotNumber("text"), { node: find(result.model, ast.isChoose).to });
    expect(messagesOf(result, 1)).toHaveLength(1);
  });
});
