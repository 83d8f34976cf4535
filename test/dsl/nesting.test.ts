/**
 * Deep nesting (issue 14): parsing is linear in the depth of nested lists, nesting as deep as a
 * person writes checks and compiles, and anything past the documented limits is a located error,
 * never a thrown stack overflow or a parser left broken for the next file.
 */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { limits } from '../../dsl/src/syntax/strata-limits.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { Expr } from '../../interpreter/ir.js';
import { validateIR } from '../../schemas/validate.js';
import { Strata } from './helpers.js';

const inFlow = (statements: string): string => `game G {\n  players 2\n  flow { ${statements} }\n}\n`;
const compile = (text: string) => compileText([{ uri: 'deep.strata', text }]);
const errors = (r: Awaited<ReturnType<typeof compile>>) => r.diagnostics.filter((d) => d.severity === 'error');
const internal = (r: Awaited<ReturnType<typeof compile>>) => r.diagnostics.filter((d) => /internal|error occurred/i.test(d.message));

describe('nested lists', () => {
  it('parses 50 nested list literals (exponential before the grammar read `[ e` once)', () => {
    const result = Strata.parser.LangiumParser.parse(inFlow(`let x = ${'['.repeat(50)}1${']'.repeat(50)}`));
    expect(result.parserErrors).toEqual([]);
    // The innermost value is reached through 50 lists of one item each.
    let node: unknown = (result.value as { game?: { members: { body: { statements: { value: unknown }[] } }[] } }).game?.members[1]?.body.statements[0]?.value;
    let depth = 0;
    while ((node as { $type?: string }).$type === 'ListExpr') {
      const items = (node as { items: unknown[] }).items;
      expect(items).toHaveLength(1);
      node = items[0];
      depth++;
    }
    expect(depth).toBe(50);
    expect(node).toMatchObject({ $type: 'NumberLit', value: 1 });
  });

  it('still tells a comprehension from a list by what follows the first item', async () => {
    const r = await compile(inFlow('let a = [[1, 2], [x * 2 for x in [1, 2] where x > 1], []]\n log "${a}"'));
    expect(errors(r)).toEqual([]);
    const stmt = r.ir!.flow[0] as { k: string; value: Expr };
    expect(stmt.value).toMatchObject({ k: 'list', items: [{ k: 'list' }, { k: 'comp', name: 'x' }, { k: 'list', items: [] }] });
  });
});

describe('nesting a person writes compiles', () => {
  it('the deepest nesting the checker accepts also loads and plays (the IR depth limit of the interpreter is above it)', async () => {
    const r = await compile(inFlow(`let x = ${Array(limits.nesting - 20).fill('1').join(' + ')}\n log str(x)`));
    expect(errors(r)).toEqual([]);
    const s = newGame(loadGame(r.ir!), { players: 2, seed: 1 });
    expect(s.ok).toBe(true);
    if (s.ok) expect(s.value.log.map((e) => e.text)).toContain(String(limits.nesting - 20));
  });

  it('100 parentheses', async () => {
    const r = await compile(inFlow(`let x = ${'('.repeat(100)}1${')'.repeat(100)}\n log "${'{x}'}"`));
    expect(errors(r)).toEqual([]);
    expect(r.ir).toBeDefined();
  });

  it('a 200-term sum, with the terms in order', async () => {
    const r = await compile(inFlow(`let x = ${Array.from({ length: 200 }, (_, i) => i + 1).join(' + ')}`));
    expect(errors(r)).toEqual([]);
    // Left-associative: the rightmost term is the outermost right operand.
    let e = (r.ir!.flow[0] as { value: Expr }).value;
    let terms = 1;
    while (e.k === 'bin') {
      expect(e.b).toMatchObject({ k: 'lit', v: 201 - terms });
      e = e.a;
      terms++;
    }
    expect(terms).toBe(200);
  });

  it('the IR schema check sees a mistake deep inside a 200-term sum (it checks deep parts apart)', async () => {
    const r = await compile(inFlow(`let x = ${Array(200).fill('1').join(' + ')}`));
    expect(validateIR(r.ir)).toEqual({ valid: true });
    const broken = structuredClone(r.ir!);
    let e = (broken.flow[0] as { value: Expr }).value;
    while (e.k === 'bin' && e.a.k === 'bin') e = e.a;
    (e as unknown as { k: string }).k = 'bogus';
    const result = validateIR(broken);
    expect(result.valid).toBe(false);
    expect(JSON.stringify(result)).toContain('bogus');
  });

  it('a 200-deep else-if chain', async () => {
    const chain = Array.from({ length: 200 }, (_, i) => `if n == ${i} { log "a" } else `).join('');
    const r = await compile(inFlow(`let n = 3\n ${chain}{ log "b" }`));
    expect(errors(r)).toEqual([]);
    expect(r.ir).toBeDefined();
  });

  it('keeps precedence: `not` over a comparison, `*` over `+`, `and` over `or`', async () => {
    const r = await compile(inFlow('let x = not 1 + 2 * 3 == 7 or true and false'));
    const value = (r.ir!.flow[0] as { value: Expr }).value;
    expect(value).toMatchObject({
      k: 'bin', op: 'or',
      a: { k: 'un', op: 'not', x: { k: 'bin', op: '==', a: { k: 'bin', op: '+', b: { k: 'bin', op: '*' } } } },
      b: { k: 'bin', op: 'and' },
    });
  });
});

