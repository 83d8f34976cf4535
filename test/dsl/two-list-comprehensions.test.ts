/**
 * Comprehensions over several lists (`[f(a, b) for a in A, b in B where c]`): scoping (a later list
 * sees the earlier names), types, the IR (flatten of nested comprehensions) and the values.
 */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { check, find, game, messagesOf } from './helpers.js';

async function compile(text: string): Promise<GameIR> {
  const result = await compileText([{ uri: 'g.strata', text }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  return result.ir;
}

/** The value the flow leaves in `out`. */
async function outOf(value: string): Promise<unknown> {
  const ir = await compile(game('var out: any = none', `flow { out = ${value} }`));
  const r = newGame(loadGame(ir), { players: 2, seed: 1 });
  if (!r.ok) throw new Error(r.error.message);
  return r.value.vars.out;
}

describe('comprehensions over several lists', () => {
  it('take every combination, the last list fastest, the filter on each', async () => {
    expect(await outOf('[a * 10 + b for a in [1, 2], b in [3, 4, 5] where b != 4]')).toEqual([13, 15, 23, 25]);
    expect(await outOf('[[a, b, c] for a in [1, 2], b in [3], c in ["x", "y"]]')).toEqual([
      [1, 3, 'x'], [1, 3, 'y'], [2, 3, 'x'], [2, 3, 'y'],
    ]);
  });

  it('a later list sees the earlier names: pairs without repeats', async () => {
    expect(await outOf('[[a, b] for a in [1, 2, 3], b in range(a + 1, 3)]')).toEqual([[1, 2], [1, 3], [2, 3]]);
  });

  it('compile to flatten over nested comprehensions', async () => {
    const ir = await compile(game('var out: any = none', 'flow { out = [a + b for a in [1], b in [2] where a < b] }'));
    expect(ir.flow[0]).toMatchObject({
      value: { k: 'builtin', name: 'flatten', args: [{ k: 'comp', name: 'a', elem: { k: 'comp', name: 'b', filter: { k: 'bin', op: '<' } } }] },
    });
  });

  it('type the element from both lists; a later list that is not a list is an error there', async () => {
    const typed = await check(game('', 'flow { let l: list<text> = [a + b for a in [1], b in [2]] }'));
    expect(messagesOf(typed, 1)).toEqual([messages.typeMismatch('a list of text', 'a list of numbers')]);
    const result = await check(game('', 'flow { let l = [a for a in [1], b in 3] }'));
    expectError(result, messages.notIterable('a number'), { node: find(result.model, ast.isCompFor).collection });
  });

  it('a name of a later list is not known in an earlier list', async () => {
    const result = await check(game('', 'flow { let l = [a for a in b, b in [1]] }'));
    expect(messagesOf(result, 1).some((m) => m.includes("'b'"))).toBe(true);
  });
});
