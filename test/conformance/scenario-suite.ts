/**
 * The rule files' scenarios as Vitest cases: one named `it` per ruleset › variant › scenario,
 * defined at collection time from the compiled IRs, so a failure names its scenario and
 * `vitest -t` picks scenarios by name. The scenario-N.test.ts files each run a shard.
 */
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../interpreter/index.js';
import { compileAll } from './rulesets.js';

export async function scenarioSuite(files: string[]): Promise<void> {
  // A shard of a small folder may be empty (Vitest fails a file with no tests at all).
  if (files.length === 0) it.skip('no rule file falls in this shard', () => {});
  for (const file of files) {
    const variants = await compileAll(file);
    describe(file, () => {
      for (const { variant, ir, game } of variants) {
        describe(variant, () => {
          for (const sc of ir.scenarios) {
            it(sc.name, () => {
              // The failures carry file:line:col and the values compared, so the diff says it all.
              expect(runScenario(game, sc).failures).toEqual([]);
            });
          }
        });
      }
    });
  }
}
