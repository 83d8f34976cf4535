/**
 * Value constructs: enum and place names as values, `let … in`, procedure
 * values and `call`, computed `play` lists, `x = choose/roll`, `let made = create …`, text prompts,
 * indexing list variables, `flatten` and `piecesOfKind`.
 */
import { expectError } from 'langium/test';
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import type { ChooseStmt, GameIR, Stmt } from '../../interpreter/ir.js';
import { check, find, game, messagesOf } from './helpers.js';

async function compile(text: string): Promise<GameIR> {
  const result = await compileText([{ uri: 'g.strata', text }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  if (!result.ir) throw new Error('no IR');
  return result.ir;
}

const errorsOf = async (text: string): Promise<string[]> => messagesOf(await check(text), 1);

describe('enum names and board places as values', () => {
  it('an enum is the list of its values, in order', async () => {
    const ir = await compile(game('enum S { a, b, c }\n  var l: list<S> = S', 'flow { for s in S { log s } }'));
    expect(ir.vars.l!.init).toMatchObject({ k: 'lit', v: ['a', 'b', 'c'] });
    expect(await errorsOf(game('enum S { a }\n  var n: number = S'))).toEqual([messages.typeMismatch('a number', 'a list of a value of S')]);
  });

  it('`Board.place` gives a place; an unknown place name suggests a close one', async () => {
    const boards = 'board Grid square 4 by 4 neighbours 4\n  board Island graph { space north space south }';
    const ir = await compile(game(boards, 'flow { log Grid.r4c4 log Island.north }'));
    expect(ir.flow.map((s) => (s as Extract<Stmt, { k: 'log' }>).message)).toMatchObject([
      { k: 'place', board: 'Grid', name: 'r4c4' },
      { k: 'place', board: 'Island', name: 'north' },
    ]);
    const result = await check(game(boards, 'flow { log Island.nort }'));
    expectError(result, messages.unknownSpace('Island', 'nort', 'north'), { node: find(result.model, ast.isMemberExpr), property: 'member' });
  });
});

describe('list variables', () => {
  it('index like any list, and their items cannot be assigned', async () => {
    const members = 'kind K\n  zone z: K visible all\n  var picked: list<piece> = []\n  var one: K? = none';
    const result = await check(game(members, 'flow { picked = pieces(z) move picked[0] to z one = picked[1] picked[0] = one }'));
    expectError(result, messages.listNotAssignable(), { node: find(result.model, ast.isAssign, undefined, 2).target });
    expect(messagesOf(result, 1)).toHaveLength(1);
    const ir = await compile(game(members, 'flow { move picked[0] to z }'));
    expect((ir.flow[0] as Extract<Stmt, { k: 'move' }>).pieces).toMatchObject({ k: 'index', obj: { k: 'var', name: 'picked', keys: [] } });
  });
});

describe('let … in', () => {
  it('names a value inside an expression and compiles to a let expression', async () => {
    const ir = await compile(game('fn sq(n: number): number = let m = n * n in m + 1', 'flow { log sq(2) }'));
    expect(ir.fns.sq!.body).toMatchObject({ k: 'let', name: 'm', value: { k: 'bin', op: '*' }, body: { k: 'bin', op: '+', a: { k: 'local', name: 'm' } } });
  });

  it('takes comparisons and logic in its value, and types its body', async () => {
    const result = await check(game('fn f(n: number): bool = let big = n > 2 and n < 9 in not big', 'flow { log f(1) }'));
    expect(messagesOf(result)).toEqual([]);
    expect(await errorsOf(game('fn g(n: number): number = let t = "x" in t', 'flow { log g(1) }'))).toEqual([
      messages.typeMismatch('a number', 'text'),
    ]);
  });

  it('sees its name only in its body', async () => {
    const errors = await errorsOf(game('fn width(): number = (let m = 1 in m) + m', 'flow { log width() }'));
    expect(errors).toEqual([messages.unknownName('m')]);
  });
});

describe('procedure values', () => {
  const members = [
    'kind Card { effect: proc }',
    'zone z: Card visible all',
    'var v: number per player = 0',
    'proc gain(p: player) { v[p] += 2 }',
  ].join('\n  ');

  it('a procedure named as a value is a `proc`, stored and called with `call`', async () => {
    const ir = await compile(game(members, 'flow { create 1 Card { effect: gain } in z let e = gain call e(playerAt(1)) call first(pieces(z)).effect(playerAt(2)) }'));
    expect((ir.flow[0] as Extract<Stmt, { k: 'create' }>).attrs.effect).toMatchObject({ k: 'proc', name: 'gain' });
    expect(ir.kinds.Card!.attrs[0]!.type).toEqual({ t: 'proc' });
    expect(ir.flow[2]).toMatchObject({ k: 'invoke', target: { k: 'local', name: 'e' }, args: [{ k: 'builtin', name: 'playerAt' }] });
    expect(ir.flow[3]).toMatchObject({ k: 'invoke', target: { k: 'field', name: 'effect' } });
  });

  it('counts as a use of the procedure', async () => {
    const result = await check(game(members, 'flow { create 1 Card { effect: gain } in z }'));
    expect(messagesOf(result, 2)).toEqual([]);
  });

  it('`call` needs a procedure value, and checks the arguments of one named directly', async () => {
    const result = await check(game(members, 'flow { call v(playerAt(1)) call gain(1, 2) }'));
    expectError(result, messages.notAProcedure('a number'), { node: find(result.model, ast.isInvoke, undefined, 0).target });
    expectError(result, messages.argumentCount('gain', 1, 2), { node: find(result.model, ast.isInvoke, undefined, 1), property: 'target' });
  });

  it('does not mix procedures with text', async () => {
    expect(await errorsOf(game(members, 'flow { create 1 Card { effect: "gain" } in z }'))).toEqual([messages.typeMismatch('a procedure', 'text')]);
  });
});

describe('play from a computed list of actions', () => {
  const members = ['kind Card { ability: action }', 'zone z: Card visible all', 'action Fly(p: player) { }', 'action Dig(p: player) { }'].join('\n  ');

  it('offers the actions of a comprehension or a call; actions named only in data are not reported', async () => {
    const flow = 'flow { create 1 Card { ability: Fly } in z play playerAt(1) from [c.ability for c in z] play playerAt(1) from mine() }';
    const result = await check(game(`${members}\n  fn mine(): list<action> = [Dig]`, flow));
    expect(messagesOf(result)).toEqual([]);
    const ir = await compile(game(`${members}\n  fn mine(): list<action> = [Dig]`, flow));
    expect(ir.flow[1]).toMatchObject({ k: 'play', actions: [], from: { k: 'comp' } });
    expect(ir.flow[2]).toMatchObject({ k: 'play', actions: [], from: { k: 'call', fn: 'mine' } });
  });

  it('needs a list of actions', async () => {
    const result = await check(game(members, 'flow { play playerAt(1) from players play playerAt(1) from [Fly, Dig] }'));
    expectError(result, messages.notActions('a list of players'), { node: find(result.model, ast.isPlay).source! });
    expect(messagesOf(result, 1)).toHaveLength(1);
  });
});

describe('assigning choices, rolls and created pieces', () => {
  const members = 'die D { 1, 2, 3 }\n  kind K\n  zone z: K visible all\n  var v: number per player = 0\n  var n: number = 0';

  it('`x = choose …` and `x = roll D` bind a local directly; other targets go through a hidden local', async () => {
    const flow = 'flow { let x = 0 x = choose c in [1, 2] by playerAt(1) v[playerAt(1)] += roll D n = roll D }';
    const ir = await compile(game(members, flow));
    expect(ir.flow[1]).toMatchObject({ k: 'choose', result: 'x', binder: 'c' });
    expect(ir.flow[2]).toMatchObject({ k: 'roll', die: 'D', name: '#assigned' });
    expect(ir.flow[3]).toMatchObject({ k: 'set', op: '+=', target: { k: 'var', name: 'v' }, value: { k: 'local', name: '#assigned' } });
    expect(ir.flow[4]).toMatchObject({ k: 'roll', die: 'D', name: '#assigned' });
    expect(ir.flow[5]).toMatchObject({ k: 'set', op: '=', target: { k: 'var', name: 'n' } });
  });

  it('types the value by what is chosen, rolled or made', async () => {
    const result = await check(game(members, 'flow { n = choose c in ["a"] by playerAt(1) let made: number = create 2 K in z }'));
    expectError(result, messages.typeMismatch('a number', 'text'), { node: find(result.model, ast.isChoose) });
    expectError(result, messages.typeMismatch('a number', 'a list of pieces'), { node: find(result.model, ast.isCreate) });
  });

  it('`let made = create …` names the list of new pieces', async () => {
    const ir = await compile(game(members, 'flow { let made = create 2 K in z move made[0] to z }'));
    expect(ir.flow[0]).toMatchObject({ k: 'create', kind: 'K', name: 'made' });
  });
});

describe('prompts', () => {
  it('take a text expression', async () => {
    const ir = await compile(game('', 'flow { repeat 3 as i { choose c in [1] by playerAt(1) prompt "Piece " + str(i) + " of 3" or "pass" } }'));
    const choose = (ir.flow[0] as Extract<Stmt, { k: 'repeat' }>).body[0] as ChooseStmt;
    expect(choose.prompt).toMatchObject({ k: 'bin', op: '+' });
    expect(choose.pass).toBe('pass');
  });

  it('must be text', async () => {
    const result = await check(game('', 'flow { choose c in [1] by playerAt(1) prompt 3 }'));
    expectError(result, messages.promptNotText('a number'), { node: find(result.model, ast.isChoose).prompt! });
  });
});

describe('flatten and piecesOfKind', () => {
  it('keep the element types precise', async () => {
    const members = 'kind K { w: number }\n  kind L\n  zone z visible all';
    const flow = 'flow { log sum x in flatten([[1], [2, 3]]) of x log sum k in piecesOfKind(K) of k.w log piecesOfKind(K)[0].q }';
    const result = await check(game(members, flow));
    expect(messagesOf(result, 1)).toEqual([messages.unknownAttribute("Kind 'K'", 'q', 'w')]);
    const ir = await compile(game(members, 'flow { log piecesOfKind(K) }'));
    expect((ir.flow[0] as Extract<Stmt, { k: 'log' }>).message).toMatchObject({ k: 'builtin', name: 'piecesOfKind', args: [{ k: 'lit', v: 'K' }] });
  });
});

describe('lexicographic keys', () => {
  it('rank by a list of numbers', async () => {
    const ir = await compile(game('var vp: number per player = 0', 'flow { }\n  rank by [vp[p], seat(p)], then seat(p) asc'));
    expect(ir.ranking[0]!.value).toMatchObject({ k: 'list', items: [{ k: 'var' }, { k: 'builtin', name: 'seat' }] });
  });
});
