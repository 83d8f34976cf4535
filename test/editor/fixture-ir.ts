/** The editor tests' fixture ruleset (shared with the browser tests), compiled in Node with the same compiler the editor uses. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compileText } from '../../dsl/src/api/compile-text.js';
import type { GameIR } from '../../interpreter/ir.js';

export const fixtureText = readFileSync(join(import.meta.dirname, '../browser/fixtures/board-shapes.strata'), 'utf8');

/** Compiles a rule text (the fixture by default); fails the test with the diagnostics if it does not compile. */
export async function compileFixture(text = fixtureText): Promise<GameIR> {
  const result = await compileText([{ uri: 'file:///rulesets/board-shapes.strata', text }]);
  if (!result.ir) throw new Error(`the fixture does not compile:\n${result.diagnostics.map((d) => `${d.line}:${d.col} ${d.message}`).join('\n')}`);
  return result.ir;
}
