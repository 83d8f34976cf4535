/**
 * One set of language services for the API, and one compilation at a time on it: a call adds its
 * files as documents, builds (parse, link, check) and removes them again when done.
 */
import {
  AstUtils,
  CstUtils,
  DefaultAstNodeDescriptionProvider,
  DefaultReferenceDescriptionProvider,
  EmptyFileSystem,
  URI,
  type AstNode,
  type AstNodeDescription,
  type DocumentSegment,
  type LangiumDocument,
  type LangiumSharedCoreServices,
  type ReferenceDescription,
} from 'langium';
import type { Model } from '../generated/ast.js';
import { createStrataServices, type StrataServices } from '../strata-module.js';

export interface SourceFile {
  /** A URI (`file:///…`, `memory:/…`) or a path; diagnostics and IR locations repeat it as given. */
  uri: string;
  text: string;
}

/** A file already parsed (by compileFile, which reads its `use`s): it is built as is, not parsed again. */
export interface ParsedFile extends SourceFile {
  document?: LangiumDocument<Model>;
}

/** Parses `file` into a document of the API's services (not yet added to the workspace nor built). */
export function parseFile(file: SourceFile): LangiumDocument<Model> {
  return strataServices().shared.workspace.LangiumDocumentFactory.fromString<Model>(file.text, toUri(file.uri));
}

export interface Loaded {
  documents: LangiumDocument<Model>[];
  /** The name a document goes by in diagnostics and locations. */
  fileOf: (document: LangiumDocument) => string;
}

let services: { shared: LangiumSharedCoreServices; Strata: StrataServices } | undefined;
let queue: Promise<unknown> = Promise.resolve();

/**
 * The reference index answers "who refers to this?" across files (find references, and which
 * documents to rebuild after a change): the language server's questions. A compile builds its
 * files once and drops them, and nothing in it asks (the "never used" checks read the document's
 * own references, strata-usage.ts), so the API does not build the index (7 % of a warm compile).
 */
class NoReferenceIndex extends DefaultReferenceDescriptionProvider {
  override async createDescriptions(): Promise<ReferenceDescription[]> {
    return [];
  }
}

/**
 * Langium's descriptions of named nodes, with the node's path and its name's and whole node's
 * segments computed when first read, not when described: a compile reads none of them (the
 * linker takes the node itself), and the whole node's segment walked its CST down to both ends
 * for every local and game-level name a reference found. The API builds its documents and drops
 * them unchanged, so a segment read later is the one read at once. (The language server keeps
 * Langium's: it splices edits into trees it has described.)
 */
class LazyDescriptions extends DefaultAstNodeDescriptionProvider {
  override createDescription(node: AstNode, name: string | undefined, document?: LangiumDocument): AstNodeDescription {
    const doc = document ?? AstUtils.getDocument(node);
    name ??= this.nameProvider.getName(node);
    if (!name) throw new Error(`Node at path ${this.astNodeLocator.getAstNodePath(node)} has no name.`);
    const locator = this.astNodeLocator;
    const names = this.nameProvider;
    let path: string | undefined;
    let nameSegment: DocumentSegment | undefined;
    let selectionSegment: DocumentSegment | undefined;
    let selectionRead = false;
    return {
      node,
      name,
      get nameSegment() {
        return (nameSegment ??= CstUtils.toDocumentSegment(names.getNameNode(node) ?? node.$cstNode));
      },
      get selectionSegment() {
        if (!selectionRead) {
          selectionSegment = CstUtils.toDocumentSegment(node.$cstNode);
          selectionRead = true;
        }
        return selectionSegment;
      },
      type: node.$type,
      documentUri: doc.uri,
      get path() {
        return (path ??= locator.getAstNodePath(node));
      },
    };
  }
}

export function strataServices(): { shared: LangiumSharedCoreServices; Strata: StrataServices } {
  services ??= createStrataServices(EmptyFileSystem, {
    workspace: { ReferenceDescriptionProvider: (s) => new NoReferenceIndex(s), AstNodeDescriptionProvider: (s) => new LazyDescriptions(s) },
  });
  return services;
}

/** `file:///a/b.strata` and `memory:/x` are URIs; `rules/x.strata` and `C:\x` are paths. */
export function toUri(name: string): URI {
  return /^[a-zA-Z][\w+.-]+:/.test(name) ? URI.parse(name) : URI.file(name);
}

/**
 * Tells the caches that the documents are gone, as `DocumentBuilder.update` would (its listeners
 * are the caches: Langium's WorkspaceCaches and the type maps). They were emptied only at the next
 * build's indexing, after its parse: until then the previous compile's trees stayed reachable,
 * and the next parse's garbage collections marked them again.
 */
async function forgetDeleted(shared: LangiumSharedCoreServices, documents: LangiumDocument[]): Promise<void> {
  const builder = shared.workspace.DocumentBuilder as unknown as { emitUpdate?(changed: URI[], deleted: URI[]): Promise<void> };
  await builder.emitUpdate?.([], documents.map((d) => d.uri));
}

/** Runs `work` with `files` built as documents (named by `names`, default: their uri strings). */
export function withDocuments<T>(
  files: ParsedFile[],
  work: (loaded: Loaded, services: StrataServices) => T | Promise<T>,
  names?: Map<string, string>,
): Promise<T> {
  const run = async (): Promise<T> => {
    const { shared, Strata } = strataServices();
    void Strata.strata.BuiltinLibrary.document; // registered before anything links to it
    const byUri = new Map<string, string>();
    const documents = files.map((file) => {
      const uri = toUri(file.uri);
      byUri.set(uri.toString(), names?.get(file.uri) ?? file.uri);
      return file.document ?? shared.workspace.LangiumDocumentFactory.fromString<Model>(file.text, uri);
    });
    documents.forEach((d) => shared.workspace.LangiumDocuments.addDocument(d));
    try {
      await shared.workspace.DocumentBuilder.build(documents, { validation: true });
      const fileOf = (d: LangiumDocument): string => byUri.get(d.uri.toString()) ?? d.uri.toString();
      return await work({ documents, fileOf }, Strata);
    } finally {
      for (const d of documents) {
        shared.workspace.LangiumDocuments.deleteDocument(d.uri);
        shared.workspace.IndexManager.remove(d.uri);
      }
      await forgetDeleted(shared, documents);
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
