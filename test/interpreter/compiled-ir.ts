/** A rule file's text compiled for a test (its own file: helpers.ts stays free of the compiler's import cost). */
import { expect } from 'vitest';
import { compileText } from '../../dsl/index.js';
import type { GameIR } from '../../interpreter/ir.js';

/** The IR of a rule file's text, which must compile without errors (`uri` names it in messages). */
export async function compiledIr(text: string, uri: string): Promise<GameIR> {
  const { ir, diagnostics } = await compileText([{ uri, text }]);
  expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return ir!;
}
