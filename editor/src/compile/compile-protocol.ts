/** Messages between the page and the compile worker (compile-worker.ts). */
// A type-only import: nothing of dsl/ is bundled into the page.
import type { Diagnostic } from '../../../dsl/browser.js';
import type { GameIR } from '../../../interpreter/ir.js';

export interface SourceFile {
  uri: string;
  text: string;
}

export interface CompileRequest {
  id: number;
  files: SourceFile[];
  main: string;
  variant: string | null;
}

export interface CompileOutcome {
  /** The compiled IR, when the file compiled. */
  ir?: GameIR;
  diagnostics: Diagnostic[];
  /** Variants of the main file's game, base first. */
  variants: string[];
  /** Schema validation of the IR (absent when nothing compiled). */
  validation?: { valid: true } | { valid: false; errors: string[] };
  /** The compiler itself failed (a bug, not a problem of the rules). */
  crash?: string;
  /** The variant compiled. */
  variant: string | null;
  main: string;
  /** Milliseconds the compile and validation took. */
  ms: number;
}

export interface CompileResponse extends CompileOutcome {
  id: number;
}
