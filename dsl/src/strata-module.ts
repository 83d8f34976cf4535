/**
 * The one place where the Strata language services are wired together (Langium's module pattern).
 * Core services serve the CLI, the compiler and tests; an LSP module adds the editor's on top of
 * `StrataModule` and `StrataSharedModule` (which loads the built-in library into every workspace).
 */
import {
  createDefaultCoreModule,
  createDefaultSharedCoreModule,
  inject,
  type DefaultSharedCoreModuleContext,
  type LangiumCoreServices,
  type LangiumSharedCoreServices,
  type Module,
  type PartialLangiumCoreServices,
  type PartialLangiumSharedCoreServices,
} from 'langium';
import { StrataGeneratedModule, StrataGeneratedSharedModule } from './generated/module.js';
import { StrataCommentProvider } from './syntax/strata-comments.js';
import { GameContext } from './scoping/strata-game-context.js';
import { BuiltinLibrary } from './scoping/strata-library.js';
import { StrataLinker } from './scoping/strata-linker.js';
import { StrataDocumentValidator, StrataReferenceDescriptionProvider, StrataValidationRegistry } from './checks/strata-document-passes.js';
import { createStrataParser } from './syntax/strata-parser.js';
import { StrataValueConverter } from './syntax/strata-value-converter.js';
import { StrataScopeComputation } from './scoping/strata-scope-computation.js';
import { StrataScopeProvider } from './scoping/strata-scope-provider.js';
import { StrataLexerErrorMessageProvider, StrataParserErrorMessageProvider } from './syntax/strata-syntax-messages.js';
import { StrataTypeSystem } from './types/strata-type-system.js';
import { UsageIndex } from './scoping/strata-usage.js';
import { registerValidationChecks } from './strata-validator.js';
import { StrataWorkspaceManager } from './scoping/strata-workspace-manager.js';

/** Services added to Langium's defaults by Strata. */
export type StrataAddedServices = {
  references: {
    ScopeProvider: StrataScopeProvider;
  };
  strata: {
    BuiltinLibrary: BuiltinLibrary;
    GameContext: GameContext;
    TypeSystem: StrataTypeSystem;
    Usage: UsageIndex;
  };
};
export type StrataServices = LangiumCoreServices & StrataAddedServices;

export const StrataModule: Module<StrataServices, PartialLangiumCoreServices & StrataAddedServices> = {
  parser: {
    LangiumParser: (services) => createStrataParser(services),
    ParserErrorMessageProvider: () => new StrataParserErrorMessageProvider(),
    LexerErrorMessageProvider: () => new StrataLexerErrorMessageProvider(),
    ValueConverter: () => new StrataValueConverter(),
  },
  documentation: {
    CommentProvider: (services) => new StrataCommentProvider(services),
  },
  references: {
    ScopeComputation: (services) => new StrataScopeComputation(services),
    ScopeProvider: (services) => new StrataScopeProvider(services),
    Linker: (services) => new StrataLinker(services),
  },
  validation: {
    ValidationRegistry: (services) => new StrataValidationRegistry(services),
    DocumentValidator: (services) => new StrataDocumentValidator(services),
  },
  workspace: {
    ReferenceDescriptionProvider: (services) => new StrataReferenceDescriptionProvider(services),
  },
  strata: {
    BuiltinLibrary: (services) => new BuiltinLibrary(services.shared),
    GameContext: (services) => new GameContext(services.shared),
    TypeSystem: (services) => new StrataTypeSystem(services),
    Usage: (services) => new UsageIndex(services.shared),
  },
};

export const StrataSharedModule: Module<LangiumSharedCoreServices, PartialLangiumSharedCoreServices> = {
  workspace: {
    WorkspaceManager: (shared) => new StrataWorkspaceManager(shared),
  },
};

/** `extra`: services replaced on top of Strata's (e.g. the one-shot API's, see api/session.ts). */
export function createStrataServices(
  context: DefaultSharedCoreModuleContext,
  extra: Module<StrataServices, PartialLangiumCoreServices> = {},
): {
  shared: LangiumSharedCoreServices;
  Strata: StrataServices;
} {
  const shared = inject(createDefaultSharedCoreModule(context), StrataGeneratedSharedModule, StrataSharedModule);
  const Strata = inject(createDefaultCoreModule({ shared }), StrataGeneratedModule, StrataModule, extra);
  shared.ServiceRegistry.register(Strata);
  registerValidationChecks(Strata);
  return { shared, Strata };
}
