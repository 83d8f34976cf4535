/**
 * Local names visible at a point, innermost first: `let` (after it, in its block and the blocks
 * inside), a bare `choose` and `play … as` (after them), loop and binder names (in their body or
 * expression), `let … in` (in its body), parameters (in their fn, proc or action), and the `p` of
 * ranking keys.
 */
import type { AstNode } from 'langium';
import {
  isAction,
  isBlock,
  isChoose,
  isComprehension,
  isFn,
  isFor,
  isLambdaExpr,
  isLet,
  isLetExpr,
  isPlay,
  isProc,
  isQuantifier,
  isRankKey,
  isRepeat,
  isSimultaneous,
} from './generated/ast.js';
import type { Declaration } from './strata-scope-computation.js';
import { nameOf } from './strata-ast-utils.js';

/** The implicit local of ranking keys (bound to each player in turn). */
export const RANK_PLAYER = 'p';

export function localsAt(start: AstNode): Declaration[] {
  const out: Declaration[] = [];
  const add = (node: AstNode, name = nameOf(node)): void => {
    if (name) out.push({ name, node });
  };
  let child = start;
  let parent = start.$container;
  while (parent) {
    const property = child.$containerProperty;
    if (isBlock(parent)) {
      const index = parent.statements.indexOf(child as (typeof parent.statements)[number]);
      // Later statements see earlier bindings; the nearest one wins, so walk backwards.
      for (let i = index - 1; i >= 0; i--) {
        const statement = parent.statements[i];
        if (isLet(statement) || isChoose(statement) || (isPlay(statement) && statement.name)) add(statement);
      }
    } else if (isFor(parent) || isSimultaneous(parent) || (isRepeat(parent) && parent.name)) {
      if (property === 'body') add(parent);
    } else if (isChoose(parent)) {
      if (property === 'filter' || property === 'label') add(parent);
    } else if (isComprehension(parent)) {
      if (property === 'element' || property === 'filter') add(parent);
    } else if (isQuantifier(parent)) {
      if (property === 'filter' || property === 'value') add(parent);
    } else if (isLetExpr(parent)) {
      if (property === 'body') add(parent);
    } else if (isLambdaExpr(parent)) {
      (parent.params ?? []).forEach((p) => add(p));
    } else if (isFn(parent) || isProc(parent) || isAction(parent)) {
      (parent.params ?? []).forEach((p) => add(p));
    } else if (isRankKey(parent) && parent.$container) {
      add(parent.$container, RANK_PLAYER);
    }
    child = parent;
    parent = parent.$container;
  }
  return out;
}
