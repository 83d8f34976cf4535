/**
 * The corpus test: every rule file of rulesets/ and examples/ parses, links with no warnings, and every variant compiles to an
 * IR that the JSON Schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { checkFiles, compileFile } from '../dsl/index.js';
import { validateIR } from '../schemas/validate.js';
import { readFileSync } from 'node:fs';
import { ruleFiles, rulesetFiles } from './conformance/rulesets.js';
import { gamesFor } from './conformance/suite.js';

const root = join(import.meta.dirname, '..');

describe('corpus', () => {
  it('has the rulesets', () => {
    expect(rulesetFiles).toContain('four-species.strata');
    expect(rulesetFiles).toContain('dino-race.strata');
  });

  it('reads the conformance-games line of a rule file: fewer seeded games for a long game, 200 otherwise', () => {
    expect(gamesFor('game G {}')).toBe(200);
    expect(gamesFor('// a long game\n// conformance-games: 60 (each game takes 40 ms)\ngame G {}')).toBe(60);
    expect(() => gamesFor('// conformance-games: 0')).toThrow(/between 1 and 200/);
    expect(() => gamesFor('// conformance-games: 500')).toThrow(/between 1 and 200/);
  });

  for (const file of ruleFiles) {
    const path = join(root, file);
    it(`${file}: a conformance-games line, if any, is between 1 and 200`, () => {
      expect(gamesFor(readFileSync(path, 'utf8'))).toBeGreaterThanOrEqual(1);
    });

    it(`${file} checks with no errors and no warnings`, async () => {
      const diagnostics = await checkFiles([path]);
      expect(diagnostics.map((d) => `${d.line}:${d.col} ${d.severity}: ${d.message}`)).toEqual([]);
    });

    it(`${file}: every variant compiles to a schema-valid IR`, async () => {
      const base = await compileFile(path);
      expect(base.ir).toBeDefined();
      expect(base.variants[0]).toBe(base.ir!.name);
      for (const variant of base.variants) {
        const r = await compileFile(path, { variant });
        expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(r.ir?.variant).toBe(variant === base.variants[0] ? null : variant);
        expect(validateIR(r.ir)).toEqual({ valid: true });
      }
    });
  }
});
