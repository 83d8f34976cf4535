/**
 * Reachability and use: statements after `end game` or `fail`, actions no `play` offers, functions
 * and procedures nobody calls, and declarations nobody uses (warnings). Uses are counted over the
 * whole workspace, so a base member used only by a variant counts as used; a variant's replacement
 * counts the uses of the member it replaces.
 */
import { AstUtils, DocumentState, WorkspaceCache, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import { isLibraryUri } from '../scoping/strata-library.js';
import type { StrataServices } from '../strata-module.js';
import { memberKey } from '../scoping/strata-variants.js';

/** How a statement after which nothing in its block runs reads in the message. */
function stopWords(s: ast.Statement): string | undefined {
  if (ast.isEndGame(s)) return 'end game';
  if (ast.isFail(s)) return 'fail';
  if (ast.isEndBlock(s)) return `end ${s.kind}`;
  if (ast.isBreak(s)) return 'break';
  return undefined;
}

type Named = ast.Param | ast.Var | ast.Zone | ast.Kind | ast.Enum | ast.Die | ast.Fn | ast.Proc | ast.Action;

export function flowChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const usage = services.strata.Usage;
  const context = services.strata.GameContext;

  /** Holders of references to a member (and to the member a variant's `replace` stands for). */
  const usersOf = (member: Named): AstNode[] => {
    const users = [...usage.usersOf(member)];
    if (ast.isEnum(member)) (member.values ?? []).forEach((v) => users.push(...usage.usersOf(v)));
    const change = member.$container;
    if (ast.isReplace(change)) {
      const base = change.$container.base?.ref;
      const key = memberKey(member);
      const replaced = base ? context.effective(base).members.find((m) => memberKey(m) === key) : undefined;
      if (replaced && replaced !== member) users.push(...usersOf(replaced as Named));
    }
    return users.filter((u) => !ast.isRemove(u) && !ast.isSetParam(u));
  };

  const inRules = (node: AstNode): boolean => !isLibraryUri(AstUtils.getDocument(node).uri);

  /** Whether a `play … from <expression>` is in the game or variant holding `node`. */
  const offersComputed = (node: AstNode): boolean => {
    const target = context.targetOf(node);
    if (!target) return false;
    return computedPlays.get(target, () =>
      context.effective(target).members.some((m) => AstUtils.streamAst(m).some((n) => ast.isPlay(n) && n.source !== undefined)),
    );
  };
  const computedPlays = new WorkspaceCache<AstNode, boolean>(services.shared, DocumentState.IndexedContent);

  const unused = (what: string) => (node: Named, accept: ValidationAcceptor): void => {
    if (inRules(node) && node.name && usersOf(node).length === 0) {
      accept('warning', messages.unused(what, node.name), { node, property: 'name' });
    }
  };

  return {
    Block: (block, accept) => {
      const statements = block.statements ?? [];
      const stop = statements.findIndex((s) => stopWords(s) !== undefined);
      const next = stop >= 0 ? statements[stop + 1] : undefined;
      if (next) accept('error', messages.unreachable(stopWords(statements[stop]!) ?? ''), { node: next });
    },
    Action: (action, accept) => {
      // Where a `play` offers computed actions, an action named as a value may be among them.
      const offered = (u: AstNode): boolean => ast.isPlay(u) || (ast.isRef(u) && offersComputed(action));
      if (inRules(action) && action.name && !usersOf(action).some(offered)) {
        accept('warning', messages.actionNeverOffered(action.name), { node: action, property: 'name' });
      }
    },
    Fn: (fn, accept) => {
      if (inRules(fn) && fn.name && !usersOf(fn).some(ast.isCallExpr)) accept('warning', messages.neverCalled('function', fn.name), { node: fn, property: 'name' });
    },
    Proc: (proc, accept) => {
      // A procedure used as a value is called through it (`call card.effect(p)`).
      if (inRules(proc) && proc.name && !usersOf(proc).some((u) => ast.isCallExpr(u) || ast.isRef(u))) {
        accept('warning', messages.neverCalled('procedure', proc.name), { node: proc, property: 'name' });
      }
    },
    Param: unused('param'),
    Var: unused('variable'),
    Zone: unused('zone'),
    Kind: unused('kind'),
    Enum: unused('enum'),
    Die: unused('die'),
  };
}
