/**
 * The rule files open in the editor: the bundled rulesets (possibly edited) and files the designer
 * created or imported. One flat folder, `file:///rulesets/`, so `use "x.strata"` resolves between
 * them exactly as it does on disk. This is the one source of truth for file texts; Monaco models,
 * the language server (which also compiles) and the autosave all follow it.
 */

export const folderUri = 'file:///rulesets/';

export interface WorkspaceFile {
  uri: string;
  /** File name, e.g. `race.strata`. */
  name: string;
  text: string;
  /** The shipped text of a bundled ruleset (absent for the designer's own files). */
  original?: string;
  /** Shipped in examples/ (the gallery): the file list shows it under "Examples". */
  example?: boolean;
}

/** Who changed a file: the code editor (already showing the text) or anything else. */
export type ChangeSource = 'editor' | 'outside';

export interface FileChange {
  uri: string;
  source: ChangeSource;
}

export function uriOf(name: string): string {
  return folderUri + encodeURIComponent(name);
}

export function nameOf(uri: string): string {
  return decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
}

/** A file name made safe and given the `.strata` extension. */
export function fileNameFor(wanted: string): string {
  const base = wanted.trim().replace(/\.strata$/i, '').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '');
  return `${base || 'untitled'}.strata`;
}

/**
 * @fires file-changed - a file's text changed (detail: FileChange)
 * @fires files-changed - a file was added or removed
 */
export class Workspace extends EventTarget {
  private readonly byUri = new Map<string, WorkspaceFile>();

  constructor(bundled: { name: string; text: string; group?: 'rulesets' | 'examples' }[]) {
    super();
    for (const b of bundled) {
      const file: WorkspaceFile = { uri: uriOf(b.name), name: b.name, text: b.text, original: b.text };
      if (b.group === 'examples') file.example = true;
      this.byUri.set(file.uri, file);
    }
  }

  /** All files, by name. */
  files(): WorkspaceFile[] {
    return [...this.byUri.values()].sort((a, b) => a.name.localeCompare(b.name));
  }

  get(uri: string): WorkspaceFile | undefined {
    return this.byUri.get(uri);
  }

  isModified(uri: string): boolean {
    const f = this.byUri.get(uri);
    return f?.original !== undefined && f.original !== f.text;
  }

  setText(uri: string, text: string, source: ChangeSource): void {
    const f = this.byUri.get(uri);
    if (!f || f.text === text) return;
    f.text = text;
    this.dispatchEvent(new CustomEvent<FileChange>('file-changed', { detail: { uri, source } }));
  }

  /** Adds a file under a free name close to `wanted`; returns its URI. */
  add(wanted: string, text: string): string {
    const name = this.freeName(fileNameFor(wanted));
    const uri = uriOf(name);
    this.byUri.set(uri, { uri, name, text });
    this.dispatchEvent(new CustomEvent('files-changed'));
    // A new file's text is a change like any other (the autosave keeps it).
    this.dispatchEvent(new CustomEvent<FileChange>('file-changed', { detail: { uri, source: 'outside' } }));
    return uri;
  }

  /** Removes one of the designer's own files (bundled rulesets can only be reverted). */
  remove(uri: string): boolean {
    const f = this.byUri.get(uri);
    if (!f || f.original !== undefined) return false;
    this.byUri.delete(uri);
    this.dispatchEvent(new CustomEvent('files-changed'));
    return true;
  }

  /** Puts a bundled ruleset back to its shipped text. */
  revert(uri: string): void {
    const f = this.byUri.get(uri);
    if (f?.original !== undefined) this.setText(uri, f.original, 'outside');
  }

  /** The file with this name, or one named `name-2.strata`, `name-3.strata`… that is free. */
  freeName(name: string): string {
    const stem = name.replace(/\.strata$/, '');
    let candidate = name;
    for (let i = 2; this.byUri.has(uriOf(candidate)); i++) candidate = `${stem}-${i}.strata`;
    return candidate;
  }

  /** Restores saved texts: edits of bundled files and the designer's own files. */
  restore(saved: { uri: string; text: string }[]): void {
    for (const s of saved) {
      const f = this.byUri.get(s.uri);
      if (f) f.text = s.text;
      else this.byUri.set(s.uri, { uri: s.uri, name: nameOf(s.uri), text: s.text });
    }
    this.dispatchEvent(new CustomEvent('files-changed'));
  }
}
