/** Reading rule files: compile (with the compiler's diagnostics) and load into the interpreter. */
import { statSync } from 'node:fs';
import { compileFile } from '../dsl/index.js';
import type { CompileResult, Diagnostic } from '../dsl/index.js';
import { loadGame } from '../interpreter/index.js';
import type { Game } from '../interpreter/index.js';
import type { GameIR } from '../interpreter/ir.js';
import { validateIR } from '../schemas/validate.js';
import { CliError } from './errors.js';
import { formatDiagnostic } from './format.js';
import { messages } from './messages.js';

/** Fails with a one-line message unless `file` is an existing file. */
export function requireFile(file: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch {
    throw new CliError(messages.fileNotFound(file));
  }
  if (!isFile) throw new CliError(messages.notAFile(file));
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
  if (first) throw new CliError(messages.compileFailed(file, formatDiagnostic(first), errors.length - 1));
  const ir = result.ir;
  if (!ir) throw new CliError(messages.noIR(file));
  if (variant !== undefined && ir.variant !== variant) {
    throw new CliError(messages.unknownVariant(variant, variantNames(result)));
  }
  const check = validateIR(ir);
  if (!check.valid) throw new CliError(messages.schemaMismatch(file, check.errors[0] ?? ''));
  return { ir, result };
}

/** Compiles and loads `file` for play. */
export async function loadOrFail(file: string, variant?: string): Promise<{ ir: GameIR; game: Game }> {
  const { ir } = await compileOrFail(file, variant);
  return { ir, game: loadGame(ir) };
}

/** The player count to use: the one asked for (checked against the game), else the game's least. */
export function playerCount(ir: GameIR, asked: number | undefined): number {
  const { min, max, counts } = ir.players;
  const n = asked ?? counts?.[0] ?? min;
  const allowed = counts ? counts.includes(n) : n >= min && n <= max;
  if (!allowed) throw new CliError(messages.badPlayers(n, counts ? counts.join(', ') : `${min}..${max}`));
  return n;
}
