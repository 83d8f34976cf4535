/**
 * Who uses what: every linked reference of every document in the workspace, by target. Built once
 * per document and linking (at validation, when all documents are linked) for the "never used" checks.
 */
import { DocumentState, type AstNode, type LangiumDocument, type LangiumDocuments, type LangiumSharedCoreServices } from 'langium';

/** The node holding a reference, noted by the linker as it walks the tree (StrataLinker.link). */
const HOLDER = Symbol('holder');
type Held = { [HOLDER]?: AstNode };

/**
 * Notes `holder` as the node holding `reference`. Read by usersIn: `$refNode.astNode`, the same
 * node, walks up the syntax tree from the reference's token, for every reference of every build.
 */
export function noteHolder(reference: object, holder: AstNode): void {
  (reference as Held)[HOLDER] = holder;
}

export class UsageIndex {
  private readonly documents: LangiumDocuments;
  /**
   * Per document, by its list of references (Langium makes a new list whenever it links the
   * document again) and that list's length: a keystroke in one file no longer re-reads the others.
   */
  private readonly byDocument = new WeakMap<object, { length: number; users: Map<AstNode, AstNode[]> }>();

  constructor(shared: LangiumSharedCoreServices) {
    this.documents = shared.workspace.LangiumDocuments;
  }

  /** The nodes holding a reference to `target` (a Ref, a CallExpr, a Play, a TypeRef …). */
  usersOf(target: AstNode): AstNode[] {
    const found: AstNode[] = [];
    for (const document of this.documents.all) {
      if (document.state < DocumentState.Linked) continue;
      const users = this.usersIn(document.references).get(target);
      if (users) found.push(...users);
    }
    return found;
  }

  private usersIn(references: LangiumDocument['references']): Map<AstNode, AstNode[]> {
    const known = this.byDocument.get(references);
    if (known && known.length === references.length) return known.users;
    const users = new Map<AstNode, AstNode[]>();
    for (const reference of references) {
      const target = 'ref' in reference ? reference.ref : undefined;
      const holder = (reference as Held)[HOLDER] ?? reference.$refNode?.astNode;
      if (!target || !holder) continue;
      const list = users.get(target);
      if (list) list.push(holder);
      else users.set(target, [holder]);
    }
    this.byDocument.set(references, { length: references.length, users });
    return users;
  }
}
