import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

const interpreter = sources(join(root, 'interpreter'));
const tests = sources(join(root, 'test', 'interpreter'));

/** Comment-free code, so that a rule mentioned in a comment is not mistaken for a use. */
function code(path: string): string {
  return readFileSync(path, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');
}

describe('interpreter sources', () => {
  it('are found', () => {
    expect(interpreter.length).toBeGreaterThan(20);
  });

  it('import nothing from dsl/, editor/ or the DOM', () => {
    for (const file of interpreter) {
      const imports = [...code(file).matchAll(/(?:import|export)[^'"]*from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]);
      for (const spec of imports) {
        expect(spec, file).not.toMatch(/(^|\/)(dsl|editor)\//);
        expect(spec.startsWith('.') || spec.startsWith('node:'), `${file} imports ${spec}`).toBe(true);
      }
      expect(code(file), file).not.toMatch(/\b(document|window|HTMLElement|localStorage|navigator)\b/);
    }
  });

  it('use no Math.random, no clock, no eval, no any, and new Function in one place only', () => {
    const making = join(root, 'interpreter', 'codegen', 'instantiate.ts');
    expect(interpreter).toContain(making);
    for (const file of interpreter) {
      const text = code(file);
      expect(text, file).not.toMatch(/Math\.random|\bDate\b|performance\.now|process\.hrtime|\beval\s*\(/);
      expect(text, file).not.toMatch(/:\s*any\b|<any>|as\s+any\b/);
      const functions = text.match(/new\s+Function\b|\bFunction\s*\(/g) ?? [];
      expect(functions.length, file).toBe(file === making ? 1 : 0);
    }
  });

  it('make generated source through emit.ts only', () => {
    const emit = join(root, 'interpreter', 'codegen', 'emit.ts');
    for (const file of interpreter) {
      if (file === emit) continue;
      // A Code is made by emit.ts alone (its constructor refuses other callers at run time too).
      expect(code(file), file).not.toMatch(/new\s+Code\b/);
    }
  });

  it('and their tests know no game', () => {
    // The brief's list of game words, each spelled backwards so that this file does not contain them.
    const reversed = 'onid,tatibah,dreh,rotpar,xer,lytcadoretp,onaclov,hcnar,rehcnar,sairt,cissairt,spotarec,aval,pmaws,eppets,etiroetem';
    const list = reversed.split(',').map((w) => [...w].reverse().join(''));
    const words = new RegExp(`\\b(${list.join('|')})`, 'i');
    expect(words.test(`a ${list[2].toUpperCase()}s word`)).toBe(true);
    for (const file of [...interpreter, ...tests]) expect(words.test(readFileSync(file, 'utf8')), file).toBe(false);
  });
});
