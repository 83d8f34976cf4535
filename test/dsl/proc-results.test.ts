/**
 * Procedures that give a value (`proc f(…): T { … return e }`): where their value may be taken,
 * the missing-return and type checks, and what the compiler emits.
 */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { apply, loadGame, newGame, type Result, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';

function unwrapState(r: Result<State>): State {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
import { check, find, game, messagesOf } from './helpers.js';

async function compile(text: string): Promise<GameIR> {
  const result = await compileText([{ uri: 'g.strata', text }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  return result.ir;
}

const pick = 'proc pick(p: player): number {\n    let n = choose k in [1, 2, 3] by p\n    return n * 10\n  }';

describe('procedures with a result type', () => {
  it('compile: the call names its result local, `return` its value, the procedure its type', async () => {
    const ir = await compile(game(`var v: number per player = 0\n  ${pick}`, 'flow { let a = pick(playerAt(1)) v[playerAt(1)] += pick(playerAt(2)) }'));
    expect(ir.procs.pick!.type).toEqual({ t: 'number' });
    expect(ir.procs.pick!.body[1]).toMatchObject({ k: 'return', value: { k: 'bin', op: '*' } });
    expect(ir.flow[0]).toMatchObject({ k: 'call', proc: 'pick', result: 'a' });
    // Into a table entry: through a hidden local, then added.
    expect(ir.flow.slice(1)).toMatchObject([
      { k: 'call', proc: 'pick', result: '#assigned' },
      { k: 'set', op: '+=', target: { k: 'var', name: 'v' }, value: { k: 'local', name: '#assigned' } },
    ]);
  });

  it('the value of a call types the local it lands in', async () => {
    const result = await check(game(pick, 'flow { let a = pick(playerAt(1))\n let t: text = a }'));
    expect(messagesOf(result, 1)).toEqual([messages.typeMismatch('text', 'a number')]);
  });

  it('a path that reaches the end without `return` is an error on the procedure', async () => {
    const result = await check(game('proc f(n: number): number {\n    if n > 1 { return 1 } else if n > 0 { log "x" } else { return 0 }\n  }', 'flow { let a = f(1) }'));
    expectError(result, messages.missingReturn('f'), { node: find(result.model, ast.isProc, 'f'), property: 'name' });
    const ok = await check(game('proc f(n: number): number {\n    if n > 1 { return 1 } else if n > 0 { fail "no" } else { return 0 }\n  }', 'flow { let a = f(1) }'));
    expect(messagesOf(ok, 1)).toEqual([]);
  });

  it('a returned value of the wrong type is an error at the value', async () => {
    const result = await check(game('proc f(): text { return 1 }', 'flow { let a = f() }'));
    expectError(result, messages.typeMismatch('text', 'a number'), { node: find(result.model, ast.isReturn).value });
  });

  it('`return` outside a procedure with a result type, or inside a flow block, is an error', async () => {
    const result = await check(game('proc f(p: player) { return 1 }\n  proc g(p: player): number { turn of p { return 1 } return 2 }', 'flow { f(playerAt(1)) let b = g(playerAt(1)) return 3 }'));
    expect(messagesOf(result, 1)).toEqual([messages.returnOutsideProc(), messages.returnInBlock('turn'), messages.returnOutsideProc()]);
  });

  it('the value is taken only as the whole value of `let` or an assignment; otherwise the message says the pattern', async () => {
    const result = await check(game(`${pick}\n  proc plain(p: player) { log "x" }`, 'flow { let a = 1 + pick(playerAt(1))\n let b = plain(playerAt(1))\n log pick(playerAt(1)) }'));
    expect(messagesOf(result, 1)).toEqual([messages.procValueInExpression('pick'), messages.procHasNoResult('plain'), messages.procValueInExpression('pick')]);
    expectError(result, messages.procValueInExpression('pick'), { node: find(result.model, ast.isCallExpr, undefined, 0), property: 'callee' });
  });

  it('`return f(…)` passes a procedure\'s value on, through a hidden local, after its choice', async () => {
    const ir = await compile(game(`var v: number = 0\n  ${pick}\n  proc outer(p: player): number { return pick(p) }`, 'flow { v = outer(playerAt(1)) }'));
    expect(ir.procs.outer!.body).toMatchObject([
      { k: 'call', proc: 'pick', result: '#assigned' },
      { k: 'return', value: { k: 'local', name: '#assigned' } },
    ]);
    const g = loadGame(ir);
    const s = unwrapState(newGame(g, { players: 2, seed: 1 }));
    expect(unwrapState(apply(g, s, '2')).vars.v).toBe(20);
  });

  it('a procedure with a result type may still be called as a statement (its value is dropped)', async () => {
    const ir = await compile(game(pick, 'flow { pick(playerAt(1)) }'));
    expect(ir.flow[0]).toEqual(expect.objectContaining({ k: 'call', proc: 'pick' }));
    expect(ir.flow[0]).not.toHaveProperty('result');
  });
});