describe('past the limits: a located error, and the next file is fine', () => {
  const cases: [string, string, RegExp][] = [
    ['brackets', inFlow(`let x = ${'('.repeat(limits.brackets + 40)}1${')'.repeat(limits.brackets + 40)}`), /Brackets nest more than/],
    ['a long sum', inFlow(`let x = ${Array(limits.nesting + 200).fill('1').join(' + ')}`), /nests more than|too deeply/],
    ['a very long sum', inFlow(`let x = ${Array(20000).fill('1').join(' + ')}`), /too deeply|nests more than/],
    ['a long chain of not', inFlow(`let x = ${'not '.repeat(5000)}true`), /prefix operators/],
  ];
  for (const [name, text, message] of cases) {
    it(name, async () => {
      const r = await compile(text);
      expect(r.ir).toBeUndefined();
      const hit = r.diagnostics.find((d) => message.test(d.message));
      expect(hit, JSON.stringify(r.diagnostics)).toBeDefined();
      expect(hit!.line).toBe(3); // on the flow's line, not at the file's start
      expect(internal(r)).toEqual([]);
      const next = await compile(inFlow('log "fine"'));
      expect(next.diagnostics).toEqual([]);
      expect(next.ir).toBeDefined();
    });
  }
});

describe('runs of prefix operators', () => {
  const atDeclaration = (run: string): string => `game G {\n  players 2\n  var x: number = 1\n${run}\n  flow { x = x }\n}\n`;

  it('a line of 2,000 `-` signs is refused at the first one past the limit (the parser took 20 s on it)', async () => {
    const r = await compile(atDeclaration('-'.repeat(2000)));
    expect(errors(r)).toContainEqual(expect.objectContaining({ line: 4, col: limits.prefixRun + 1, message: expect.stringMatching(/More than 160 prefix operators/) }));
    expect(internal(r)).toEqual([]);
  });

  it('counts `not` and `-` together, across spaces and comments, but not `->` or a text', async () => {
    const notRun = await compile(inFlow(`let b = ${'not '.repeat(100)}${'- '.repeat(61)}1`));
    expect(errors(notRun)).toContainEqual(expect.objectContaining({ line: 3, message: expect.stringMatching(/prefix operators/) }));
    const fine = await compile(inFlow(`let a = - - 1 // ------------\n let t = "${'-'.repeat(500)}"\n let b = not not true\n log "{a} {t} {b}"`));
    expect(errors(fine)).toEqual([]);
  });

  it('a line of `-` signs is not hinted as `x += 1`', async () => {
    const r = await compile(atDeclaration('-'.repeat(20)));
    expect(errors(r)[0]?.message).not.toMatch(/\+= 1/);
  });
});
