/** Runs the `strata` command as users do (a child process of bin/strata.js) and captures its output. */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
export const fixtures = 'test/fixtures/cli';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** stdout split into lines, without the empty last one. */
  lines: string[];
}

export function runCli(args: string[], o: { input?: string } = {}): CliRun {
  const r = spawnSync(process.execPath, [join(root, 'bin/strata.js'), ...args], {
    cwd: root,
    input: o.input ?? '',
    encoding: 'utf8',
    timeout: 120_000,
    env: { ...process.env, STRATA_DEBUG: '', FORCE_COLOR: '0' },
  });
  const stdout = r.stdout ?? '';
  return { code: r.status, stdout, stderr: r.stderr ?? '', lines: stdout.split('\n').filter((l, i, all) => l !== '' || i < all.length - 1) };
}

/** A stack trace is never what a user should see. */
export function hasStackTrace(text: string): boolean {
  return /^\s+at .+\(.+:\d+:\d+\)$/m.test(text) || /^\s+at file:/m.test(text);
}

/** A line quoting the source under an error (`  5 | …`, `    |   ^`): context, not a message. */
export const sourceContextLine = /^ {2,}\d* \| /;

/** The stderr of a failed run: exactly one line, `strata: …` (and the source lines it quotes). */
export function oneLineError(run: CliRun): string {
  const lines = run.stderr.trimEnd().split('\n').filter((l) => !sourceContextLine.test(l));
  if (lines.length !== 1) throw new Error(`expected one line on stderr, got:\n${run.stderr}`);
  return lines[0] ?? '';
}
