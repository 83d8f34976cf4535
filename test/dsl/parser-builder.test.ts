/**
 * The parser built by strata-parser-builder.ts against the one Langium's `createParser` builds
 * from the same grammar: the same trees (with the same source ranges) and the same syntax errors,
 * on every ruleset, example, bench game and bad input, and on every prefix of a game (error recovery).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { EmptyFileSystem, createParser, type AstNode, type LangiumParser } from 'langium';
import { describe, expect, it } from 'vitest';
import { createStrataServices } from '../../dsl/src/strata-module.js';
import { StrataParser } from '../../dsl/src/syntax/strata-parser.js';
import { buildsOwnRules } from '../../dsl/src/syntax/strata-parser-builder.js';
import { Strata } from './helpers.js';

const root = join(import.meta.dirname, '../..');
const inDir = (dir: string): string[] =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.strata'))
    .sort()
    .map((f) => join(dir, f));
const files = [...inDir('rulesets'), ...inDir('examples'), ...inDir('bench/games'), ...inDir('test/fixtures/bad-inputs')];

const langiums: LangiumParser = (() => {
  const services = createStrataServices(EmptyFileSystem).Strata;
  const parser = createParser(services.Grammar, new StrataParser(services), services.parser.Lexer.definition);
  parser.finalize();
  return parser;
})();

/** A parse written out: every node's type, properties and CST range; references by their text. */
function written(text: string, parser: LangiumParser): string {
  const result = parser.parse<AstNode>(text);
  const at = (node: AstNode): string => {
    const c = node.$cstNode;
    return c ? `${c.offset}+${c.length}` : '-';
  };
  const tree = JSON.stringify(result.value, function (this: unknown, key, value: unknown) {
    if (key === '$cstNode' && value) return at(this as AstNode);
    if (key.startsWith('$') && key !== '$type' && key !== '$cstNode') return undefined;
    if (value && typeof value === 'object' && '$refText' in value) return `ref ${String((value as { $refText: string }).$refText)}`;
    return value;
  });
  const errors = result.parserErrors.map((e) => `${e.name} ${e.message} @${e.token.startOffset}`);
  const lexing = result.lexerErrors.map((e) => `${e.message} @${e.offset}`);
  return [tree, ...errors, ...lexing].join('\n');
}

describe('the parser builder', () => {
  it("builds Strata's grammar itself (not through Langium's builder)", () => {
    expect(buildsOwnRules(Strata.Grammar)).toBe(true);
  });

  it.each(files)('parses %s as Langium-built rules do', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const ours = written(text, Strata.parser.LangiumParser);
    expect(ours.length).toBeGreaterThan(100);
    expect(ours).toBe(written(text, langiums));
  });

  it('recovers from errors as Langium-built rules do, on every prefix of a game', () => {
    const text = readFileSync(join(root, 'bench/games/card-race.strata'), 'utf8');
    let errors = 0;
    for (let end = 0; end <= text.length; end += 29) {
      const prefix = text.slice(0, end);
      const ours = written(prefix, Strata.parser.LangiumParser);
      if (ours.includes('\n')) errors++;
      expect(ours).toBe(written(prefix, langiums));
    }
    expect(errors).toBeGreaterThan(20);
  });
});
