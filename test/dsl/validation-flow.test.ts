import { expectError, expectWarning } from 'langium/test';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game, messagesOf } from './helpers.js';

describe('reachability', () => {
  it('reports the first statement after `end game` or `fail` in a block', async () => {
    const result = await check(game('', 'flow { if true { end game log "a" log "b" } fail "x" log "c" }'));
    const logs = (i: number) => find(result.model, ast.isLog, undefined, i);
    expectError(result, messages.unreachable('end game'), { node: logs(0) });
    expectError(result, messages.unreachable('fail'), { node: logs(2) });
    expect(messagesOf(result, 1)).toHaveLength(2);
  });

  it('warns about an action no `play` offers', async () => {
    const result = await check(game('action A(p: player) { }\n  action B(p: player) { }', 'flow { play playerAt(1) from [A] }'));
    expectWarning(result, messages.actionNeverOffered('B'), { node: find(result.model, ast.isAction, 'B'), property: 'name' });
    expect(messagesOf(result, 2)).toEqual([messages.actionNeverOffered('B')]);
  });

  it('warns about functions and procedures never called', async () => {
    const result = await check(game('fn f(): number = 1\n  proc p() { }\n  proc q() { }\n  trigger t after p { }', 'flow { q() }'));
    expectWarning(result, messages.neverCalled('function', 'f'), { node: find(result.model, ast.isFn, 'f'), property: 'name' });
    expectWarning(result, messages.neverCalled('procedure', 'p'), { node: find(result.model, ast.isProc, 'p'), property: 'name' });
    expect(messagesOf(result, 2)).toHaveLength(2);
  });
});

describe('unused declarations', () => {
  it('warns about params, variables, zones, kinds, enums and dice nobody uses', async () => {
    const result = await check(game('param n = 1\n  var v: number = 0\n  zone z\n  kind K\n  enum E { a }\n  die D { 1 }'));
    expectWarning(result, messages.unused('param', 'n'), { node: find(result.model, ast.isParam, 'n'), property: 'name' });
    expectWarning(result, messages.unused('variable', 'v'), { node: find(result.model, ast.isVar, 'v'), property: 'name' });
    expectWarning(result, messages.unused('zone', 'z'), { node: find(result.model, ast.isZone, 'z'), property: 'name' });
    expectWarning(result, messages.unused('kind', 'K'), { node: find(result.model, ast.isKind, 'K'), property: 'name' });
    expectWarning(result, messages.unused('enum', 'E'), { node: find(result.model, ast.isEnum, 'E'), property: 'name' });
    expectWarning(result, messages.unused('die', 'D'), { node: find(result.model, ast.isDie, 'D'), property: 'name' });
  });

  it('counts every kind of use', async () => {
    const result = await check(
      game('param n = 1\n  var v: number = 0\n  kind K\n  zone z: K\n  enum E { a }\n  die D { 1 }', 'flow { log n v = 1 log z let f = roll D log a }'),
    );
    expect(messagesOf(result, 2)).toEqual([]);
  });

  it('does not count `set` in a variant as a use of a param', async () => {
    const result = await check(`${game('param n = 1')}variant V extends G { set n = 2 }`);
    expectWarning(result, messages.unused('param', 'n'), { node: find(result.model, ast.isParam, 'n'), property: 'name' });
  });

  it('counts uses by a variant, and the base uses of what a variant replaces', async () => {
    const result = await check(
      `${game('var v: number = 0\n  proc p() { }', 'flow { p() }')}variant V extends G { replace proc p() { log 1 } add proc q() { log v } replace flow { q() } }`,
    );
    expect(messagesOf(result, 2)).toEqual([]);
  });
});
