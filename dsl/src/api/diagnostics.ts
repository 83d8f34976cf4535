/** Diagnostics as the public API reports them: 1-based positions in the file as the caller named it. */
import type { LangiumDocument } from 'langium';

type LspDiagnostic = NonNullable<LangiumDocument['diagnostics']>[number];

export interface Diagnostic {
  file: string;
  line: number;
  col: number;
  endLine: number;
  endCol: number;
  severity: 'error' | 'warning';
  message: string;
  code?: string;
}

export function fromLsp(file: string, d: LspDiagnostic): Diagnostic {
  const data: unknown = d.data;
  const dataCode = typeof data === 'object' && data !== null && 'code' in data ? data.code : undefined;
  const code = typeof d.code === 'string' ? d.code : typeof dataCode === 'string' ? dataCode : undefined;
  return {
    file,
    line: d.range.start.line + 1,
    col: d.range.start.character + 1,
    endLine: d.range.end.line + 1,
    endCol: d.range.end.character + 1,
    severity: d.severity === 1 ? 'error' : 'warning',
    message: typeof d.message === 'string' ? d.message : d.message.value,
    ...(code ? { code } : {}),
  };
}

/** A problem of the whole file (no better place to point at). */
export function atFileStart(file: string, message: string, code?: string): Diagnostic {
  return { file, line: 1, col: 1, endLine: 1, endCol: 1, severity: 'error', message, ...(code ? { code } : {}) };
}

export function byPosition(a: Diagnostic, b: Diagnostic): number {
  return (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) || a.line - b.line || a.col - b.col;
}

export function hasErrors(diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}
