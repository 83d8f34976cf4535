/** Loads the built-in library into every workspace the language server opens. */
import {
  DefaultWorkspaceManager,
  URI,
  type LangiumDocument,
  type LangiumSharedCoreServices,
  type WorkspaceFolder,
} from 'langium';
import { LIBRARY_TEXT } from '../library-text.js';
import { LIBRARY_URI } from './strata-library.js';

export class StrataWorkspaceManager extends DefaultWorkspaceManager {
  private readonly shared: LangiumSharedCoreServices;

  constructor(shared: LangiumSharedCoreServices) {
    super(shared);
    this.shared = shared;
  }

  protected override async loadAdditionalDocuments(
    folders: WorkspaceFolder[],
    collector: (document: LangiumDocument) => void,
  ): Promise<void> {
    await super.loadAdditionalDocuments(folders, collector);
    const uri = URI.parse(LIBRARY_URI);
    const documents = this.shared.workspace.LangiumDocuments;
    // The BuiltinLibrary service may have registered it already; one document per URI.
    collector(documents.getDocument(uri) ?? this.shared.workspace.LangiumDocumentFactory.fromString(LIBRARY_TEXT, uri));
  }
}
