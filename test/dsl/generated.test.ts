import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LIBRARY_TEXT } from '../../dsl/src/library-text.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

describe('generated files', () => {
  it('dsl/src/generated and dsl/syntaxes match the grammar (run `npm run langium:generate`)', () => {
    const out = mkdtempSync(join(tmpdir(), 'strata-generated-'));
    const config = JSON.parse(readFileSync(join(root, 'langium-config.json'), 'utf8')) as {
      languages: { grammar: string; textMate: { out: string }; monarch: { out: string } }[];
      out: string;
    };
    const language = config.languages[0]!;
    language.grammar = join(root, language.grammar);
    language.textMate.out = join(out, 'strata.tmLanguage.json');
    language.monarch.out = join(out, 'strata.monarch.ts');
    config.out = join(out, 'generated');
    const configFile = join(out, 'langium-config.json');
    writeFileSync(configFile, JSON.stringify(config));
    execFileSync(process.execPath, ['--import', join(root, 'bin/polyfill.js'), join(root, 'node_modules/langium-cli/bin/langium.js'), 'generate', '--file', configFile], {
      cwd: out,
      stdio: 'pipe',
    });
    const pairs: [string, string][] = [
      ['generated/ast.ts', 'dsl/src/generated/ast.ts'],
      ['generated/grammar.ts', 'dsl/src/generated/grammar.ts'],
      ['generated/module.ts', 'dsl/src/generated/module.ts'],
      ['strata.tmLanguage.json', 'dsl/syntaxes/strata.tmLanguage.json'],
      ['strata.monarch.ts', 'dsl/syntaxes/strata.monarch.ts'],
    ];
    for (const [fresh, committed] of pairs) {
      expect(readFileSync(join(root, committed), 'utf8'), committed).toBe(readFileSync(join(out, fresh), 'utf8'));
    }
  });

  it('dsl/src/library-text.ts matches library.strata (run `node bin/run-ts.js dsl/scripts/generate-library-text.ts`)', () => {
    expect(LIBRARY_TEXT).toBe(readFileSync(join(root, 'dsl/src/library.strata'), 'utf8'));
  });
});
