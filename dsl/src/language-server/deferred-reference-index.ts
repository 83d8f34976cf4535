/**
 * The language server's index of references ("who refers to this?", for find references, rename
 * and highlights), made after a build has published its diagnostics rather than before: indexing
 * a large file's references took about a tenth of a keystroke's rebuild, and no check reads them.
 * A build only notes which files to index; the index is made once the build is over (when the
 * worker is idle), or at once when asked before that, so every answer is the same as before.
 */
import { DefaultIndexManager, DocumentState, type AstNode, type LangiumDocument, type ReferenceDescription, type Stream, type URI } from 'langium';
import { StrataReferenceDescriptionProvider } from '../checks/strata-document-passes.js';

export class DeferredIndexManager extends DefaultIndexManager {
  /** Files linked by a build whose references are not indexed yet. */
  private readonly pending = new Map<string, LangiumDocument>();

  /** Indexes what the last build left, once the worker has nothing else to do (called when a build is over). */
  indexWhenIdle(): void {
    if (this.pending.size > 0) setTimeout(() => this.indexPending(), 0);
  }

  override async updateReferences(document: LangiumDocument): Promise<void> {
    const uri = document.uri.toString();
    this.referenceIndex.delete(uri);
    this.pending.set(uri, document);
  }

  override removeReferences(uri: URI): void {
    this.pending.delete(uri.toString());
    super.removeReferences(uri);
  }

  override remove(uri: URI): void {
    this.pending.delete(uri.toString());
    super.remove(uri);
  }

  override findAllReferences(targetNode: AstNode, astNodePath: string): Stream<ReferenceDescription> {
    this.indexPending();
    return super.findAllReferences(targetNode, astNodePath);
  }

  override isAffected(document: LangiumDocument, changedUris: Set<string>): boolean {
    this.indexPending();
    return super.isAffected(document, changedUris);
  }

  private indexPending(): void {
    for (const [uri, document] of this.pending) {
      this.pending.delete(uri);
      // Linked (and not changed since): what Langium would have indexed in the build.
      if (document.state < DocumentState.IndexedReferences) continue;
      const describer = this.serviceRegistry.getServices(document.uri).workspace.ReferenceDescriptionProvider;
      if (describer instanceof StrataReferenceDescriptionProvider) this.referenceIndex.set(uri, describer.describeNow(document));
    }
  }
}
