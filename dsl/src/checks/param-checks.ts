/**
 * Params whose values refer to each other in a circle (`param a = b + 1`, `param b = a + 1`), also
 * through functions: the game could never compute them. Checked per game and per variant, on the
 * resolved params; a variant reports only circles that its own changes close.
 */
import { AstUtils, type AstNode, type ValidationAcceptor, type ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import type { GameContext } from '../scoping/strata-game-context.js';
import type { StrataServices } from '../strata-module.js';
import { valueBefore } from '../scoping/strata-variants.js';

export function paramChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const context = services.strata.GameContext;
  return {
    Game: (game, accept) => checkCycles(context, game, accept),
    Variant: (variant, accept) => checkCycles(context, variant, accept),
  };
}

function checkCycles(context: GameContext, target: ast.Game | ast.Variant, accept: ValidationAcceptor): void {
  const game = context.effective(target);
  if (game.cycle) return; // bases in a circle: reported by the variant checks
  const values = new Map<string, ast.Expression>();
  for (const member of game.members) {
    if (!ast.isParam(member) || typeof member.name !== 'string') continue;
    const value = game.paramValues.get(member.name) ?? member.value;
    if (value) values.set(member.name, value);
  }
  const edges = new Map<string, string[]>();
  for (const [name, value] of values) edges.set(name, [...paramsReached(value)].filter((n) => values.has(n)));
  // Depth-first search with an explicit stack; a grey node met again closes a circle.
  const state = new Map<string, 'grey' | 'black'>();
  for (const start of values.keys()) {
    if (state.has(start)) continue;
    const path: string[] = [];
    const stack: { name: string; next: number }[] = [{ name: start, next: 0 }];
    state.set(start, 'grey');
    path.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const out = edges.get(top.name) ?? [];
      if (top.next >= out.length) {
        state.set(top.name, 'black');
        stack.pop();
        path.pop();
        continue;
      }
      const next = out[top.next++]!;
      const seen = state.get(next);
      if (seen === 'grey') {
        const chain = [...path.slice(path.indexOf(next)), next];
        report(target, chain, values, accept);
      } else if (seen === undefined) {
        state.set(next, 'grey');
        path.push(next);
        stack.push({ name: next, next: 0 });
      }
    }
  }
}

/** Reported on the first value of the circle written in `target` (none: its base reports it). */
function report(target: AstNode, chain: string[], values: Map<string, ast.Expression>, accept: ValidationAcceptor): void {
  for (const name of chain) {
    const value = values.get(name)!;
    if (AstUtils.hasContainerOfType(value, (n) => n === target)) {
      accept('error', messages.parameterCycle(chain), { node: value });
      return;
    }
  }
}

/**
 * The params an expression reads, through the functions it calls. Inside `set p = …`, `p` is the
 * value before the change, so its params count instead.
 */
function paramsReached(root: ast.Expression): Set<string> {
  const found = new Set<string>();
  const seen = new Set<AstNode>();
  const todo: AstNode[] = [root];
  while (todo.length > 0) {
    const expr = todo.pop()!;
    if (seen.has(expr)) continue;
    seen.add(expr);
    for (const node of AstUtils.streamAst(expr)) {
      const target = ast.isRef(node) ? node.target?.ref : ast.isCallExpr(node) ? node.callee?.ref : undefined;
      if (ast.isParam(target)) {
        const set = AstUtils.getContainerOfType(node, ast.isSetParam);
        if (set && set.param?.$refText === target.name) {
          const before = valueBefore(set);
          if (before) todo.push(before);
        } else found.add(target.name);
      } else if (ast.isFn(target) && target.body) todo.push(target.body);
    }
    // `set p += e` reads the value before, too.
    const set = expr.$container;
    if (ast.isSetParam(set) && set.value === expr && set.op !== '=') {
      const before = valueBefore(set);
      if (before) todo.push(before);
    }
  }
  return found;
}
