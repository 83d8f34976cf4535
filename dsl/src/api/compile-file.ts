/**
 * The file-based entry points (Node only): read a rule file and, recursively, the files it `use`s,
 * then check or compile them as text. Node modules are imported lazily so that a browser bundle
 * of the text API never loads them.
 */
import { checkText, compileAllVariants, compileText, listVariants, type CompileAllResult, type CompileResult } from './compile-text.js';
import { messages } from '../messages.js';
import { atFileStart, byPosition, type Diagnostic } from './diagnostics.js';
import { parseFile, toUri, type ParsedFile } from './session.js';

interface Collected {
  files: ParsedFile[];
  names: Map<string, string>;
  /** Requested paths that could not be read. */
  missing: Diagnostic[];
}

/** The `use` paths of a parsed file (not linked). */
function usesOf(file: ParsedFile): string[] {
  return (file.document?.parseResult.value.uses ?? []).map((u) => u.path).filter((p): p is string => typeof p === 'string' && p.length > 0);
}

/** Reads and parses `paths` and every file they use; files are keyed by absolute file URI, named by path as given. */
async function collect(paths: string[]): Promise<Collected> {
  const { readFile } = await import('node:fs/promises');
  const path = await import('node:path');
  const files: ParsedFile[] = [];
  const names = new Map<string, string>();
  const missing: Diagnostic[] = [];
  const requested = new Set(paths);
  const pending = [...paths];
  while (pending.length > 0) {
    const shown = pending.shift()!;
    const uri = toUri(path.resolve(shown)).toString();
    if (names.has(uri)) continue;
    let text: string;
    try {
      // A byte-order mark is not part of the rules.
      text = (await readFile(shown, 'utf8')).replace(/^\uFEFF/, '');
    } catch (e) {
      // A missing used file is reported on its `use` by the checker.
      const code = (e as NodeJS.ErrnoException).code;
      const message = code === 'ENOENT' ? messages.fileNotFound(shown) : messages.cannotReadFile(shown, code ?? String(e));
      if (requested.has(shown)) missing.push(atFileStart(shown, message));
      continue;
    }
    names.set(uri, shown);
    // Parsed once: the document read for its `use`s is the one built.
    const file: ParsedFile = { uri, text };
    file.document = parseFile(file);
    files.push(file);
    for (const used of usesOf(file)) pending.push(path.isAbsolute(used) ? used : path.join(path.dirname(shown), used));
  }
  return { files, names, missing };
}

export async function compileFile(file: string, o: { variant?: string } = {}): Promise<CompileResult> {
  const { files, names, missing } = await collect([file]);
  if (missing.length > 0) return { diagnostics: missing, variants: [] };
  return compileText(files, { ...o, names });
}

/** The base game and every variant of `file`, from one parse and one build. */
export async function compileFileAllVariants(file: string): Promise<CompileAllResult> {
  const { files, names, missing } = await collect([file]);
  if (missing.length > 0) return { diagnostics: missing, variants: [], results: [] };
  return compileAllVariants(files, { names });
}

export async function checkFiles(paths: string[]): Promise<Diagnostic[]> {
  const { files, names, missing } = await collect(paths);
  const found = files.length > 0 ? await checkText(files, { names }) : [];
  return [...missing, ...found].sort(byPosition);
}

export async function listVariantsOfFile(file: string): Promise<string[]> {
  const { files, names } = await collect([file]);
  return files.length > 0 ? listVariants(files, { names }) : [];
}
