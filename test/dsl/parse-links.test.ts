/**
 * The parser links every AST node to its container as it places it (strata-parser.ts `assign`), and
 * `linkContainers` (a parser with Langium's `assign`) after the parse, not Langium's
 * `linkContentToContainer`: the same container, property and index for every node, on every
 * ruleset, example, bench game and bad input; the nesting check's answer found while parsing is
 * the one the walk finds. The parser gives nodes their default values
 * from metadata listing only the properties that have one, and merges a node into the result of a
 * rule call without Langium's `Object.entries`: the same nodes, properties in the same order, as
 * Langium's own code gives. And the compiler's locations read a node's start from
 * its first leaf (`startOf`), which must be where Langium's `range` starts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AstUtils, CstNodeBuilder, EmptyFileSystem, isAstNode, isCompositeCstNode, type AstNode, type CstNode, type LangiumParser } from 'langium';
import { describe, expect, it } from 'vitest';
import { startOf } from '../../dsl/src/compiler/context.js';
import { createStrataServices } from '../../dsl/src/strata-module.js';
import { knownNestedPastLimit, linkContainers, StrataParser } from '../../dsl/src/syntax/strata-parser.js';
import { limits } from '../../dsl/src/syntax/strata-limits.js';
import { buildStrataParser } from '../../dsl/src/syntax/strata-parser-builder.js';
import { Strata } from './helpers.js';
import { root, ruleFiles } from './parse-compare.js';

const files = ruleFiles;

type Linked = { $container?: AstNode; $containerProperty?: string; $containerIndex?: number };

/** Every node below `top` (and `top`) in a fixed order, by walking properties, not the links under test. */
function nodesOf(top: AstNode): AstNode[] {
  const out: AstNode[] = [];
  const visit = (node: AstNode): void => {
    out.push(node);
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('$')) continue;
      for (const item of Array.isArray(value) ? value : [value]) if (isAstNode(item)) visit(item);
    }
  };
  visit(top);
  return out;
}

/** Each node's links as an index into `nodes`, the property and the list index. */
function links(nodes: AstNode[]): string[] {
  const index = new Map(nodes.map((n, i) => [n, i]));
  return nodes.map((n) => {
    const l = n as Linked;
    return `${l.$container ? index.get(l.$container) : '-'} ${l.$containerProperty ?? '-'} ${l.$containerIndex ?? '-'}`;
  });
}

function unlink(nodes: AstNode[]): void {
  for (const n of nodes.slice(1)) {
    const l = n as Linked;
    delete l.$container;
    delete l.$containerProperty;
    delete l.$containerIndex;
  }
}

describe('linkContainers', () => {
  it.each(files)('links %s as Langium does, while parsing and after', (file) => {
    const model = Strata.parser.LangiumParser.parse<AstNode>(readFileSync(join(root, file), 'utf8')).value;
    const nodes = nodesOf(model);
    expect(nodes.length).toBeGreaterThan(1);
    const whileParsing = links(nodes);
    unlink(nodes);
    AstUtils.linkContentToContainer(model, { deep: true });
    const langiums = links(nodes);
    expect(langiums.filter((l) => l.startsWith('-'))).toHaveLength(1);
    expect(whileParsing).toEqual(langiums);
    unlink(nodes);
    linkContainers(model);
    expect(links(nodes)).toEqual(langiums);
  });
});

describe('the nesting check found while parsing', () => {
  const inFlow = (statements: string): string => `game G {\n  players 2\n  flow { ${statements} }\n}\n`;
  /** Texts nesting about as deep as the limit, in the ways a tree grows deep (a loop of operators, `else if`, prefixes, brackets, blocks). */
  const deep = (n: number): string[] => [
    inFlow(`let x = ${Array(n).fill('1').join(' + ')}`),
    inFlow(`let x = ${Array(n).fill('1').join(' * ')} - 2`),
    inFlow(`${Array.from({ length: n >> 1 }, (_, i) => `if ${i} > 0 { log "a" } else `).join('')}{ log "b" }`),
    inFlow(`let x = ${'not '.repeat(Math.min(n >> 1, limits.prefixRun))}${'('.repeat(Math.min(n >> 2, limits.brackets))}true${')'.repeat(Math.min(n >> 2, limits.brackets))}`),
    inFlow(`${'repeat 2 { '.repeat(Math.min(n >> 2, limits.brackets))}log "a"${' }'.repeat(Math.min(n >> 2, limits.brackets))}`),
  ];
  const texts = [
    ...files.map((f) => readFileSync(join(root, f), 'utf8')),
    ...[limits.nesting - 60, limits.nesting - 4, limits.nesting - 1, limits.nesting, limits.nesting + 1, limits.nesting + 2, limits.nesting + 40].flatMap(deep),
  ];

  it('is the walk\'s answer on every rule file and on texts nesting around the limit', () => {
    let past = 0;
    for (const text of texts) {
      const model = Strata.parser.LangiumParser.parse<AstNode>(text).value;
      const known = knownNestedPastLimit(model);
      const walked = linkContainers(model, 0, limits.nesting) ?? null;
      expect(known).toBe(walked);
      if (walked) past++;
    }
    // Some texts nest past the limit, most do not.
    expect(past).toBeGreaterThan(2);
    expect(past).toBeLessThan(texts.length / 2);
  });
});

