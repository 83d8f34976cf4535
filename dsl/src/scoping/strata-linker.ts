/**
 * Linking errors in a designer's words (the default says "Could not resolve reference to
 * NamedElement …"): what is unknown, what it is instead when it has the wrong kind, and the
 * closest known name.
 */
import { Cancellation, DefaultLinker, type AstNode, type AstNodeDescription, type LangiumDocument, type LinkingError, type ReferenceInfo } from 'langium';
import { isBoard, isLink, isRanking, isRemove, isScenario, isTrigger, isVariant } from '../generated/ast.js';
import { describe, describeExpected, messages } from '../messages.js';
import type { StrataServices } from '../strata-module.js';
import { RANK_PLAYER } from './strata-locals.js';
import { noteHolder } from './strata-usage.js';
import type { StrataScopeProvider } from './strata-scope-provider.js';
import { suggest } from '../checks/strata-suggest.js';
import { referencesOf, walkAst } from '../syntax/strata-ast-walk.js';

/** Whether `node` lies in a ranking's `draw if` condition (where the rank keys' `p` is not bound). */
function inDrawCondition(node: AstNode): boolean {
  let child: AstNode = node;
  for (let n = node.$container; n; child = n, n = n.$container) {
    if (isRanking(n)) return n.drawIf === child;
  }
  return false;
}

export class StrataLinker extends DefaultLinker {
  private readonly strataScopes: StrataScopeProvider;

  constructor(services: StrataServices) {
    super(services);
    this.strataScopes = services.references.ScopeProvider;
  }

  /** Langium's linking pass over the faster walk (strata-ast-walk.ts). */
  override async link(document: LangiumDocument, token: Cancellation.CancellationToken = Cancellation.CancellationToken.None): Promise<void> {
    const link = (info: ReferenceInfo): void => {
      noteHolder(info.reference, info.container);
      this.doLink(info, document);
    };
    await walkAst(document.parseResult.value, (node) => referencesOf(node, link), token);
  }

  override createLinkingError(info: ReferenceInfo, targetDescription?: AstNodeDescription): LinkingError {
    return { info, message: this.messageFor(info), targetDescription };
  }

  private messageFor(info: ReferenceInfo): string {
    const name = info.reference.$refText;
    const { container, property } = info;
    const close = (): string | undefined =>
      suggest(name, this.strataScopes.getScope(info).getAllElements().map((d) => d.name));
    if ((isVariant(container) || isScenario(container)) && property === 'base') return messages.unknownBase(name, close());
    if (isLink(container)) {
      const board = container.$container;
      return messages.unknownSpace(isBoard(board) ? board.name : '?', name, close());
    }
    if (isRemove(container)) return messages.removeMissing(name, container.$container.base?.$refText ?? '?', close());
    if (isTrigger(container)) return messages.unknownTriggerTarget(name, close());
    if (name === RANK_PLAYER && inDrawCondition(container)) return messages.noPlayerInDraw();
    const other = this.strataScopes.getUnfilteredScope(info).getElement(name);
    if (other) {
      const expected = describeExpected[this.reflection.getReferenceType(info)] ?? 'a name';
      return messages.wrongKindOfName(name, describe(other.type), expected);
    }
    return messages.unknownName(name, close());
  }
}
