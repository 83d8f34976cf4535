/** Messages between the page and the compile worker (compile-worker.ts). */
import type { GameIR } from '../../../interpreter/ir.js';

export interface SourceFile {
  uri: string;
  text: string;
}

/** A compiler diagnostic: 1-based lines and columns (the shape of dsl/index.ts). */
export interface CompileDiagnostic {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: 'error' | 'warning';
  message: string;
  code?: string;
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
  diagnostics: CompileDiagnostic[];
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
