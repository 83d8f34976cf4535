/**
 * Runs a `strata` command in this process (cli/main.ts's main) and captures what it prints: a
 * spawned CLI costs about two seconds of start-up, which tests of many inputs pay once this way.
 * Spawned runs (run-cli.ts) stay for what only a process shows (exit codes, pipes, start-up).
 */
import { main } from '../../cli/main.js';

export interface InProcessRun {
  code: number;
  stdout: string;
  stderr: string;
}

const text = (args: unknown[]): string => `${args.map((a) => (typeof a === 'string' ? a : String(a))).join(' ')}\n`;

/** One command at a time: console and the standard streams are borrowed while it runs. */
export async function runCliInProcess(args: string[]): Promise<InProcessRun> {
  let stdout = '';
  let stderr = '';
  const saved = { log: console.log, info: console.info, warn: console.warn, error: console.error, out: process.stdout.write, err: process.stderr.write };
  console.log = console.info = (...a: unknown[]) => void (stdout += text(a));
  console.warn = console.error = (...a: unknown[]) => void (stderr += text(a));
  process.stdout.write = ((chunk: string | Uint8Array) => ((stdout += String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => ((stderr += String(chunk)), true)) as typeof process.stderr.write;
  const debug = process.env['STRATA_DEBUG'];
  process.env['STRATA_DEBUG'] = '';
  try {
    const code = await main(['node', 'strata', ...args]);
    return { code, stdout, stderr };
  } finally {
    Object.assign(console, { log: saved.log, info: saved.info, warn: saved.warn, error: saved.error });
    process.stdout.write = saved.out;
    process.stderr.write = saved.err;
    if (debug === undefined) delete process.env['STRATA_DEBUG'];
    else process.env['STRATA_DEBUG'] = debug;
  }
}
