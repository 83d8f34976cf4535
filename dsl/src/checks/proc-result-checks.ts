/**
 * Procedures that give a value (`proc f(…): T { … return e }`): every path ends in `return`, the
 * value fits T, `return` stands only in such a procedure (not inside a flow block it opens), and a
 * call's value is taken only where the flow may wait for a choice inside it: the whole value of a
 * `let` or an assignment.
 */
import type { AstNode, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import type { StrataServices } from '../strata-module.js';
import { fits, show } from '../types/strata-types.js';
import { makeExpect } from './expression-checks.js';

/** Whether running `statements` to their end always meets a `return` or `fail`. */
export function alwaysReturns(statements: readonly ast.Statement[]): boolean {
  const last = statements[statements.length - 1];
  if (last === undefined) return false;
  if (ast.isReturn(last) || ast.isFail(last) || ast.isEndGame(last)) return true;
  if (ast.isIf(last)) return ifReturns(last);
  return false;
}

function ifReturns(s: ast.If): boolean {
  // An else-if chain is walked as a loop: a long chain must not nest calls.
  let at: ast.If | undefined = s;
  while (at !== undefined) {
    if (!alwaysReturns(at.then?.statements ?? [])) return false;
    if (at.elseIf) at = at.elseIf;
    else return at.else !== undefined && alwaysReturns(at.else.statements ?? []);
  }
  return false;
}

/** The procedure a `return` belongs to, or the flow block between them (it cannot be left so). */
function enclosing(node: AstNode): ast.Proc | ast.Named | ast.Simultaneous | undefined {
  for (let n = node.$container; n !== undefined; n = n.$container) {
    if (ast.isProc(n) || ast.isNamed(n) || ast.isSimultaneous(n)) return n;
    if (ast.isAction(n) || ast.isTrigger(n) || ast.isSetup(n) || ast.isFlow(n) || ast.isScenario(n)) return undefined;
  }
  return undefined;
}

export function procResultChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const types = services.strata.TypeSystem;
  return {
    Proc: (proc, accept) => {
      if (proc.type && !alwaysReturns(proc.body?.statements ?? [])) {
        accept('error', messages.missingReturn(proc.name), { node: proc, property: 'name' });
      }
    },
    Return: (s, accept) => {
      const around = enclosing(s);
      if (ast.isNamed(around) || ast.isSimultaneous(around)) {
        accept('error', messages.returnInBlock(ast.isNamed(around) ? around.kind : 'simultaneous'), { node: s });
        return;
      }
      if (!ast.isProc(around) || !around.type) {
        accept('error', messages.returnOutsideProc(), { node: s });
        return;
      }
      const expected = types.fromTypeRef(around.type);
      makeExpect(types, accept)(s.value, (ty) => fits(expected, ty), (got) => messages.typeMismatch(show(expected), got));
    },
  };
}
