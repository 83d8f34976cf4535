import { expectError, expectWarning } from 'langium/test';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game, messagesOf } from './helpers.js';

const decls = `enum Col { red, blue }
  kind Card { col: Col, v: number = 1 }
  zone deck: Card
  zone hand: Card per player
  board B graph { space a { w: 1 } }
  board Mat per player graph { space slot }
  var score: number per player = 0
  var grid: number per player, Col = 0
  var flag: bool = false
  param n = 2
  action A(p: player) { }
  proc pr() { }
  die D { 1, 2 }`;

/** Checks `statements` in a flow after the shared declarations. */
const run = (statements: string) => check(game(decls, `flow { play playerAt(1) from [A] pr() let r = roll D ${statements} }`));

describe('conditions', () => {
  it('must be true or false', async () => {
    const result = await check(
      game(`action B(p: player) requires 1 { }`, 'flow { play playerAt(1) from [B] if 1 { } while "x" { } log if 2 then 1 else 0 log [x for x in [1] where 3] }'),
    );
    const got = (what: string) => messages.conditionNotBool(what);
    expectError(result, got('a number'), { node: find(result.model, ast.isRequirement).condition });
    expectError(result, got('a number'), { node: find(result.model, ast.isIf).condition });
    expectError(result, got('text'), { node: find(result.model, ast.isWhile).condition });
    expectError(result, got('a number'), { node: find(result.model, ast.isIfExpr).condition });
    expectError(result, got('a number'), { node: find(result.model, ast.isComprehension).filter! });
  });

  it('applies to scenario expectations', async () => {
    const result = await check(`${game('')}scenario "s" { expect 3 }`);
    expectError(result, messages.conditionNotBool('a number'), { node: find(result.model, ast.isScenarioExpect).condition });
  });
});

describe('operators', () => {
  it('does arithmetic and comparison on numbers', async () => {
    const result = await run('log 1 - "a" log flag < 2 log -"x"');
    const logged = find(result.model, ast.isFlow).body.statements.filter(ast.isLog).map((l) => l.message);
    const [minus, less, negated] = logged as [ast.BinaryExpr, ast.BinaryExpr, ast.UnaryExpr];
    expectError(result, messages.arithmeticNeedsNumbers('-', 'text'), { node: minus.right });
    expectError(result, messages.arithmeticNeedsNumbers('<', 'true/false'), { node: less.left });
    expectError(result, messages.arithmeticNeedsNumbers('-', 'text'), { node: negated.operand });
  });

  it("adds numbers, joins text and concatenates lists with '+'", async () => {
    const ok = await run('log 1 + 2 log "a" + 1 log [1] + [2] log red + "!"');
    expect(messagesOf(ok, 1)).toEqual([]);
    const result = await run('log [1] + 2');
    expectError(result, messages.plusOperands('a list of numbers', 'a number'), { node: find(result.model, ast.isBinaryExpr), property: 'op' });
  });

  it('uses and, or and not on true/false', async () => {
    const result = await run('log 1 and flag log not "x"');
    expectError(result, messages.logicNeedsBool('and', 'a number'), { node: find(result.model, ast.isBinaryExpr).left });
    expectError(result, messages.logicNeedsBool('not', 'text'), { node: find(result.model, ast.isUnaryExpr).operand });
  });

  it("looks 'in' a list, zone or place", async () => {
    const ok = await run('log 1 in [1] log first(pieces(deck)) in deck log first(pieces(deck)) in a');
    expect(messagesOf(ok, 1)).toEqual([]);
    const result = await run('log 1 in 2');
    expectError(result, messages.inNeedsCollection('a number'), { node: find(result.model, ast.isBinaryExpr).right });
  });

  it('reports match cases that can never equal the value', async () => {
    const result = await check(game('param rounds = match players { 2 => 8, _ => 6 }', 'flow { log rounds }'));
    expectError(result, messages.matchNeverEqual('a list of players', 'a number'), { node: find(result.model, ast.isMatchCase).key! });
  });
});

describe('collections and quantifiers', () => {
  it('goes through lists, zones and places only', async () => {
    const result = await run('for x in 3 { }');
    expectError(result, messages.notIterable('a number'), { node: find(result.model, ast.isFor).collection });
  });

  it('needs `of` for argmax/argmin and has no use for it in count/any/all', async () => {
    const result = await run('log argmax x in [1] log count x in [1] of x');
    expectError(result, messages.quantifierNeedsOf('argmax'), { node: find(result.model, ast.isQuantifier), property: 'op' });
    expectError(result, messages.quantifierOfUnused('count'), { node: find(result.model, ast.isQuantifier, undefined, 1).value! });
  });

  it('sums numbers', async () => {
    const result = await run('log sum x in ["a"] log sum c in deck of c.col');
    expectError(result, messages.arithmeticNeedsNumbers('sum', 'text'), { node: find(result.model, ast.isQuantifier).collection });
    expectError(result, messages.arithmeticNeedsNumbers('sum', 'a value of Col'), { node: find(result.model, ast.isQuantifier, undefined, 1).value! });
  });
});

