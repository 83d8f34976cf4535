/**
 * The Strata language services with Langium's LSP layer, for the editor's language server (run in a
 * Web Worker by dsl/src/language-server/main-browser.ts). Core services (parser, scoping, our checks) come from
 * strata-module.ts unchanged, so the editor reports exactly what the command line reports; this
 * module only adds what an editor needs on top: formatting, semantic colouring, and requests that
 * step aside for a change (yielding-providers.ts).
 */
import { DocumentState, inject, type Module } from 'langium';
import {
  DefaultCompletionProvider,
  DefaultDocumentHighlightProvider,
  DefaultDocumentSymbolProvider,
  DefaultFoldingRangeProvider,
  createDefaultModule,
  createDefaultSharedModule,
  type DefaultSharedModuleContext,
  type LangiumServices,
  type LangiumSharedServices,
  type PartialLangiumSharedServices,
  type PartialLangiumLSPServices,
} from 'langium/lsp';
import { StrataGeneratedModule, StrataGeneratedSharedModule } from '../generated/module.js';
import { StrataModule, StrataSharedModule, type StrataServices } from '../strata-module.js';
import { registerValidationChecks } from '../strata-validator.js';
import { StrataFormatter } from './strata-formatter.js';
import { StrataSemanticTokenProvider } from './strata-semantic-tokens.js';
import { inTurns } from './yielding-providers.js';
import { CrashTolerantDocumentBuilder, CrashTolerantDocumentFactory } from './crash-tolerant-builder.js';
import { DeferredIndexManager } from './deferred-reference-index.js';

export type StrataLspServices = LangiumServices & StrataServices;

export const StrataLspModule: Module<StrataLspServices, PartialLangiumLSPServices> = {
  lsp: {
    Formatter: () => new StrataFormatter(),
    SemanticTokenProvider: (services) => inTurns(new StrataSemanticTokenProvider(services), 'semanticHighlight'),
    CompletionProvider: (services) => inTurns(new DefaultCompletionProvider(services), 'getCompletion'),
    DocumentSymbolProvider: (services) => inTurns(new DefaultDocumentSymbolProvider(services), 'getSymbols'),
    FoldingRangeProvider: (services) => inTurns(new DefaultFoldingRangeProvider(services), 'getFoldingRanges'),
    DocumentHighlightProvider: (services) => inTurns(new DefaultDocumentHighlightProvider(services), 'getDocumentHighlight'),
  },
};

/** A file that crashes the checker gets a located error; the others are still checked; references are indexed after diagnostics. */
export const StrataLspSharedModule: Module<LangiumSharedServices, PartialLangiumSharedServices> = {
  workspace: {
    DocumentBuilder: (shared) => new CrashTolerantDocumentBuilder(shared),
    LangiumDocumentFactory: (shared) => new CrashTolerantDocumentFactory(shared),
    IndexManager: (shared) => new DeferredIndexManager(shared),
  },
};

/** Shared and language services for a language server speaking over `context.connection`. */
export function createStrataLspServices(context: DefaultSharedModuleContext): {
  shared: LangiumSharedServices;
  Strata: StrataLspServices;
} {
  const shared = inject(createDefaultSharedModule(context), StrataGeneratedSharedModule, StrataSharedModule, StrataLspSharedModule);
  const Strata = inject(createDefaultModule({ shared }), StrataGeneratedModule, StrataModule, StrataLspModule);
  shared.ServiceRegistry.register(Strata);
  registerValidationChecks(Strata);
  // References are indexed after a build's diagnostics have gone out (deferred-reference-index.ts).
  const index = shared.workspace.IndexManager;
  if (index instanceof DeferredIndexManager) shared.workspace.DocumentBuilder.onBuildPhase(DocumentState.Validated, () => index.indexWhenIdle());
  return { shared, Strata };
}
