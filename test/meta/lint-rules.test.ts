// The architecture is held by ESLint (eslint.config.js, `npm run lint`, the first step of
// `npm test`). These tests show each boundary rule fires on a bad sample at the path it guards,
// and stays quiet where it does not apply, so a config typo cannot switch a rule off unnoticed.
import { ESLint } from 'eslint';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: root });

/** Rule ids reported for `code` as if it were the file at `path` (relative to the root). */
async function rulesFired(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: resolve(root, path) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

describe('lint: interpreter boundary', () => {
  it('refuses imports from dsl/, editor/, schemas/ and packages, in every import form', async () => {
    const samples = [
      "import { x } from '../dsl/index.js';",
      "import type { Y } from '../editor/src/main.js';",
      "export * from '../schemas/validate.js';",
      "export { z } from 'langium';",
      "const m = await import('../cli/main.js');",
      "import { readFileSync } from 'node:fs';",
      "type T = import('../dsl/index.js').X;",
      "const r = require('../dsl/index.js');",
      'const c = await import(name);',
    ];
    for (const sample of samples) expect(await rulesFired('interpreter/sample.ts', sample), sample).toEqual(['strata/import-boundary']);
    // Nested folders resolve too: builtins/ reaching up into the interpreter is fine, past it is not.
    expect(await rulesFired('interpreter/builtins/sample.ts', "import { a } from '../ir.js';")).toEqual([]);
    expect(await rulesFired('interpreter/builtins/sample.ts', "import { a } from '../../dsl/index.js';")).toEqual(['strata/import-boundary']);
    expect(await rulesFired('interpreter/sample.ts', "import { a } from './ir.js';")).toEqual([]);
  });

  it('refuses the clock, randomness, timers, the DOM and lib references', async () => {
    const samples = [
      'const a = Math.random();',
      'const b = Date.now();',
      'const c = new Date();',
      'const d = performance.now();',
      'const e = process.hrtime();',
      'const f = crypto.randomUUID();',
      'setTimeout(() => 1, 0);',
      'const g = document.body;',
      'const h = window.innerWidth;',
      '/// <reference lib="dom" />\nexport {};',
    ];
    for (const sample of samples) expect((await rulesFired('interpreter/sample.ts', sample)).length, sample).toBe(1);
    // A property or a local of that name is not the global.
    expect(await rulesFired('interpreter/sample.ts', 'const o = { window: 1, Date: 2 }; export const w = o.window + o.Date;')).toEqual([]);
    // Outside the interpreter the clock is allowed (the CLI times its runs).
    expect(await rulesFired('cli/sample.ts', 'export const t = Date.now();')).toEqual([]);
  });
});

describe('lint: dsl boundary', () => {
  it('refuses imports from editor/ and allows the interpreter and packages', async () => {
    expect(await rulesFired('dsl/src/sample.ts', "import { x } from '../../editor/src/main.js';")).toEqual(['strata/import-boundary']);
    expect(await rulesFired('dsl/sample.ts', "export * from '../editor/src/main.js';")).toEqual(['strata/import-boundary']);
    expect(await rulesFired('dsl/src/sample.ts', "import { x } from '../../interpreter/ir.js'; import { y } from 'langium';")).toEqual([]);
  });
});

describe('lint: the editor uses the language through its entries', () => {
  it('refuses deep imports into dsl/src/ and allows dsl/browser.ts and the other entries', async () => {
    expect(await rulesFired('editor/src/compile/sample.ts', "import { x } from '../../../dsl/src/api/compile-text.js';")).toEqual(['strata/import-boundary']);
    expect(await rulesFired('editor/src/sample.ts', "import type { D } from '../../dsl/src/api/diagnostics.js';")).toEqual(['strata/import-boundary']);
    expect(await rulesFired('editor/src/compile/sample.ts', "import { x } from '../../../dsl/browser.js'; import '../../../dsl/language-server-worker.js';")).toEqual([]);
  });
});

describe('lint: no eval anywhere', () => {
  it.each(['cli/sample.ts', 'editor/src/sample.ts', 'bench/sample.ts', 'test/sample.ts', 'bin/sample.js'])('fires in %s', async (path) => {
    expect(await rulesFired(path, "eval('1');")).toContain('no-eval');
    expect(await rulesFired(path, "const f = new Function('return 1');")).toEqual(['no-new-func']);
    expect(await rulesFired(path, "const f = Function('return 1');")).toEqual(['no-new-func']);
  });
});

describe('lint: game vocabulary', () => {
  it('is recognised as word prefixes, case-insensitively, also inside identifiers', async () => {
    const words = async (text: string) => {
      const [result] = await eslint.lintText(text, { filePath: resolve(root, 'dsl/README.md') });
      return (result?.messages ?? []).map((m) => /"(\w+)"/.exec(m.message)?.[1]?.toLowerCase()).sort();
    };
    expect(await words('A Dinosaur, herds; my_lava, swampLand, bigRaptorCount, TRIAS, isHerdOf(x)')).toEqual(
      ['dino', 'herd', 'herd', 'lava', 'raptor', 'swamp', 'trias'].sort(),
    );
    expect(await words('shepherd, indexRegex, director, cheerd, paralava, predinosaur')).toEqual([]);
  });

  it('fires in the engine sources, their tests and their text files, at the right column', async () => {
    for (const path of ['dsl/src/sample.ts', 'interpreter/sample.ts', 'test/dsl/sample.test.ts', 'test/interpreter/sample.test.ts']) {
      expect(await rulesFired(path, '// counts the herd\nexport const x = 1;'), path).toEqual(['strata/no-game-words']);
    }
    for (const path of ['dsl/README.md', 'interpreter/README.md', 'dsl/src/strata.langium', 'dsl/src/library.strata']) {
      const [result] = await eslint.lintText('first line\nthe lava flows', { filePath: resolve(root, path) });
      expect(result?.messages.map((m) => [m.ruleId, m.line, m.column]), path).toEqual([['strata/no-game-words', 2, 5]]);
    }
  });

  it('does not apply outside the engine, nor to the generated parser', async () => {
    expect(await rulesFired('rulesets/sample.ts', 'export const herd = 1;')).toEqual([]);
    expect(await rulesFired('cli/sample.ts', 'export const herd = 1;')).toEqual([]);
    expect(await rulesFired('dsl/src/generated/sample.ts', 'export const herd = 1;')).toEqual([]);
  });
});
