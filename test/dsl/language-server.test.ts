// The editor's language services (dsl/src/language-server/): formatting and semantic colouring, run in Node on
// the same services the Web Worker starts.
import { EmptyFileSystem, TextDocument, URI, type LangiumDocument } from 'langium';
import { SemanticTokensDecoder } from 'langium/lsp';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStrataLspServices } from '../../dsl/src/language-server/strata-lsp-module.js';
import { fixtureText } from '../editor/fixture-ir.js';
import { tokensFit } from '../../editor/src/lsp/language-features.js';

const { shared, Strata } = createStrataLspServices({ ...EmptyFileSystem });
let counter = 0;

async function load(text: string): Promise<LangiumDocument> {
  const doc = shared.workspace.LangiumDocumentFactory.fromString(text, URI.parse(`file:///test/doc${counter++}.strata`));
  shared.workspace.LangiumDocuments.addDocument(doc);
  await shared.workspace.DocumentBuilder.build([doc], { validation: true });
  return doc;
}

async function format(text: string): Promise<string> {
  const doc = await load(text);
  const edits = await Strata.lsp.Formatter!.formatDocument(doc, {
    textDocument: { uri: doc.uri.toString() },
    options: { tabSize: 4, insertSpaces: true },
  });
  return TextDocument.applyEdits(doc.textDocument, edits);
}

/** The text without any whitespace: formatting may change nothing else. */
function ink(text: string): string {
  return text.replace(/\s+/g, '');
}

const rulesets = join(import.meta.dirname, '../../rulesets');

describe('formatting', () => {
  it('puts block items on their own indented lines and keeps short lists inline', async () => {
    const messy = [
      'game   T "t"{players 2',
      '  param   n=3',
      'kind K{a:number,b :number}',
      '    flow{repeat n{log "x"   }}}',
      '',
    ].join('\n');
    expect(await format(messy)).toBe([
      'game T "t" {',
      '    players 2',
      '    param n = 3',
      '    kind K { a: number, b: number }',
      '    flow {',
      '        repeat n {',
      '            log "x"',
      '        }',
      '    }',
      '}',
      '',
    ].join('\n'));
  });

  it('keeps blank lines, comments and spread-out lists', async () => {
    const text = ['game T {', '    players 2', '', '    /** Doc. */', '    enum E {', '        a,', '        b', '    }', '}', ''].join('\n');
    expect(await format(text)).toBe(text);
  });

  it('changes only whitespace in every ruleset and is stable', async () => {
    const files = [...readdirSync(rulesets).filter((f) => f.endsWith('.strata')).map((f) => readFileSync(join(rulesets, f), 'utf8')), fixtureText];
    for (const text of files) {
      const once = await format(text);
      expect(ink(once)).toBe(ink(text));
      expect(await format(once)).toBe(once);
      const reparsed = await load(once);
      expect(reparsed.parseResult.parserErrors).toEqual([]);
    }
  });
});

describe('semantic colouring', () => {
  it('colours names by what they declare, where declared and where used', async () => {
    const doc = await load(fixtureText);
    const provider = Strata.lsp.SemanticTokenProvider!;
    const tokens = await provider.semanticHighlight(doc, { textDocument: { uri: doc.uri.toString() } });
    const decoded = SemanticTokensDecoder.decode(tokens, provider.tokenTypes, doc);
    const typeOf = (text: string) => decoded.filter((t) => t.text === text).map((t) => t.tokenType);
    expect(new Set(typeOf('startPoints'))).toEqual(new Set(['variable']));
    expect(typeOf('startPoints').length).toBe(2);
    expect(typeOf('Stone')).toContain('type');
    expect(typeOf('red')).toContain('enumMember');
    expect(typeOf('placeNamed')).toContain('function');
    expect(typeOf('supply')).toContain('property');
    expect(typeOf('cell')).toContain('parameter');
  });

  it('colours the key type of a zone per key, and the binders of a comprehension over two lists', async () => {
    const doc = await load('game G {\n  players 2\n  enum Colour { Red }\n  zone row per Colour visible all\n  fn f(): list<any> = [[a, b] for a in [1], b in [2]]\n}\n');
    const provider = Strata.lsp.SemanticTokenProvider!;
    const tokens = await provider.semanticHighlight(doc, { textDocument: { uri: doc.uri.toString() } });
    const decoded = SemanticTokensDecoder.decode(tokens, provider.tokenTypes, doc);
    const typeOf = (text: string) => decoded.filter((t) => t.text === text).map((t) => t.tokenType);
    expect(typeOf('Colour')).toEqual(['type', 'type']);
    expect(typeOf('b')).toEqual(['parameter', 'parameter']);
  });
});

describe('semantic tokens in the editor', () => {
  it('are dropped when they do not fit the text (computed on an older version)', () => {
    const lines = ['game T {', '    param n = 3', '}'];
    const model = { getLineCount: () => lines.length, getLineLength: (n: number) => lines[n - 1]!.length };
    // `T` on line 0 at 5, then `n` on line 1 at 10.
    expect(tokensFit(model, [0, 5, 1, 0, 0, 1, 10, 1, 0, 0])).toBe(true);
    expect(tokensFit(model, [0, 5, 1, 0, 0, 1, 10, 9, 0, 0])).toBe(false);
    expect(tokensFit(model, [0, 5, 1, 0, 0, 3, 0, 1, 0, 0])).toBe(false);
  });
});
