/**
 * Shared by the tests that compare Strata's parser with a reference one (parser-builder,
 * lookahead, parse-links): the rule files they parse, and a parse written out for comparison.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AstNode, LangiumParser } from 'langium';
import { expect } from 'vitest';

export const root = join(import.meta.dirname, '../..');

const inDir = (dir: string): string[] =>
  readdirSync(join(root, dir))
    .filter((f) => f.endsWith('.strata'))
    .sort()
    .map((f) => join(dir, f));

/** Every ruleset, example, bench game and bad input, relative to the root. */
export const ruleFiles = [...inDir('rulesets'), ...inDir('examples'), ...inDir('bench/games'), ...inDir('test/fixtures/bad-inputs')];

/** A parse written out: every node's type, properties and CST range; references by their text. */
export function writtenParse(text: string, parser: LangiumParser): string {
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

/**
 * Expects `ours` to parse every one of `texts` (prefixes of a game, games with a piece cut out)
 * as `reference` does; the number of those with a syntax error, which the caller expects many of.
 */
export function parsesAsReference(texts: string[], ours: LangiumParser, reference: LangiumParser): number {
  let errors = 0;
  for (const text of texts) {
    const written = writtenParse(text, ours);
    if (written.includes('\n')) errors++;
    expect(written).toBe(writtenParse(text, reference));
  }
  return errors;
}

/** The prefixes of `text` that end every `step` characters, the empty one first. */
export function prefixesOf(text: string, step: number): string[] {
  const prefixes: string[] = [];
  for (let end = 0; end <= text.length; end += step) prefixes.push(text.slice(0, end));
  return prefixes;
}
