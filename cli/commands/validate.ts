/** `strata validate FILE...` (a folder: every .strata file in it): every diagnostic of the base game and each variant, then a summary. */
import { compileFileAllVariants } from '../../dsl/index.js';
import type { Diagnostic } from '../../dsl/index.js';
import { formatDiagnostic, sourceContext } from '../format.js';
import { requireFile, ruleFilesOf } from '../load.js';
import { messages } from '../messages.js';

/**
 * The files' diagnostics, then what compiling the base game and each variant adds (from one build;
 * a compiled IR has passed the schema, or its mismatch is among its diagnostics).
 */
async function diagnosticsOf(file: string): Promise<Diagnostic[]> {
  const all = await compileFileAllVariants(file);
  const base = all.variants[0];
  const out = [...all.diagnostics];
  for (const result of all.results) {
    const extra = result.diagnostics.filter((d) => !all.diagnostics.includes(d));
    // A change can break only the variant: say which.
    out.push(...(result.variant === base ? extra : extra.map((d) => ({ ...d, message: `${d.message} (variant ${result.variant})` }))));
  }
  return out;
}

function byPosition(a: Diagnostic, b: Diagnostic): number {
  return a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col;
}

export async function validateCommand(args: string[]): Promise<number> {
  // A folder stands for the .strata files in it.
  const files = ruleFilesOf(args);
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
