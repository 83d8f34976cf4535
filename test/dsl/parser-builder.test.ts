/**
 * The parser built by strata-parser-builder.ts against the one Langium's `createParser` builds
 * from the same grammar: the same trees (with the same source ranges) and the same syntax errors,
 * on every ruleset, example, bench game and bad input, and on every prefix of a game (error recovery).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EmptyFileSystem, createParser, type LangiumParser } from 'langium';
import { describe, expect, it } from 'vitest';
import { createStrataServices } from '../../dsl/src/strata-module.js';
import { StrataParser } from '../../dsl/src/syntax/strata-parser.js';
import { buildsOwnRules } from '../../dsl/src/syntax/strata-parser-builder.js';
import { Strata } from './helpers.js';
import { parsesAsReference, prefixesOf, root, ruleFiles, writtenParse } from './parse-compare.js';

const files = ruleFiles;

const langiums: LangiumParser = (() => {
  const services = createStrataServices(EmptyFileSystem).Strata;
  const parser = createParser(services.Grammar, new StrataParser(services), services.parser.Lexer.definition);
  parser.finalize();
  return parser;
})();

const written = writtenParse;

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
    expect(parsesAsReference(prefixesOf(text, 29), Strata.parser.LangiumParser, langiums)).toBeGreaterThan(20);
  });
});
