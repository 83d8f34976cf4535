import { AstUtils, URI } from 'langium';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { LIBRARY_URI } from '../../dsl/src/scoping/strata-library.js';
import { Strata, all, check, find, game, messagesOf } from './helpers.js';

/** The declaration each `Ref` named `name` links to, in order of appearance. */
function targetsOf(model: ast.Model, name: string): (ast.NamedElement | undefined)[] {
  return all(model, ast.isRef)
    .filter((r) => r.target.$refText === name)
    .map((r) => r.target.ref);
}

describe('game-level names', () => {
  it('links members, enum values, spaces and named blocks from anywhere in the game', async () => {
    const result = await check(
      game(
        `enum Col { red, blue }
  var v: Col = red
  board B graph { space home }
  proc p() { log v log home log blue }
  trigger t after Main { p() }`,
        'flow { phase Main { p() } }',
      ),
    );
    expect(messagesOf(result, 1)).toEqual([]);
    expect(ast.isVar(targetsOf(result.model, 'v')[0])).toBe(true);
    expect(ast.isSpace(targetsOf(result.model, 'home')[0])).toBe(true);
    expect(ast.isEnumValue(targetsOf(result.model, 'blue')[0])).toBe(true);
    const trigger = find(result.model, ast.isTrigger, 't');
    expect(ast.isNamed(trigger.target.ref) && trigger.target.ref.name).toBe('Main');
  });

  it('lets a trigger name a flow block kind (the first block of that kind)', async () => {
    const result = await check(game('trigger t after turn { log "x" }', 'flow { round { turn { log 1 } turn { log 2 } } }'));
    const trigger = find(result.model, ast.isTrigger, 't');
    expect(messagesOf(result, 1)).toEqual([]);
    expect(ast.isNamed(trigger.target.ref) && trigger.target.ref.kind).toBe('turn');
    expect(trigger.target.ref).toBe(all(result.model, ast.isNamed)[1]);
  });

  it('links builtins to the library document, with their doc comment', async () => {
    const result = await check(game('', 'flow { log next(playerAt(1)) }'));
    const call = find(result.model, ast.isCallExpr);
    const builtin = call.callee.ref;
    expect(ast.isBuiltin(builtin)).toBe(true);
    expect(builtin && AstUtils.getDocument(builtin).uri.toString()).toBe(URI.parse(LIBRARY_URI).toString());
    const doc = builtin ? Strata.documentation.DocumentationProvider.getDocumentation(builtin) : undefined;
    expect(doc).toContain('The player to the left');
  });

  it('links a zero-parameter builtin written without parentheses', async () => {
    const result = await check(game('', 'flow { for p in players { log p } }'));
    expect(ast.isBuiltin(targetsOf(result.model, 'players')[0])).toBe(true);
  });
});

describe('locals', () => {
  it('sees a let after it, not before it', async () => {
    const result = await check(game('', 'flow { log n let n = 1 log n }'));
    const [before, after] = targetsOf(result.model, 'n');
    expect(before).toBeUndefined();
    expect(ast.isLet(after)).toBe(true);
    expect(messagesOf(result, 1)).toContain(messages.unknownName('n'));
  });

  it('scopes loop names to the loop body', async () => {
    const result = await check(game('', 'flow { for x in [1] { log x } repeat 2 as i { log i } log x }'));
    const [inside, outside] = targetsOf(result.model, 'x');
    expect(ast.isFor(inside)).toBe(true);
    expect(outside).toBeUndefined();
    expect(ast.isRepeat(targetsOf(result.model, 'i')[0])).toBe(true);
  });

  it('binds choose binders in filter and label; a bare choose and play … as after them', async () => {
    const result = await check(
      game(
        'action A(p: player) { }',
        'flow { let y = choose c in [1, 2] by playerAt(1) where c > 1 label str(c) log y choose d in [3] by playerAt(1) log d play playerAt(1) from [A] as a log a }',
      ),
    );
    expect(messagesOf(result, 1)).toEqual([]);
    expect(targetsOf(result.model, 'c').every(ast.isChoose)).toBe(true);
    expect(ast.isLet(targetsOf(result.model, 'y')[0])).toBe(true);
    expect(ast.isChoose(targetsOf(result.model, 'd')[0])).toBe(true);
    expect(ast.isPlay(targetsOf(result.model, 'a')[0])).toBe(true);
  });

  it('binds parameters, lambda parameters, comprehension and quantifier names', async () => {
    const result = await check(
      game(
        `fn f(n: number): number = n + count x in [1] where x > n
  param l = [y * 2 for y in [1, 2]]
  param g = reachable(B.r1c1, 2, (a, b) -> adjacent(a, b))
  board B square 2 by 2
  proc run() { log f(1) log l log g }`,
        'flow { run() simultaneous q in players { log q } }',
      ),
    );
    expect(messagesOf(result, 1)).toEqual([]);
    expect(ast.isParameter(targetsOf(result.model, 'n')[0])).toBe(true);
    expect(ast.isQuantifier(targetsOf(result.model, 'x')[0])).toBe(true);
    expect(ast.isComprehension(targetsOf(result.model, 'y')[0])).toBe(true);
    expect(ast.isLambdaParam(targetsOf(result.model, 'a')[0])).toBe(true);
    expect(ast.isSimultaneous(targetsOf(result.model, 'q')[0])).toBe(true);
  });

  it('binds p in ranking keys', async () => {
    const result = await check(game('var score: number per player = 0\n  rank by score[p]'));
    expect(messagesOf(result, 1)).toEqual([]);
    expect(ast.isRanking(targetsOf(result.model, 'p')[0])).toBe(true);
  });

  it('lets an inner local hide a game-level name', async () => {
    const result = await check(game('var v: number = 0', 'flow { log v for v in [1] { log v } }'));
    const [outer, inner] = targetsOf(result.model, 'v');
    expect(ast.isVar(outer)).toBe(true);
    expect(ast.isFor(inner)).toBe(true);
  });
});

