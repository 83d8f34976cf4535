/**
 * The corpus test: every rule file of rulesets/ and examples/ parses, links with no warnings, and every variant compiles to an
 * IR that the JSON Schema accepts.
 */
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { checkFiles, compileFile } from '../dsl/index.js';
import { validateIR } from '../schemas/validate.js';
import { ruleFiles, rulesetFiles } from './conformance/rulesets.js';

const root = join(import.meta.dirname, '..');

describe('corpus', () => {
  it('has the rulesets', () => {
    expect(rulesetFiles).toContain('four-species.strata');
    expect(rulesetFiles).toContain('dino-race.strata');
  });

  for (const file of ruleFiles) {
    const path = join(root, file);
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
