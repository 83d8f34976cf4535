// The interpreter consumes IR only: no imports from dsl/ or editor/, nothing of the DOM, and
// (so that games replay) no unseeded randomness, no clock, no eval.
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, globalsUsed, importsOf, memberCallsUsed, readSource, root } from './source-files.js';

const sources = filesUnder('interpreter').filter((f) => /\.(ts|js|mts|mjs)$/.test(f));

/** Packages that bring the compiler or the browser with them. */
const forbiddenPackages = ['langium', 'chevrotain', 'lit', 'monaco-editor', 'vscode-languageserver', 'vscode-jsonrpc', 'vite'];

const domGlobals = new Set([
  'window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'HTMLElement', 'customElements',
  'requestAnimationFrame', 'DOMParser', 'Worker', 'fetch',
]);
const clockAndEval = new Set(['Date', 'eval', 'Function', 'setTimeout', 'setInterval']);
const forbiddenMembers = [
  ['Math', 'random'], ['performance', 'now'], ['process', 'hrtime'], ['crypto', 'getRandomValues'], ['crypto', 'randomUUID'],
] as const;

function importProblems(file: string): string[] {
  return importsOf(file, readSource(file)).flatMap((imp) => {
    const spec = imp.text;
    const where = `${file}:${imp.line}: imports "${spec}"`;
    if (spec.startsWith('lib:')) return spec === 'lib:dom' || spec.startsWith('lib:dom.') ? [where] : [];
    if (spec.startsWith('.')) {
      const target = relative(root, resolve(join(root, dirname(file)), spec)).split('\\').join('/');
      return /^(dsl|editor)(\/|$)/.test(target) ? [where] : [];
    }
    const pkg = spec.split('/')[0] ?? spec;
    return forbiddenPackages.some((p) => pkg === p || pkg.startsWith(`${p}-`)) ? [where] : [];
  });
}

function globalProblems(file: string, names: ReadonlySet<string>): string[] {
  const text = readSource(file);
  return [
    ...globalsUsed(file, text, names).map((g) => `${file}:${g.line}: uses ${g.text}`),
    ...(names === clockAndEval ? memberCallsUsed(file, text, forbiddenMembers).map((m) => `${file}:${m.line}: uses ${m.text}`) : []),
  ];
}

describe('interpreter boundaries', () => {
  it('the scanners see what they look for', () => {
    const src = [
      "import { x } from '../dsl/src/strata-module.js';",
      "import type { Y } from '../editor/app.js';",
      "export * from 'langium';",
      "const z = await import('../dsl/index.js');",
      "import { ok } from './ir.js';",
      "import { validateIR } from '../schemas/validate.js';",
      'document.body.x = window.innerWidth + obj.document + Math.random() + Date.now() + new Date().getTime();',
      "const r = { window: 1 }; eval('1'); new Function('x');",
      'function f(document: number) { const fetch = 1; return document + fetch; }',
    ].join('\n');
    expect(importsOf('t.ts', src).map((i) => i.text)).toEqual([
      '../dsl/src/strata-module.js', '../editor/app.js', 'langium', '../dsl/index.js', './ir.js', '../schemas/validate.js',
    ]);
    // The last line's `document` and `fetch` are local names, and its uses of them are flagged (a
    // scope-blind scan): the interpreter should not shadow DOM names anyway.
    expect(globalsUsed('t.ts', src, domGlobals).map((g) => g.text)).toEqual(['document', 'window', 'document', 'fetch']);
    expect(globalsUsed('t.ts', src, clockAndEval).map((g) => g.text)).toEqual(['Date', 'Date', 'eval', 'Function']);
    expect(memberCallsUsed('t.ts', src, forbiddenMembers).map((m) => m.text)).toEqual(['Math.random']);
  });

  it('finds the interpreter sources', () => {
    expect(sources).toContain('interpreter/ir.ts');
  });

  it('imports nothing from dsl/, editor/ or browser packages', () => {
    expect(sources.flatMap(importProblems)).toEqual([]);
  });

  it('uses no DOM API', () => {
    expect(sources.flatMap((f) => globalProblems(f, domGlobals))).toEqual([]);
  });

  it('uses no Math.random, clock, eval or new Function', () => {
    expect(sources.flatMap((f) => globalProblems(f, clockAndEval))).toEqual([]);
  });
});