describe('startOf', () => {
  it.each(files)('gives the start of every node of %s as its range does', (file) => {
    const model = Strata.parser.LangiumParser.parse<AstNode>(readFileSync(join(root, file), 'utf8')).value;
    const nodes = nodesOf(model);
    const ours = nodes.map((n) => startOf(n.$cstNode));
    expect(ours.filter((s) => s && s.line > 0).length).toBeGreaterThan(0);
    expect(ours).toEqual(nodes.map((n) => n.$cstNode?.range.start));
  });
});

describe('nodes built', () => {
  /** Strata's parser with Langium's own merge, `construct` (every property of a type), `getAssignment`, `assign`, `extractHiddenTokens` and CST builder. */
  const withWholeReflection: LangiumParser = (() => {
    const services = createStrataServices(EmptyFileSystem).Strata;
    const parser = new StrataParser(services);
    // Strata's merge is the parser's own property, over Langium's method.
    expect(Object.hasOwn(parser, 'assignWithoutOverride')).toBe(true);
    delete (parser as unknown as { assignWithoutOverride?: unknown }).assignWithoutOverride;
    // So are its `construct` and `getAssignment`.
    delete (parser as unknown as { construct?: unknown }).construct;
    delete (parser as unknown as { getAssignment?: unknown }).getAssignment;
    expect(Object.hasOwn(parser, 'assign')).toBe(true);
    delete (parser as unknown as { assign?: unknown }).assign;
    expect(Object.hasOwn(parser, 'extractHiddenTokens')).toBe(true);
    delete (parser as unknown as { extractHiddenTokens?: unknown }).extractHiddenTokens;
    (parser as unknown as { nodeBuilder: CstNodeBuilder }).nodeBuilder = new CstNodeBuilder();
    buildStrataParser(services.Grammar, parser, services.parser.Lexer.definition);
    parser.finalize();
    return parser;
  })();
  /** Every node's properties in order (containers by type), written out. */
  const written = (parser: LangiumParser, text: string): string =>
    JSON.stringify(parser.parse<AstNode>(text).value, (key, value: unknown) => {
      if (key === '$cstNode') return undefined;
      if (key === '$container') return (value as AstNode | undefined)?.$type;
      if (value && typeof value === 'object' && '$refText' in value) return `ref ${String((value as { $refText: string }).$refText)}`;
      return value;
    });

  /** The syntax tree written out: every node's kind, grammar element, text span, and the AST node it stands for. */
  const writtenCst = (parser: LangiumParser, text: string): string => {
    const lines: string[] = [];
    const visit = (node: CstNode, depth: number): void => {
      const grammar = node.grammarSource ? `${node.grammarSource.$type} ${node.grammarSource.$cstNode?.offset ?? '-'}` : '-';
      const own = isCompositeCstNode(node) && node.astNode.$cstNode === node ? ` ${node.astNode.$type}` : '';
      lines.push(`${depth} ${isCompositeCstNode(node) ? `C${node.content.length}` : 'L'} ${node.offset}+${node.length} ${node.hidden} ${grammar}${own}`);
      if (isCompositeCstNode(node)) for (const child of node.content) visit(child, depth + 1);
    };
    visit(parser.parse<AstNode>(text).value.$cstNode!, 0);
    return lines.join('\n');
  };

  it.each(files)("are Langium's in %s", (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const ours = written(Strata.parser.LangiumParser, text);
    expect(ours).toContain('[]');
    expect(ours).toBe(written(withWholeReflection, text));
    const cst = writtenCst(Strata.parser.LangiumParser, text);
    expect(cst).toContain(' C1 ');
    expect(cst).toBe(writtenCst(withWholeReflection, text));
  });
});
