// The editor's files: the workspace model, share links, and the new-variant command's file.
import { describe, expect, it } from 'vitest';
import { Workspace, fileNameFor, nameOf, uriOf, type FileChange } from '../../editor/src/workspace/workspace.js';
import { decodeShare, encodeShare, fromBase64Url, toBase64Url } from '../../editor/src/workspace/share-link.js';
import { newVariantText, variantIdentifier } from '../../editor/src/workspace/new-variant.js';
import { compileText } from '../../dsl/src/api/compile-text.js';
import { LIBRARY_URI } from '../../dsl/src/scoping/strata-library.js';
import { isLibrary, libraryText, libraryUri } from '../../editor/src/workspace/library.js';
import { fixtureText } from './fixture-ir.js';

describe('workspace', () => {
  it('holds bundled rulesets, knows which were edited, and reverts them', () => {
    const ws = new Workspace([{ name: 'a.strata', text: 'game A {}' }]);
    const changes: FileChange[] = [];
    ws.addEventListener('file-changed', (e) => changes.push((e as CustomEvent<FileChange>).detail));
    const uri = uriOf('a.strata');
    expect(ws.isModified(uri)).toBe(false);
    ws.setText(uri, 'game A { players 2 }', 'editor');
    expect(ws.isModified(uri)).toBe(true);
    ws.revert(uri);
    expect(ws.get(uri)?.text).toBe('game A {}');
    expect(changes).toEqual([{ uri, source: 'editor' }, { uri, source: 'outside' }]);
    expect(ws.remove(uri)).toBe(false);
  });

  it('marks the files shipped in examples/, and keeps the mark through an edit and a restore', () => {
    const ws = new Workspace([
      { name: 'a.strata', text: 'game A {}', group: 'rulesets' },
      { name: 'hearts.strata', text: 'game H {}', group: 'examples' },
    ]);
    ws.add('mine', 'x');
    ws.restore([{ uri: uriOf('hearts.strata'), text: 'game H { players 4 }' }]);
    expect(ws.files().map((f) => [f.name, f.example === true])).toEqual([
      ['a.strata', false],
      ['hearts.strata', true],
      ['mine.strata', false],
    ]);
    expect(ws.isModified(uriOf('hearts.strata'))).toBe(true);
  });

  it('adds files under free, safe names and restores saved ones', () => {
    const ws = new Workspace([{ name: 'a.strata', text: '' }]);
    expect(ws.add('a', 'x')).toBe(uriOf('a-2.strata'));
    expect(ws.add('a.strata', 'y')).toBe(uriOf('a-3.strata'));
    expect(fileNameFor(' my game/../x ')).toBe('my-game-..-x.strata');
    expect(nameOf(uriOf('b.strata'))).toBe('b.strata');
    ws.restore([{ uri: uriOf('a.strata'), text: 'edited' }, { uri: uriOf('mine.strata'), text: 'mine' }]);
    expect(ws.get(uriOf('a.strata'))?.text).toBe('edited');
    expect(ws.files().map((f) => f.name)).toEqual(['a-2.strata', 'a-3.strata', 'a.strata', 'mine.strata']);
    expect(ws.remove(uriOf('mine.strata'))).toBe(true);
  });
});

describe('share links', () => {
  it('carry a file through the URL hash, compressed', async () => {
    const file = { name: 'board-shapes.strata', text: fixtureText + '\n// ünïcödé ✓\n' };
    const hash = await encodeShare(file);
    expect(hash.startsWith('#share=')).toBe(true);
    expect(hash).toMatch(/^#share=[A-Za-z0-9_-]+$/);
    expect(hash.length).toBeLessThan(file.text.length);
    expect(await decodeShare(hash)).toEqual(file);
  });

  it('ignore other hashes and reject damaged links', async () => {
    expect(await decodeShare('#section')).toBeNull();
    await expect(decodeShare('#share=AAAA')).rejects.toThrow();
    const bytes = Uint8Array.from([0, 1, 250, 251, 252, 253, 254, 255]);
    expect(fromBase64Url(toBase64Url(bytes))).toEqual(bytes);
  });
});

describe('a new variant', () => {
  it('is named by an identifier made of the words asked for', () => {
    expect(variantIdentifier('my house rule')).toBe('MyHouseRule');
    expect(variantIdentifier('2 players')).toBe('V2Players');
  });

  it('is a file that compiles as a variant of the game it uses', async () => {
    const text = newVariantText('board-shapes.strata', 'Shapes', 'Quick', 'Quick game');
    const files = [
      { uri: 'file:///rulesets/board-shapes.strata', text: fixtureText },
      { uri: 'file:///rulesets/board-shapes-Quick.strata', text },
    ];
    const result = await compileText(files, { main: files[1]!.uri, variant: 'Quick' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(result.variants).toContain('Quick');
    expect(result.ir?.variant).toBe('Quick');
  });
});

describe('the built-in library', () => {
  it('is shown under the URI the language server gives it', () => {
    expect(libraryUri).toBe(LIBRARY_URI);
    expect(isLibrary(LIBRARY_URI)).toBe(true);
    expect(isLibrary('builtin:/library.strata')).toBe(true);
    expect(isLibrary('file:///rulesets/library.strata')).toBe(false);
    expect(libraryText).toContain('builtin placeNamed(');
  });
});
