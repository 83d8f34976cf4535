/**
 * The one place where the Strata language services are wired together (Langium's module pattern).
 * Core services serve the CLI and tests; the LSP services (strata-lsp-module.ts) add the editor's.
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
} from 'langium';
import { StrataGeneratedModule, StrataGeneratedSharedModule } from './generated/module.js';

/** Services added to Langium's defaults by Strata. */
export type StrataAddedServices = Record<string, never>;
export type StrataServices = LangiumCoreServices & StrataAddedServices;

export const StrataModule: Module<StrataServices, PartialLangiumCoreServices & StrataAddedServices> = {};

export function createStrataServices(context: DefaultSharedCoreModuleContext): {
  shared: LangiumSharedCoreServices;
  Strata: StrataServices;
} {
  const shared = inject(createDefaultSharedCoreModule(context), StrataGeneratedSharedModule);
  const Strata = inject(createDefaultCoreModule({ shared }), StrataGeneratedModule, StrataModule);
  shared.ServiceRegistry.register(Strata);
  return { shared, Strata };
}