describe('files and variants', () => {
  const base = game('param n = 1\n  var v: number = 0\n  kind K { a: number }', 'flow { log n log v }');

  it('loads a used file: its variants and scenarios see the game', async () => {
    const result = await check('use "base.strata"\nvariant V extends G { set n = 2 add proc q() { log v } }\nscenario "s" { expect v == 0 }', {
      'base.strata': base,
    });
    expect(messagesOf(result, 1)).toEqual([]);
    const variant = result.model.variants[0];
    expect(ast.isGame(variant?.base.ref)).toBe(true);
    expect(ast.isVar(targetsOf(result.model, 'v')[0])).toBe(true);
  });

  it('does not see a game that is not used', async () => {
    const result = await check('variant V extends G { }', { 'base.strata': base });
    expect(messagesOf(result, 1)).toContain(messages.unknownBase('G'));
  });

  it('sees what a variant adds and not what it removes', async () => {
    const result = await check(`${base}\nvariant V extends G { remove v add var w: number = 1 add proc q() { log w log v } }`);
    const errors = messagesOf(result, 1);
    expect(ast.isVar(targetsOf(result.model, 'w')[0])).toBe(true);
    expect(errors.some((e) => e.startsWith(messages.unknownName('v')))).toBe(true);
  });

  it('sees through a chain of variants, each with its own changes', async () => {
    const result = await check(
      `${base}\nvariant V1 extends G { add var w: number = 1 }\nvariant V2 extends V1 { add proc q() { log w log v } }`,
    );
    expect(messagesOf(result, 1)).toEqual([]);
    expect(ast.isVar(targetsOf(result.model, 'w')[0])).toBe(true);
    expect(ast.isVar(targetsOf(result.model, 'v')[1])).toBe(true);
  });

  it("types attributes by the variant's replaced kind", async () => {
    const result = await check(`${base}\nvariant V extends G { replace kind K { b: text } add proc q(k: K) { log k.b log k.a } }`);
    expect(messagesOf(result, 1)).toEqual([messages.unknownAttribute("Kind 'K'", 'a', 'b')]);
  });
});

describe('linking messages', () => {
  it('suggests a close name', async () => {
    const result = await check(game('var score: number = 0', 'flow { log scroe }'));
    expect(messagesOf(result, 1)).toEqual([messages.unknownName('scroe', 'score')]);
  });

  it('says what a name is when it has the wrong kind', async () => {
    const result = await check(game('var v: number = 0\n  zone z: v'));
    expect(messagesOf(result, 1)).toEqual([messages.wrongKindOfName('v', 'a variable', 'a kind')]);
  });

  it('names the board of an unknown space in a link', async () => {
    const result = await check(game('board B graph { space a space b link a - c }'));
    expect(messagesOf(result, 1)).toEqual([messages.unknownSpace('B', 'c', 'a')]);
  });

  it('says when a trigger names nothing known', async () => {
    const result = await check(game('trigger t after Nothing { }'));
    expect(messagesOf(result, 1)).toEqual([messages.unknownTriggerTarget('Nothing')]);
  });
});
