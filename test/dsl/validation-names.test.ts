import { expectError, expectWarning } from 'langium/test';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game, messagesOf } from './helpers.js';

describe('duplicate names', () => {
  it('reports two members with one name', async () => {
    const result = await check(game('param n = 1\n  var n: number = 0'));
    expectError(result, messages.duplicateName('n', 'variable'), { node: find(result.model, ast.isVar, 'n'), property: 'name' });
  });

  it('shares one namespace between members, enum values, spaces and named blocks', async () => {
    const result = await check(
      game('enum Col { red, blue }\n  board B graph { space red }\n  var Main: number = 0', 'flow { phase Main { } }'),
    );
    expectError(result, messages.duplicateName('red', 'space'), { node: find(result.model, ast.isSpace, 'red'), property: 'name' });
    expectError(result, messages.duplicateName('Main', 'flow block'), { node: find(result.model, ast.isNamed, 'Main'), property: 'name' });
  });

  it('reports repeated attributes, parameters and record fields', async () => {
    const result = await check(
      game('kind K { a: number, a: text }\n  fn f(x: number, x: number): number = x\n  param r = { k: 1, k: 2 }\n  param l = (y, y) -> y'),
    );
    expectError(result, messages.duplicateAttribute('a'), { node: find(result.model, ast.isAttr, 'a', 1), property: 'name' });
    expectError(result, messages.duplicateParameter('x'), { node: find(result.model, ast.isParameter, 'x', 1), property: 'name' });
    expectError(result, messages.duplicateAttribute('k'), { node: find(result.model, ast.isFieldInit, 'k', 1), property: 'name' });
    expectError(result, messages.duplicateParameter('y'), { node: find(result.model, ast.isLambdaParam, 'y', 1), property: 'name' });
  });

  it('reports a variant named like the game or another variant', async () => {
    const result = await check(`${game('')}variant V extends G { }\nvariant V extends G { }\nvariant G extends V { }`);
    expectError(result, messages.duplicateVariant('V'), { node: find(result.model, ast.isVariant, 'V', 1), property: 'name' });
    expectError(result, messages.duplicateVariant('G'), { node: find(result.model, ast.isVariant, 'G'), property: 'name' });
  });

  it('reports two scenarios with one name', async () => {
    const result = await check(`${game('')}scenario "s" { run 1 }\nscenario "s" { run 2 }`);
    expectError(result, messages.duplicateScenario('s'), { node: result.model.scenarios[1]!, property: 'name' });
  });

  it('reports only the clashes a variant itself brings', async () => {
    const result = await check(`${game('var a: number = 0\n  var a: number = 1')}variant V extends G { add var b: number = 0 add enum E { b } }`);
    expectError(result, messages.duplicateName('b', 'enum value'), { node: find(result.model, ast.isEnumValue, 'b'), property: 'name' });
    // The base's own clash is reported once, in the base.
    expect(messagesOf(result, 1).filter((m) => m === messages.duplicateName('a', 'variable'))).toHaveLength(1);
  });
});

describe('names that mislead', () => {
  it('warns when a game-level name hides a builtin', async () => {
    const result = await check(game('var total: number = 0', 'flow { total = 1 }'));
    expectWarning(result, messages.hidesBuiltin('total'), { node: find(result.model, ast.isVar, 'total'), property: 'name' });
  });

  it('warns when a flow block is named like a local (meant `of`)', async () => {
    const result = await check(game('', 'flow { for p in players { turn p { log p } } }'));
    expectWarning(result, messages.blockNamedLikeLocal('turn', 'p'), { node: find(result.model, ast.isNamed), property: 'name' });
  });
});
