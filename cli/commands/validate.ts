/** `strata validate FILE...`: every diagnostic of the base game and each variant, then a summary. */
import { compileFile } from '../../dsl/index.js';
import type { Diagnostic } from '../../dsl/index.js';
import { validateIR } from '../../schemas/validate.js';
import { formatDiagnostic, sourceContext } from '../format.js';
import { requireFile, variantNames } from '../load.js';
import { messages } from '../messages.js';

/** A schema failure is the compiler's fault, but the user should see it where the file is. */
function schemaDiagnostics(file: string, errors: string[]): Diagnostic[] {
  return errors.map((e) => ({
    file,
    line: 1,
    col: 1,
    endLine: 1,
    endCol: 1,
    severity: 'error',
    message: `compiled IR does not match the schema: ${e}`,
  }));
}

async function diagnosticsOf(file: string): Promise<Diagnostic[]> {
  const base = await compileFile(file);
  const all = [...base.diagnostics];
  const check = (ir: unknown): void => {
    const result = validateIR(ir);
    if (!result.valid) all.push(...schemaDiagnostics(file, result.errors));
  };
  if (base.ir) check(base.ir);
  // Variants compile separately: a change can break only the variant.
  if (!base.diagnostics.some((d) => d.severity === 'error')) {
    for (const variant of variantNames(base)) {
      const result = await compileFile(file, { variant });
      all.push(...result.diagnostics.map((d) => ({ ...d, message: `${d.message} (variant ${variant})` })));
      if (result.ir) check(result.ir);
    }
  }
  return all;
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;
}

export async function validateCommand(files: string[]): Promise<number> {
  files.forEach(requireFile);
  let errors = 0;
  let warnings = 0;
  for (const file of files) {
    const seen = new Set<string>();
    for (const d of (await diagnosticsOf(file)).sort(byPosition)) {
      const line = formatDiagnostic(d);
      // A problem in the base shows up again in each variant; say it once.
      const key = formatDiagnostic({ ...d, message: d.message.replace(/ \(variant \w+\)$/, '') });
      if (seen.has(key)) continue;
      seen.add(key);
      console.log(line);
      if (d.severity === 'error') for (const context of sourceContext(d)) console.log(context);
      if (d.severity === 'error') errors++;
      else warnings++;
    }
  }
  console.log(messages.summaryLine(files.length, errors, warnings));
  return errors > 0 ? 1 : 0;
}
