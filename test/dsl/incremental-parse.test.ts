/**
 * The editor's incremental parse (dsl/src/syntax/strata-incremental-parse.ts) against a whole
 * parse: on random edits of every bundled ruleset, typed one after another into the same document
 * as the language server receives them, the tree spliced in place must be the whole parse's (every
 * AST node's type, properties, container and CST range; every CST node's range, grammar element,
 * token and text; references by text and place), and the document's diagnostics the same, with
 * the same positions. Also: the references index the server makes after a build (when idle) is
 * complete when asked before then (dsl/src/language-server/deferred-reference-index.ts).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { AstUtils, EmptyFileSystem, TextDocument, URI, isAstNode, isReference, type AstNode, type CstNode, type LangiumDocument, type ParseResult } from 'langium';
import { describe, expect, it } from 'vitest';
import { createStrataLspServices } from '../../dsl/src/language-server/strata-lsp-module.js';
import { StrataParser } from '../../dsl/src/syntax/strata-parser.js';

const rulesets = join(import.meta.dirname, '../../rulesets');
const files = readdirSync(rulesets).filter((f) => f.endsWith('.strata')).sort();

/** A seeded generator (no Math.random: a failure must be reproducible). */
function generator(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

/** What may be typed: mostly letters and digits inside words, but also what breaks structure. */
const typed = ['X', 'y', 'e', '1', '0', '_', ' ', '\n', '(', ')', '{', '}', '[', ']', '"', '/', '*', ',', '.', '+', '-', '=', '<', '//', '/*', '*/', 'if ', 'let ', 'param ', 'not ', 'and '];

interface Edit {
  at: number;
  remove: number;
  insert: string;
}

function randomEdit(text: string, random: () => number): Edit {
  const word = random() < 0.6;
  let at = Math.floor(random() * text.length);
  if (word) {
    // Inside a word, where most typing happens.
    while (at < text.length && !/\w/.test(text[at]!)) at++;
    const insert = random() < 0.7 ? typed[Math.floor(random() * 5)]! : '';
    return { at, remove: insert === '' || random() < 0.3 ? 1 : 0, insert };
  }
  return { at, remove: random() < 0.4 ? Math.floor(random() * 4) : 0, insert: random() < 0.8 ? typed[Math.floor(random() * typed.length)]! : '' };
}

const apply = (text: string, e: Edit): string => text.slice(0, e.at) + e.insert + text.slice(e.at + e.remove);

/** Grammar elements and token types are the parser's own objects: compared by identity. */
const ids = new Map<unknown, number>();
const idOf = (o: unknown): number => {
  if (o === undefined || o === null) return -1;
  if (!ids.has(o)) ids.set(o, ids.size);
  return ids.get(o)!;
};

function cstWritten(n: CstNode): unknown {
  const r = n.range;
  const own = [n.offset, n.end, r.start.line, r.start.character, r.end.line, r.end.character, n.hidden, idOf(n.grammarSource)];
  if ('content' in n) return [...own, idOf(n.astNode), (n as CstNode & { content: CstNode[] }).content.map(cstWritten)];
  return [...own, idOf((n as CstNode & { tokenType: unknown }).tokenType), n.text];
}

function astWritten(n: AstNode, path: string): unknown {
  // AST nodes are told apart by their path (a spliced tree and a whole parse share no objects).
  ids.set(n, -1000 - ids.size);
  const out: Record<string, unknown> = {
    $type: n.$type,
    at: n.$cstNode ? [n.$cstNode.offset, n.$cstNode.end] : null,
    in: [n.$containerProperty, n.$containerIndex],
  };
  for (const [key, value] of Object.entries(n)) {
    if (key.startsWith('$')) continue;
    const one = (x: unknown, i?: number): unknown => {
      if (isAstNode(x)) return x.$container === n ? astWritten(x, `${path}/${key}${i ?? ''}`) : 'wrong container';
      if (isReference(x)) return ['ref', x.$refText, x.$refNode?.offset, x.$refNode?.end];
      return x;
    };
    out[key] = Array.isArray(value) ? value.map(one) : one(value);
  }
  return out;
}

/** A parse written out; AST nodes are numbered in the order met, so both trees number alike. */
function written(result: ParseResult): string {
  ids.clear();
  const ast = astWritten(result.value, '');
  // The CST's AST links are read after the AST has numbered its nodes in order.
  const order = new Map<unknown, number>();
  let k = 0;
  const number = (n: AstNode): void => {
    order.set(n, k++);
    for (const [key, value] of Object.entries(n)) {
      if (key.startsWith('$')) continue;
      for (const x of Array.isArray(value) ? value : [value]) if (isAstNode(x) && x.$container === n) number(x);
    }
  };
  number(result.value);
  for (const [node, i] of order) ids.set(node, -1 - i);
  const root = result.value.$cstNode!;
  return JSON.stringify({
    ast,
    cst: cstWritten(root),
    text: root.root.fullText,
    lexer: result.lexerErrors.length,
    parser: result.parserErrors.map((e) => [e.message, e.token.startOffset]),
  });
}

function diagnosticsWritten(document: LangiumDocument): string {
  return JSON.stringify((document.diagnostics ?? []).map((d) => [d.severity, d.message, d.range, d.code ?? null]));
}

/** The language server's services, as the editor's worker has them (documents kept between edits). */
function server() {
  const { shared } = createStrataLspServices({ ...EmptyFileSystem });
  const parser = shared.ServiceRegistry.all[0]!.parser.LangiumParser as StrataParser;
  let reused = 0;
  const reparse = parser.reparse.bind(parser);
  parser.reparse = (old, input) => {
    const result = reparse(old, input);
    if (result) reused++;
    return result;
  };
  let version = 0;
  return {
    shared,
    reused: () => reused,
    hasSyntaxErrors(uri: string): boolean {
      const r = shared.workspace.LangiumDocuments.getDocument(URI.parse(uri))?.parseResult;
      return !!r && (r.lexerErrors.length > 0 || r.parserErrors.length > 0);
    },
    /** The document at `uri` with `text`: an edit of the one there, or, with `fresh`, a new one. */
    async set(uri: string, text: string, fresh = false): Promise<LangiumDocument> {
      const u = URI.parse(uri);
      if (fresh && shared.workspace.LangiumDocuments.hasDocument(u)) shared.workspace.LangiumDocuments.deleteDocument(u);
      shared.workspace.TextDocuments!.set(TextDocument.create(uri, 'strata', ++version, text));
      await shared.workspace.DocumentBuilder.update([u], []);
      return shared.workspace.LangiumDocuments.getDocument(u)!;
    },
  };
}

/** One step of typing: most typing happens in a file that parses, so after a syntax error mostly back to the shipped text. */
function nextText(text: string, original: string, broken: boolean, random: () => number): string {
  return (broken && random() < 0.7) || random() < 0.05 ? original : apply(text, randomEdit(text, random));
}

/** Edits per ruleset: compared as trees (a parse each), and as diagnostics (two builds each). */
const treeEdits = 30;
const buildEdits = 6;

describe('incremental parsing in the language server', () => {
  it('gives the trees of a whole parse on random edits of every ruleset', () => {
    const { Strata } = createStrataLspServices({ ...EmptyFileSystem });
    const parser = Strata.parser.LangiumParser as StrataParser;
    let edits = 0;
    let spliced = 0;
    for (const [n, file] of files.entries()) {
      const original = readFileSync(join(rulesets, file), 'utf8');
      const random = generator(100 + n);
      let text = original;
      let current = parser.parse(text);
      for (let i = 0; i < treeEdits; i++) {
        const broken = current.lexerErrors.length > 0 || current.parserErrors.length > 0;
        text = nextText(text, original, broken, random);
        const whole = parser.parse(text);
        const reparsed = parser.reparse(current, text);
        edits++;
        if (reparsed) {
          spliced++;
          expect(written(reparsed), `${file}, edit ${i}`).toBe(written(whole));
        }
        current = reparsed ?? whole;
      }
    }
    // About spliced trees only if many edits took the incremental path.
    expect(edits).toBe(files.length * treeEdits);
    expect(spliced).toBeGreaterThan(edits / 3);
  });

  it('gives the diagnostics of a whole build, with their positions, as the server rebuilds after each edit', async () => {
    const editing = server();
    const whole = server();
    let edits = 0;
    for (const [n, file] of files.entries()) {
      const uri = `file:///rulesets/${file}`;
      const original = readFileSync(join(rulesets, file), 'utf8');
      const random = generator(n + 1);
      let text = original;
      await editing.set(uri, text);
      for (let i = 0; i < buildEdits; i++) {
        text = nextText(text, original, editing.hasSyntaxErrors(uri), random);
        const edited = await editing.set(uri, text);
        const fresh = await whole.set(uri, text, true);
        edits++;
        expect(written(edited.parseResult), `${file}, edit ${i}`).toBe(written(fresh.parseResult));
        expect(diagnosticsWritten(edited), `${file}, edit ${i}`).toBe(diagnosticsWritten(fresh));
      }
    }
    expect(edits).toBe(files.length * buildEdits);
    expect(editing.reused()).toBeGreaterThan(edits / 3);
  });

  it('answers "who refers to this?" right after a build, before its references are indexed', async () => {
    const editing = server();
    const uri = `file:///rulesets/${files[0]}`;
    const document = await editing.set(uri, readFileSync(join(rulesets, files[0]!), 'utf8'));
    // Asked at once (the index is made when the worker is idle, after the diagnostics went out).
    const index = editing.shared.workspace.IndexManager;
    const targets = new Map<AstNode, number>();
    for (const reference of document.references) {
      const target = 'ref' in reference ? reference.ref : undefined;
      if (target && !reference.error) targets.set(target, (targets.get(target) ?? 0) + 1);
    }
    expect(targets.size).toBeGreaterThan(50);
    const locator = editing.shared.ServiceRegistry.all[0]!.workspace.AstNodeLocator;
    for (const [target, count] of targets) {
      if (target.$document !== undefined || AstUtils.getDocument(target) !== document) continue;
      expect(index.findAllReferences(target, locator.getAstNodePath(target)).count()).toBe(count);
    }
  });

  it('keeps parsing whole what it cannot splice exactly', () => {
    const { Strata } = createStrataLspServices({ ...EmptyFileSystem });
    const parser = Strata.parser.LangiumParser as StrataParser;
    const text = 'game G {\n    players 2\n    param a = 1 + 2\n    param b = 2\n}\n';
    const old = parser.parse(text);
    // Inside one declaration: spliced.
    expect(parser.reparse(old, text.replace('1 + 2', '1 + 32'))).toBeDefined();
    const again = parser.parse(text);
    // Across two declarations, in a declaration's first token or at its last character, or opening
    // a comment or text that swallows the rest: a whole parse.
    for (const changed of [
      text.replace('2\n    param b', '2 + param b'),
      text.replace('param a', 'Xparam a'),
      text.replace('param a = 1', 'paramX a = 1'),
      text.replace('1 + 2', '1 + 2 +'),
      text.replace('1 + 2', '/* 1 + 2'),
      text.replace('1 + 2', '"1 + 2'),
    ]) {
      expect(changed).not.toBe(text);
      expect(parser.reparse(again, changed), changed).toBeUndefined();
    }
  });
});
