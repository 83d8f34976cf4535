/**
 * The parser's ALL(*) lookahead (strata-lookahead.ts) against chevrotain-allstar's, which it is
 * rewritten from: the same trees (with the same source ranges) and the same syntax errors on every
 * ruleset, example, bench game and bad input, on prefixes of games (decisions cut off by the end of
 * the input) and on games with a piece cut out (error recovery, which predicts again and again).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LLStarLookaheadStrategy } from 'chevrotain-allstar';
import { EmptyFileSystem, type LangiumParser } from 'langium';
import { describe, expect, it } from 'vitest';
import { createStrataServices } from '../../dsl/src/strata-module.js';
import { StrataLookaheadStrategy } from '../../dsl/src/syntax/strata-lookahead.js';
import { StrataParser } from '../../dsl/src/syntax/strata-parser.js';
import { buildStrataParser } from '../../dsl/src/syntax/strata-parser-builder.js';
import { Strata } from './helpers.js';
import { parsesAsReference, prefixesOf, root, ruleFiles, writtenParse } from './parse-compare.js';

const files = ruleFiles;

/** Strata's parser with chevrotain-allstar's lookahead, as Langium sets it up. */
const allstars: LangiumParser = (() => {
  const services = createStrataServices(EmptyFileSystem).Strata;
  const parser = new StrataParser(services);
  (parser as unknown as { wrapper: { lookaheadStrategy: unknown } }).wrapper.lookaheadStrategy = new LLStarLookaheadStrategy({ logging: () => {} });
  buildStrataParser(services.Grammar, parser, services.parser.Lexer.definition);
  parser.finalize();
  return parser;
})();

const written = writtenParse;

describe("the parser's lookahead", () => {
  it('is strata-lookahead.ts in the services, and the reference is not', () => {
    const strategy = (parser: LangiumParser): unknown => (parser as unknown as { wrapper: { lookaheadStrategy: unknown } }).wrapper.lookaheadStrategy;
    expect(strategy(Strata.parser.LangiumParser)).toBeInstanceOf(StrataLookaheadStrategy);
    expect(strategy(allstars)).not.toBeInstanceOf(StrataLookaheadStrategy);
  });

  it.each(files)("parses %s as chevrotain-allstar's does", (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const ours = written(text, Strata.parser.LangiumParser);
    expect(ours.length).toBeGreaterThan(100);
    expect(ours).toBe(written(text, allstars));
  });

  it.each(['bench/games/card-race.strata', 'examples/goofspiel.strata'])('on every prefix of %s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect(parsesAsReference(prefixesOf(text, 37), Strata.parser.LangiumParser, allstars)).toBeGreaterThan(20);
  });

  it.each(['rulesets/four-species.strata', 'examples/hearts.strata'])('on %s with a piece cut out here and there', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const cuts: string[] = [];
    for (let at = 0; at < text.length; at += 397) for (const length of [1, 40]) cuts.push(text.slice(0, at) + text.slice(at + length));
    expect(parsesAsReference(cuts, Strata.parser.LangiumParser, allstars)).toBeGreaterThan(30);
  });
});
