/** Reading rule files: compile (with the compiler's diagnostics) and load into the interpreter. */
import { accessSync, constants, existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { compileFile, compileFileAllVariants } from '../dsl/index.js';
import type { CompileResult, Diagnostic } from '../dsl/index.js';
import type { Game } from '../interpreter/index.js';
import type { GameIR } from '../interpreter/ir.js';
import { CliError, errorText } from './errors.js';
import { formatDiagnostic, sourceContext } from './format.js';
import { messages } from './messages.js';

/** Rule files, saved games and move lists larger than this are refused (a share link's text is far smaller). */
export const maxInputBytes = 4 * 1024 * 1024;

/** Why a file operation failed, in a few words: the error code and what it means. */
export function fileProblem(e: unknown): string {
  const { code } = e as NodeJS.ErrnoException;
  const meaning: Record<string, string> = {
    EACCES: 'permission denied',
    EPERM: 'operation not permitted',
    ENOENT: 'no such file or folder',
    ENOTDIR: 'a part of the path is not a folder',
    EISDIR: 'it is a folder',
    EROFS: 'read-only file system',
    ELOOP: 'too many symbolic links',
    ENAMETOOLONG: 'the name is too long',
  };
  return code ? `${meaning[code] ?? 'failed'} (${code})` : errorText(e);
}

/** Fails with a one-line message unless `file` is an existing, readable file of a sane size. */
export function requireFile(file: string): void {
  let stats;
  try {
    stats = statSync(file);
    accessSync(file, constants.R_OK);
  } catch (e) {
    const missing = (e as NodeJS.ErrnoException).code === 'ENOENT';
    throw new CliError(missing ? messages.fileNotFound(file) : messages.cannotRead(file, fileProblem(e)));
  }
  if (!stats.isFile()) throw new CliError(messages.notAFile(file));
  if (stats.size > maxInputBytes) throw new CliError(messages.tooBig(file, stats.size, maxInputBytes));
}

/**
 * The rule files named on the command line: a folder stands for every `.strata` file directly in
 * it, in name order (`strata test examples/`); an empty one is a one-line error. Other arguments
 * are kept as they are, for requireFile to check.
 */
export function ruleFilesOf(args: string[]): string[] {
  const out: string[] = [];
  for (const arg of args) {
    let folder = false;
    try {
      folder = statSync(arg).isDirectory();
    } catch {
      // Missing or unreadable: requireFile says which.
    }
    if (!folder) {
      out.push(arg);
      continue;
    }
    let names: string[];
    try {
      names = readdirSync(arg).filter((n) => n.endsWith('.strata')).sort();
    } catch (e) {
      throw new CliError(messages.cannotRead(arg, fileProblem(e)));
    }
    if (names.length === 0) throw new CliError(messages.noStrataIn(arg));
    out.push(...names.map((n) => join(arg, n)));
  }
  return out;
}

/** Fails with a one-line message unless `file` can be written (created, or replaced if it exists). */
export function requireWritable(file: string): void {
  try {
    if (existsSync(file)) {
      if (statSync(file).isDirectory()) throw Object.assign(new Error(file), { code: 'EISDIR' });
      accessSync(file, constants.W_OK);
    } else {
      const folder = dirname(resolve(file));
      if (!statSync(folder).isDirectory()) throw Object.assign(new Error(folder), { code: 'ENOTDIR' });
      accessSync(folder, constants.W_OK);
    }
  } catch (e) {
    throw new CliError(messages.cannotWriteAhead(file, fileProblem(e)));
  }
}

export function errorsOf(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.filter((d) => d.severity === 'error');
}

/** Variant names of a compile result, without the base game (which some tools list first). */
export function variantNames(result: CompileResult): string[] {
  const base = result.ir?.variants.find((v) => v.base === null)?.name;
  return result.variants.filter((v) => v !== base);
}

/** Compiles `file` (for `variant`) and returns its schema-checked IR, or fails with one line. */
export async function compileOrFail(file: string, variant?: string): Promise<{ ir: GameIR; result: CompileResult }> {
  requireFile(file);
  const result = await compileFile(file, variant === undefined ? {} : { variant });
  const errors = errorsOf(result.diagnostics);
  const first = errors[0];
  if (first) {
    throw new CliError([messages.compileFailed(file, formatDiagnostic(first), errors.length - 1), ...sourceContext(first)].join('\n'));
  }
  const ir = result.ir;
  if (!ir) throw new CliError(messages.noIR(file));
  if (variant !== undefined && ir.variant !== variant) {
    throw new CliError(messages.unknownVariant(variant, variantNames(result)));
  }
  // compileFile gives an IR only if it passed the schema (else an error diagnostic, above).
  return { ir, result };
}

/**
 * `compileOrFail` for several versions of one file (undefined: the base game), from one build of
 * the file: `compare` built it up to four times. A version that does not compile cleanly from
 * that build is compiled on its own, so that it fails with the same words as `compileOrFail`.
 */
export async function compileVersionsOrFail(file: string, versions: (string | undefined)[]): Promise<GameIR[]> {
  requireFile(file);
  const all = await compileFileAllVariants(file);
  const clean = errorsOf(all.diagnostics).length === 0;
  const irs: GameIR[] = [];
  for (const version of versions) {
    // The base game first, then the variants (a variant named like the game is left to compileOrFail).
    const result = !clean ? undefined : version === undefined ? all.results[0] : all.results.slice(1).find((r) => r.variant === version);
    const ir = result && errorsOf(result.diagnostics).length === 0 && (version === undefined || result.ir?.variant === version) ? result.ir : undefined;
    irs.push(ir ?? (await compileOrFail(file, version)).ir);
  }
  return irs;
}

/** STRATA_ENGINE=closure plays on the reference interpreter (interpreter/README.md "Generated code"). */
export function engineOption(): { engine: 'closure' | 'generated' } {
  return { engine: process.env['STRATA_ENGINE'] === 'closure' ? 'closure' : 'generated' };
}

/**
 * Compiles and loads `file` for play. The interpreter is imported here, on use: `validate`,
 * `compile` and `variants` (which share this module) do not load it at start.
 */
export async function loadOrFail(file: string, variant?: string): Promise<{ ir: GameIR; game: Game }> {
  const { ir } = await compileOrFail(file, variant);
  const { loadGame } = await import('../interpreter/index.js');
  return { ir, game: loadGame(ir, engineOption()) };
}

/** The player count to use: the one asked for (checked against the game), else the game's least. */
export function playerCount(ir: GameIR, asked: number | undefined): number {
  const { min, max, counts } = ir.players;
  const n = asked ?? counts?.[0] ?? min;
  const allowed = counts ? counts.includes(n) : n >= min && n <= max;
  if (!allowed) throw new CliError(messages.badPlayers(n, counts ? counts.join(', ') : `${min}..${max}`));
  return n;
}
