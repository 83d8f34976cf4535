import { readFileSync } from 'node:fs';
import { AstUtils } from 'langium';
import { describe, expect, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { LIBRARY_TEXT } from '../../dsl/src/library-text.js';
import { Strata, check } from './helpers.js';

function parse(text: string): { model: ast.Model; errors: string[] } {
  const result = Strata.parser.LangiumParser.parse<ast.Model>(text);
  return { model: result.value, errors: [...result.lexerErrors, ...result.parserErrors].map((e) => e.message) };
}

function types(root: ast.Model): Set<string> {
  return new Set(AstUtils.streamAst(root).map((n) => n.$type).toArray());
}

/** Statements inside one flow; the expected AST type of each. */
const statements: [string, string][] = [
  ['let n = 1', 'Let'],
  ['let c = choose c in [1, 2] by playerAt(1)', 'Choose'],
  ['let f = roll D', 'Roll'],
  ['if true { } else if false { } else { }', 'If'],
  ['for x in [1] { }', 'For'],
  ['repeat 2 as i { }', 'Repeat'],
  ['while false { }', 'While'],
  ['move 1 from Z to Z bottom', 'Move'],
  ['create 2 K { a: 1 } in Z', 'Create'],
  ['shuffle Z', 'Shuffle'],
  ['roll D', 'Roll'],
  ['choose c in [1] by playerAt(1) where c > 0 label str(c) prompt "pick" or "pass" secret', 'Choose'],
  ['play playerAt(1) from [A] or "done" as a', 'Play'],
  ['phase Collect of playerAt(1) { }', 'Named'],
  ['simultaneous p in players { }', 'Simultaneous'],
  ['end game', 'EndGame'],
  ['log "x"', 'Log'],
  ['fail "no"', 'Fail'],
  ['reveal(first(pieces(Z)))', 'Reveal'],
  ['reveal pieces(Z) to p', 'Reveal'],
  ['hide pieces(Z)', 'Hide'],
  ['v = 2', 'Assign'],
];

/** Expressions as a param value; the expected AST type of the value. */
const expressions: [string, string][] = [
  ['(a) -> a', 'LambdaExpr'],
  ['if true then 1 else 2', 'IfExpr'],
  ['1 + 2 * 3', 'BinaryExpr'],
  ['not true', 'UnaryExpr'],
  ['-1', 'UnaryExpr'],
  ['[1, 2].x', 'MemberExpr'],
  ['[1, 2][0]', 'IndexExpr'],
  ['1.5', 'NumberLit'],
  ['"t"', 'TextLit'],
  ['false', 'BoolLit'],
  ['none', 'NoneLit'],
  ['[1, 2,]', 'ListExpr'],
  ['[x for x in [1] where x > 0]', 'Comprehension'],
  ['{ a: 1, b: 2 }', 'RecordExpr'],
  ['match 2 { 2 => 8, _ => 6 }', 'MatchExpr'],
  ['argmax x in [1] where x > 0 of x', 'Quantifier'],
  ['len([])', 'CallExpr'],
  ['players', 'Ref'],
];

describe('parsing', () => {
  it('parses the sample game with every declaration, board shape, variant and scenario', () => {
    const { model, errors } = parse(readFileSync(new URL('./fixtures/sample.strata', import.meta.url), 'utf8'));
    expect(errors).toEqual([]);
    const seen = types(model);
    for (const t of ['Players', 'Param', 'Enum', 'Kind', 'Zone', 'Board', 'Die', 'Var', 'Fn', 'Proc', 'Action', 'Trigger', 'Setup', 'Flow', 'Ranking']) {
      expect(seen, t).toContain(t);
    }
    for (const t of ['GraphShape', 'SquareShape', 'HexShape', 'TrackShape', 'Space', 'Link', 'Defaults', 'ResetClause', 'Requirement']) {
      expect(seen, t).toContain(t);
    }
    for (const t of ['Variant', 'SetParam', 'Replace', 'Add', 'Remove', 'Scenario', 'ScenarioPlayers', 'ScenarioSeed', 'ScenarioDo', 'ScenarioChoose', 'ScenarioExpect', 'ScenarioReject', 'ScenarioRun']) {
      expect(seen, t).toContain(t);
    }
    expect(model.game?.name).toBe('Race');
    expect(model.game?.title).toBe('A Race');
    expect(model.variants.map((v) => v.name)).toEqual(['Short', 'Shorter']);
  });

  it('parses the built-in library', () => {
    const { model, errors } = parse(LIBRARY_TEXT);
    expect(errors).toEqual([]);
    expect(model.builtins.length).toBeGreaterThan(50);
    expect(model.builtins.find((b) => b.name === 'next')?.params.map((p) => p.name)).toEqual(['p']);
  });

  it.each(statements)('parses the statement `%s`', (statement, type) => {
    const { model, errors } = parse(`game G { flow { ${statement} } }`);
    expect(errors).toEqual([]);
    const flow = model.game?.members.find(ast.isFlow);
    const first = flow?.body.statements[0];
    const node = first && ast.isLet(first) && type !== 'Let' ? first.value : first;
    expect(node?.$type).toBe(type);
  });

  it.each(expressions)('parses the expression `%s`', (expression, type) => {
    const { model, errors } = parse(`game G { param x = ${expression} }`);
    expect(errors).toEqual([]);
    const param = model.game?.members.find(ast.isParam);
    expect(param?.value.$type).toBe(type);
  });

  it('gives operators their usual precedence', () => {
    const { model } = parse('game G { param x = 1 + 2 * 3 == 7 and not false or true }');
    const value = model.game?.members.find(ast.isParam)?.value;
    expect(ast.isBinaryExpr(value) && value.op).toBe('or');
    const and = ast.isBinaryExpr(value) ? value.left : undefined;
    expect(ast.isBinaryExpr(and) && and.op).toBe('and');
    const equals = ast.isBinaryExpr(and) ? and.left : undefined;
    expect(ast.isBinaryExpr(equals) && equals.op).toBe('==');
    const sum = ast.isBinaryExpr(equals) ? equals.left : undefined;
    expect(ast.isBinaryExpr(sum) && sum.op).toBe('+');
    expect(ast.isBinaryExpr(sum) && ast.isBinaryExpr(sum.right) && sum.right.op).toBe('*');
  });

  it('reads hex positions, negative numbers and decimals', () => {
    const { model, errors } = parse('game G { board H hex radius 2 { space c at -1, 2 } param x = 2.25 }');
    expect(errors).toEqual([]);
    const space = AstUtils.streamAst(model).find(ast.isSpace);
    expect([space?.q, space?.r]).toEqual([-1, 2]);
    const value = model.game?.members.find(ast.isParam)?.value;
    expect(ast.isNumberLit(value) && value.value).toBe(2.25);
  });

  it('lets names reuse soft keywords', () => {
    const { errors } = parse('game G { var round: number = 0 param top = 1 zone kind }');
    expect(errors).toEqual([]);
  });

  it('replaces a named flow block in a variant', () => {
    const { model, errors } = parse('variant V extends G { replace phase Collect { log "x" } }');
    expect(errors).toEqual([]);
    const replace = model.variants[0]?.changes[0];
    expect(ast.isReplace(replace) && replace.block?.name).toBe('Collect');
  });
});

describe('syntax errors', () => {
  it('names the expected token and what was found', async () => {
    const result = await check('game G { players 2 flow { let = 3 } }');
    expect(result.diagnostics[0]?.message).toBe(messages.syntaxExpected(['a name'], "'='"));
  });

  it('says when a value is expected', async () => {
    const result = await check('game G { players 2 flow { move } }');
    expect(result.diagnostics[0]?.message).toBe(messages.syntaxExpected(['a value'], "'}'"));
  });

  it('lists the few tokens that would do', async () => {
    const result = await check('game G { players 2 flow { 42 } }');
    expect(result.diagnostics[0]?.message).toBe(messages.syntaxExpected(["'='", "'+='", "'-='"], "'}'"));
  });

  it('reports the end of the file as such', async () => {
    const result = await check('game G { players 2');
    expect(result.diagnostics[0]?.message).toMatch(/but found the end of the file\. The `{` on line 1 is never closed\.$/);
  });

  it('reports text after the end', async () => {
    const result = await check('game G { players 2 } }');
    expect(result.diagnostics[0]?.message).toBe(messages.syntaxAfterEnd("'}'"));
  });

  it('reports characters outside the language', async () => {
    const result = await check('game G { players 2 § }');
    expect(result.diagnostics[0]?.message).toBe(messages.syntaxBadCharacter('§'));
  });
});
