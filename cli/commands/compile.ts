/** `strata compile FILE [--variant V] [-o OUT]`: the IR as JSON, checked against the schema. */
import { writeFileSync } from 'node:fs';
import { CliError, errorText } from '../errors.js';
import { formatDiagnostic } from '../format.js';
import { compileOrFail } from '../load.js';
import { messages } from '../messages.js';

export interface CompileOptions {
  variant?: string;
  output?: string;
}

export async function compileCommand(file: string, o: CompileOptions): Promise<number> {
  const { ir, result } = await compileOrFail(file, o.variant);
  for (const d of result.diagnostics) console.error(formatDiagnostic(d));
  const text = JSON.stringify(ir, null, 2) + '\n';
  if (o.output === undefined) {
    process.stdout.write(text);
    return 0;
  }
  try {
    writeFileSync(o.output, text);
  } catch (e) {
    throw new CliError(messages.cannotWrite(o.output, errorText(e)));
  }
  console.error(messages.wrote(o.output));
  return 0;
}