describe('attributes, tables and per-player things', () => {
  it('knows the attributes of a kind, with a suggestion', async () => {
    const result = await run('for c in deck { log c.cl }');
    expectError(result, messages.unknownAttribute("Kind 'Card'", 'cl', 'col'), { node: find(result.model, ast.isMemberExpr), property: 'member' });
  });

  it('knows the attributes of a board’s places and its places by name', async () => {
    const ok = await run('log a.w log Mat[playerAt(1)].slot log Col.red');
    expect(messagesOf(ok, 1)).toEqual([]);
    const result = await run('log a.z log B.b log Col.green');
    expectError(result, messages.unknownAttribute("The places of board 'B'", 'z', 'w'), { node: find(result.model, ast.isMemberExpr), property: 'member' });
    expectError(result, messages.unknownSpace('B', 'b', 'a'), { node: find(result.model, ast.isMemberExpr, undefined, 1), property: 'member' });
    expectError(result, messages.unknownName('green'), { node: find(result.model, ast.isMemberExpr, undefined, 2), property: 'member' });
  });

  it("reads attributes only of pieces, places and records", async () => {
    const result = await run('log n.size');
    expectError(result, messages.noFields('a number'), { node: find(result.model, ast.isMemberExpr), property: 'member' });
  });

  it('gives tables their keys and per-player zones their player', async () => {
    const result = await run('log score log grid[playerAt(1)] log hand log deck[playerAt(1)] log n[0] log hand[red]');
    const at = (i: number) => find(result.model, ast.isLog, undefined, i).message;
    expectError(result, messages.tableNeedsKeys('score', 1), { node: at(0), property: 'target' });
    expectError(result, messages.keyCount('grid', 2, 1), { node: at(1), property: 'indices' });
    expectError(result, messages.perPlayerNeedsOwner('zone', 'hand'), { node: at(2), property: 'target' });
    const receiver = (i: number) => (at(i) as ast.IndexExpr).receiver;
    expectError(result, messages.notPerPlayer('zone', 'deck'), { node: receiver(3) });
    expectError(result, messages.notIndexable('a number'), { node: receiver(4) });
    expectError(result, messages.notAPlayer('a value of Col'), { node: (at(5) as ast.IndexExpr).indices[0]! });
  });

  it('takes one index for lists and per-player zones', async () => {
    const result = await run('log [1][0, 1] log hand[playerAt(1), 2]');
    expectError(result, messages.oneIndex(), { node: find(result.model, ast.isIndexExpr), property: 'indices' });
    expectError(result, messages.oneIndex(), { node: find(result.model, ast.isIndexExpr, undefined, 1), property: 'indices' });
  });
});

describe('calls and names as values', () => {
  it('checks the number and types of arguments', async () => {
    const result = await run('log next() log seat("x") log len(deck)');
    expectError(result, messages.argumentCount('next', 1, 0), { node: find(result.model, ast.isCallExpr, undefined, 2), property: 'callee' });
    expectError(result, messages.argumentType('seat', 'p', 'a player', 'text'), { node: find(result.model, ast.isCallExpr, undefined, 3).args[0]! });
    // A zone stands for its pieces where a list is asked.
    expect(messagesOf(result, 1)).toHaveLength(2);
  });

  it('calls procedures only as statements', async () => {
    const result = await run('log pr()');
    expectError(result, messages.procInExpression('pr'), { node: find(result.model, ast.isCallExpr, undefined, 2), property: 'callee' });
  });

  it('rejects names that are not values', async () => {
    const result = await run('log next log D log setOwner');
    const at = (i: number) => find(result.model, ast.isLog, undefined, i).message;
    expectError(result, messages.callNotValue('next', 'a built-in function'), { node: at(0), property: 'target' });
    expectError(result, messages.notAValue('D', 'a die'), { node: at(1), property: 'target' });
    expectError(result, messages.noValue('setOwner'), { node: at(2), property: 'target' });
  });

  it('warns when a computed value is thrown away', async () => {
    const result = await run('len([1])');
    expectWarning(result, messages.resultUnused('len'), { node: find(result.model, ast.isCallExpr, undefined, 2), property: 'callee' });
  });
});

