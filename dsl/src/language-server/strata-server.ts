/**
 * The Strata language server on a connection: the editor's Web Worker (main-browser.ts) and
 * `strata lsp` over stdio (main-node.ts) start the same server here. Besides the standard LSP
 * features it sends `strata/validated` (a file's checked version and outline) and answers
 * `strata/compile` from the documents it has already built: the editor builds each keystroke once.
 */
import { DocumentState, URI, type LangiumDocument } from 'langium';
import { startLanguageServer, type DefaultSharedModuleContext } from 'langium/lsp';
import type { CancellationToken, Connection } from 'vscode-languageserver';
import type { GameIR } from '../../../interpreter/ir.js';
import { compileLoaded } from '../api/compile-text.js';
import type { Diagnostic } from '../api/diagnostics.js';
import { isModel, type Model } from '../generated/ast.js';
import { resolveUse, useClosure } from '../scoping/strata-documents.js';
import { deepestNesting } from './crash-tolerant-builder.js';
import { createStrataLspServices } from './strata-lsp-module.js';

/** What a file declares, for the editor's file list and "New variant" (no regular expressions there). */
export interface FileOutline {
  uri: string;
  /** The version of the text checked. */
  version: number;
  /** The game the file declares, if any. */
  game: string | null;
  /** The variants it declares, in order. */
  variants: string[];
  /** The files it `use`s (URIs, resolved). */
  uses: string[];
}

export interface CompileParams {
  textDocument: { uri: string };
  /** A variant's name; null compiles the base game. */
  variant: string | null;
}

/** The answer to `strata/compile`. */
export interface CompileOutcome {
  /** The compiled IR, when the file compiled (it has passed the IR's schema). */
  ir?: GameIR;
  diagnostics: Diagnostic[];
  /** Variants of the main file's game, base first. */
  variants: string[];
  /** Schema validation of the IR (absent when nothing compiled). */
  validation?: { valid: true } | { valid: false; errors: string[] };
  /** The compiler itself failed (a bug, not a problem of the rules): `file:line:col: reason`. */
  crash?: string;
  /** The variant compiled. */
  variant: string | null;
  main: string;
  /** Milliseconds the compile and validation took (the build is the keystroke's). */
  ms: number;
}

export const validatedNotification = 'strata/validated';
export const compileRequest = 'strata/compile';

export function startStrataServer(connection: Connection, fileSystem: Omit<DefaultSharedModuleContext, 'connection'>): ReturnType<typeof createStrataLspServices> {
  const { shared, Strata } = createStrataLspServices({ connection, ...fileSystem });
  startLanguageServer(shared);
  const documents = shared.workspace.LangiumDocuments;

  /**
   * Which version of a file the server has finished checking: the editor makes requests about a
   * file it has just changed wait for it, since tokens, edits and completions computed on the
   * previous text would land in the wrong places.
   */
  shared.workspace.DocumentBuilder.onDocumentPhase(DocumentState.Validated, (document) => {
    void connection.sendNotification(validatedNotification, outlineOf(document));
  });

  connection.onRequest(compileRequest, (params: CompileParams, token: CancellationToken) =>
    // After every pending build: the documents are those of the latest texts.
    shared.workspace.WorkspaceLock.read(() => {
      const main = params.textDocument.uri;
      const variant = params.variant ?? null;
      const started = performance.now();
      const document = documents.getDocument(URI.parse(main)) as LangiumDocument<Model> | undefined;
      // Overtaken by a change: the editor asks again.
      if (token.isCancellationRequested || !document) return null;
      try {
        const loaded = { documents: useClosure(document, documents) as LangiumDocument<Model>[], fileOf: (d: LangiumDocument) => d.uri.toString() };
        const result = compileLoaded(loaded, Strata, document, variant ?? undefined);
        const invalid = result.diagnostics.filter((d) => d.code === 'ir-invalid').map((d) => d.message);
        const validation = result.ir ? { valid: true as const } : invalid.length > 0 ? { valid: false as const, errors: invalid } : undefined;
        return { ...result, ...(validation ? { validation } : {}), main, variant, ms: performance.now() - started } satisfies CompileOutcome;
      } catch (err) {
        // Located in the main file, where its brackets nest deepest (the usual cause); no stack trace.
        const at = deepestNesting(document.textDocument.getText());
        const name = decodeURIComponent(main.slice(main.lastIndexOf('/') + 1));
        const crash = `${name}:${at.line + 1}:${at.character + 1}: ${err instanceof Error ? err.message : String(err)}`;
        return { diagnostics: [], variants: [], crash, main, variant, ms: performance.now() - started } satisfies CompileOutcome;
      }
    }),
  );
  return { shared, Strata };
}

function outlineOf(document: LangiumDocument): FileOutline {
  const root = document.parseResult.value;
  const model = isModel(root) ? root : undefined;
  return {
    uri: document.uri.toString(),
    version: document.textDocument.version,
    game: model?.game?.name ?? null,
    variants: (model?.variants ?? []).map((v) => v.name).filter((n): n is string => typeof n === 'string'),
    uses: (model?.uses ?? []).flatMap((u) => resolveUse(document, u)?.toString() ?? []),
  };
}
