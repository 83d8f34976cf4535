/**
 * The built-in library as a document of every workspace (Langium's built-in library pattern): its
 * `builtin` declarations link like any name, so they get hover docs, go-to-definition and types.
 * The text comes from library-text.ts (generated from library.strata) so browsers need no file access.
 */
import { URI, type LangiumDocument, type LangiumSharedCoreServices } from 'langium';
import type { Builtin, Model } from '../generated/ast.js';
import { LIBRARY_TEXT } from '../library-text.js';

export const LIBRARY_URI = 'builtin:///library.strata';

export function isLibraryUri(uri: URI | string): boolean {
  return (typeof uri === 'string' ? URI.parse(uri) : uri).toString() === URI.parse(LIBRARY_URI).toString();
}

export class BuiltinLibrary {
  private readonly shared: LangiumSharedCoreServices;
  private doc: LangiumDocument<Model> | undefined;
  private byName: Map<string, Builtin> | undefined;

  constructor(shared: LangiumSharedCoreServices) {
    this.shared = shared;
  }

  /** The library document, parsed once and (re-)registered in the workspace when missing. */
  get document(): LangiumDocument<Model> {
    const documents = this.shared.workspace.LangiumDocuments;
    const uri = URI.parse(LIBRARY_URI);
    if (!this.doc) {
      const existing = documents.getDocument(uri);
      this.doc = (existing as LangiumDocument<Model> | undefined) ??
        this.shared.workspace.LangiumDocumentFactory.fromString<Model>(LIBRARY_TEXT, uri);
    }
    if (!documents.hasDocument(uri)) documents.addDocument(this.doc);
    return this.doc;
  }

  get builtins(): Builtin[] {
    return this.document.parseResult.value.builtins;
  }

  builtin(name: string): Builtin | undefined {
    const builtins = this.builtins;
    // A rebuilt library document has new nodes: index them again.
    if (!this.byName || this.byName.get(builtins[0]?.name ?? '') !== builtins[0]) {
      this.byName = new Map(builtins.map((b) => [b.name, b]));
    }
    return this.byName.get(name);
  }
}
