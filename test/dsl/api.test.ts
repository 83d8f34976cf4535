import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFiles, checkText, compileFile, compileText, listVariants, listVariantsOfFile } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';

const base = 'game G "Base" {\n  players 2\n  param n = 1\n  flow { log n }\n}\nvariant V extends G { set n = 2 }\n';

describe('compileText', () => {
  it('compiles the first file by default and names files as given', async () => {
    const result = await compileText([{ uri: 'memory:/rules/g.strata', text: base }]);
    expect(result.diagnostics).toEqual([]);
    expect(result.variants).toEqual(['G', 'V']);
    expect(result.ir?.params['n']?.at).toEqual({ file: 'memory:/rules/g.strata', line: 3, col: 3 });
  });

  it('compiles the game of the `main` file, using the others', async () => {
    const files = [
      { uri: 'base.strata', text: base },
      { uri: 'more.strata', text: 'use "base.strata"\nvariant W extends V { set n = 3 }' },
    ];
    const result = await compileText(files, { main: 'more.strata', variant: 'W' });
    expect(result.ir?.variant).toBe('W');
    expect(result.variants).toEqual(['G', 'V', 'W']);
    expect(result.ir?.params['n']?.value).toMatchObject({ v: 3, at: { file: 'more.strata' } });
  });

  it('gives no IR when there are errors, and 1-based sorted diagnostics', async () => {
    const files = [
      { uri: 'b.strata', text: 'game G {\n  players 2\n  flow { log nope log 1 + true }\n}' },
      { uri: 'a.strata', text: 'game H { players 2 flow { log x } }' },
    ];
    const result = await compileText(files);
    expect(result.ir).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.file, d.line, d.col, d.severity])).toEqual([
      ['a.strata', 1, 31, 'error'],
      ['b.strata', 3, 14, 'error'],
      ['b.strata', 3, 25, 'error'],
    ]);
    expect(result.diagnostics[1]).toMatchObject({ endLine: 3, endCol: 18, message: messages.unknownName('nope'), code: 'linking-error' });
  });

  it('reports syntax errors in a designer’s words', async () => {
    const result = await compileText([{ uri: 's.strata', text: 'game G { players 2 flow { let = 1 } }' }]);
    expect(result.ir).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ line: 1, col: 31, message: messages.syntaxExpected(['a name'], "'='"), code: 'parsing-error' });
  });

  it('keeps warnings and still compiles', async () => {
    const result = await compileText([{ uri: 'w.strata', text: 'game G { players 2 var v: number = 0 flow { } }' }]);
    expect(result.ir).toBeDefined();
    expect(result.diagnostics).toMatchObject([{ severity: 'warning', message: messages.unused('variable', 'v') }]);
  });

  it('reports an unknown variant and a file without a game', async () => {
    const unknown = await compileText([{ uri: 'g.strata', text: base }], { variant: 'Nope' });
    expect(unknown.ir).toBeUndefined();
    expect(unknown.diagnostics.map((d) => d.message)).toEqual([messages.unknownVariant('Nope', ['V'])]);
    const none = await compileText([{ uri: 'v.strata', text: 'scenario "s" { run 1 }' }]);
    expect(none.diagnostics.map((d) => d.message)).toContain(messages.noGameToCompile('v.strata'));
  });

  it('runs calls one after another without mixing their files', async () => {
    const [a, b] = await Promise.all([
      compileText([{ uri: 'same.strata', text: base }]),
      compileText([{ uri: 'same.strata', text: base.replace('param n = 1', 'param n = 7') }]),
    ]);
    expect(a.ir?.params['n']?.value).toMatchObject({ v: 1 });
    expect(b.ir?.params['n']?.value).toMatchObject({ v: 7 });
  });
});

describe('checkText and listVariants', () => {
  it('returns diagnostics only', async () => {
    const diagnostics = await checkText([{ uri: 'c.strata', text: 'game G { players 3..1 flow { } }' }]);
    expect(diagnostics.map((d) => d.message)).toEqual([messages.playersMinAboveMax(3, 1)]);
  });

  it('lists the game and its variants', async () => {
    expect(await listVariants([{ uri: 'l.strata', text: base }])).toEqual(['G', 'V']);
  });
});

describe('files on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'strata-api-'));
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, 'sub', 'base.strata'), base);
  writeFileSync(join(dir, 'extra.strata'), 'use "sub/base.strata"\nvariant X extends G { set n = 5 }\nuse');
  writeFileSync(join(dir, 'main.strata'), 'use "sub/base.strata"\nuse "gone.strata"\nvariant Y extends G { }');
  const shown = (name: string) => relative(process.cwd(), join(dir, name));

  it('compiles a file and the files it uses, naming them by the path given', async () => {
    const result = await compileFile(shown('sub/base.strata'), { variant: 'V' });
    expect(result.ir?.params['n']?.value).toMatchObject({ v: 2, at: { file: shown('sub/base.strata') } });
  });

  it('reads used files relative to the file using them', async () => {
    const diagnostics = await checkFiles([shown('extra.strata')]);
    expect(diagnostics.map((d) => [d.file, d.line])).toEqual([[shown('extra.strata'), 3]]);
    expect(await listVariantsOfFile(shown('main.strata'))).toEqual(['G', 'V', 'Y']);
  });

  it('reports files that are not there', async () => {
    const diagnostics = await checkFiles([shown('main.strata'), shown('absent.strata')]);
    expect(diagnostics.map((d) => d.message)).toEqual([messages.fileNotFound('absent.strata').replace('absent.strata', shown('absent.strata')), messages.fileNotFound('gone.strata')]);
    const result = await compileFile(shown('absent.strata'));
    expect(result).toEqual({ diagnostics: [expect.objectContaining({ message: messages.fileNotFound(shown('absent.strata')) })], variants: [] });
  });
});