describe('declared types', () => {
  it('checks values against declared types', async () => {
    const result = await check(
      game('param p: number = "x"\n  var v: bool = 1\n  kind K { a: text = 2 }\n  fn f(): number = "y"', 'flow { let l: number = "z" log p log v log f() log l create 1 K in B.a }\n  board B graph { space a }'),
    );
    expectError(result, messages.typeMismatch('a number', 'text'), { node: find(result.model, ast.isParam, 'p').value });
    expectError(result, messages.typeMismatch('true/false', 'a number'), { node: find(result.model, ast.isVar, 'v').init! });
    expectError(result, messages.typeMismatch('text', 'a number'), { node: find(result.model, ast.isAttr, 'a').default! });
    expectError(result, messages.typeMismatch('a number', 'text'), { node: find(result.model, ast.isFn, 'f').body });
    expectError(result, messages.typeMismatch('a number', 'text'), { node: find(result.model, ast.isLet, 'l').value });
  });

  it('accepts players as numbers and enum values as text', async () => {
    const result = await check(game('var first: player = 0\n  var name: text = "x"\n  enum E { a }', 'flow { first = next(first) name = a log first log name }'));
    expect(messagesOf(result, 1)).toEqual([]);
  });
});

describe('statements', () => {
  it('changes only variables, table entries, locals and piece attributes', async () => {
    const result = await run('n = 1 A = 2 let l = [1] l[0] = 2 a.w = 3 for c in deck { c.v = 2 } score[playerAt(1)] += 1');
    const target = (i: number) => find(result.model, ast.isAssign, undefined, i).target;
    expectError(result, messages.paramNotAssignable('n'), { node: target(0) });
    expectError(result, messages.notAssignable(), { node: target(1) });
    expectError(result, messages.listNotAssignable(), { node: target(2) });
    expectError(result, messages.onlyPieceAttributes('a place of board B'), { node: target(3) });
    expect(messagesOf(result, 1)).toHaveLength(4);
  });

  it('checks the value assigned', async () => {
    const result = await run('flag = 3 score[playerAt(1)] -= "x"');
    expectError(result, messages.typeMismatch('true/false', 'a number'), { node: find(result.model, ast.isAssign).value });
    expectError(result, messages.arithmeticNeedsNumbers('-=', 'text'), { node: find(result.model, ast.isAssign, undefined, 1).value });
  });

  it('moves pieces into holders', async () => {
    const result = await run('move 3 to deck move "x" from deck to 4 move 1 from 2 to deck');
    const move = (i: number) => find(result.model, ast.isMove, undefined, i);
    expectError(result, messages.notPieces('a number'), { node: move(0).pieces! });
    expectError(result, messages.countNotNumber('text'), { node: move(1).count! });
    expectError(result, messages.notAHolder('a number'), { node: move(1).target });
    expectError(result, messages.notAHolder('a number'), { node: move(2).source! });
  });

  it('creates pieces with the attributes of their kind', async () => {
    const result = await run('create 1 Card { col: red, x: 2 } in deck create 1 Card { v: "no" } in 5');
    expectError(result, messages.kindHasNoAttribute('Card', 'x'), { node: find(result.model, ast.isFieldInit, 'x'), property: 'name' });
    expectError(result, messages.typeMismatch('a number', 'text'), { node: find(result.model, ast.isFieldInit, 'v').value });
    expectError(result, messages.notAHolder('a number'), { node: find(result.model, ast.isCreate, undefined, 1).target });
  });

  it('shuffles holders, repeats a number of times, asks players', async () => {
    const result = await run('shuffle 1 repeat "x" { } choose c in [1] by "p" play red from [A] simultaneous q in ["a"] { }');
    expectError(result, messages.notAZone('a number'), { node: find(result.model, ast.isShuffle).zone });
    expectError(result, messages.countNotNumber('text'), { node: find(result.model, ast.isRepeat).count });
    expectError(result, messages.notAPlayer('text'), { node: find(result.model, ast.isChoose).player });
    expectError(result, messages.notAPlayer('a value of Col'), { node: find(result.model, ast.isPlay, undefined, 1).player });
    expectError(result, messages.notPlayers('a list of text'), { node: find(result.model, ast.isSimultaneous).players });
  });

  it('ranks by numbers, or lists of numbers compared item by item', async () => {
    const result = await check(game('rank by "x", then [1, 2], then ["a"]'));
    expectError(result, messages.rankKeyType('text'), { node: find(result.model, ast.isRankKey, undefined, 0).value });
    expectError(result, messages.rankKeyType('a list of text'), { node: find(result.model, ast.isRankKey, undefined, 2).value });
    expect(messagesOf(result, 1)).toHaveLength(2);
  });
});
