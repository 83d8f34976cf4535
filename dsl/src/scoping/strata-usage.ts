/**
 * Who uses what: every linked reference of every document in the workspace, by target. Built once
 * per build (at validation, when all documents are linked) for the "never used" checks.
 */
import { DocumentState, WorkspaceCache, type AstNode, type LangiumDocuments, type LangiumSharedCoreServices } from 'langium';

export class UsageIndex {
  private readonly documents: LangiumDocuments;
  private readonly cache: WorkspaceCache<'users', Map<AstNode, AstNode[]>>;

  constructor(shared: LangiumSharedCoreServices) {
    this.documents = shared.workspace.LangiumDocuments;
    this.cache = new WorkspaceCache(shared, DocumentState.IndexedContent);
  }

  /** The nodes holding a reference to `target` (a Ref, a CallExpr, a Play, a TypeRef …). */
  usersOf(target: AstNode): AstNode[] {
    return this.index().get(target) ?? [];
  }

  private index(): Map<AstNode, AstNode[]> {
    return this.cache.get('users', () => {
      const users = new Map<AstNode, AstNode[]>();
      for (const document of this.documents.all) {
        if (document.state < DocumentState.Linked) continue;
        for (const reference of document.references) {
          const target = 'ref' in reference ? reference.ref : undefined;
          const holder = reference.$refNode?.astNode;
          if (!target || !holder) continue;
          const list = users.get(target);
          if (list) list.push(holder);
          else users.set(target, [holder]);
        }
      }
      return users;
    });
  }
}
