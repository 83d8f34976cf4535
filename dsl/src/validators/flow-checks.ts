/**
 * Reachability and use: statements after `end game` or `fail`, actions no `play` offers, functions
 * and procedures nobody calls, and declarations nobody uses (warnings). Uses are counted over the
 * whole workspace, so a base member used only by a variant counts as used; a variant's replacement
 * counts the uses of the member it replaces.
 */
import { AstUtils, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import { isLibraryUri } from '../strata-library.js';
import type { StrataServices } from '../strata-module.js';
import { memberKey } from '../strata-variants.js';

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

  const unused = (what: string) => (node: Named, accept: ValidationAcceptor): void => {
    if (inRules(node) && node.name && usersOf(node).length === 0) {
      accept('warning', messages.unused(what, node.name), { node, property: 'name' });
    }
  };

  return {
    Block: (block, accept) => {
      const statements = block.statements ?? [];
      const stop = statements.findIndex((s) => ast.isEndGame(s) || ast.isFail(s));
      const next = stop >= 0 ? statements[stop + 1] : undefined;
      if (next) accept('error', messages.unreachable(ast.isEndGame(statements[stop]) ? 'end game' : 'fail'), { node: next });
    },
    Action: (action, accept) => {
      if (inRules(action) && action.name && !usersOf(action).some(ast.isPlay)) {
        accept('warning', messages.actionNeverOffered(action.name), { node: action, property: 'name' });
      }
    },
    Fn: (fn, accept) => {
      if (inRules(fn) && fn.name && !usersOf(fn).some(ast.isCallExpr)) accept('warning', messages.neverCalled('function', fn.name), { node: fn, property: 'name' });
    },
    Proc: (proc, accept) => {
      if (inRules(proc) && proc.name && !usersOf(proc).some(ast.isCallExpr)) {
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
