/**
 * Reactions and choices offered to several players: a reaction follows an action or a procedure
 * and names at most its parameters; `by other` / `by self` need a reacting player and an acting
 * one; `cancel` belongs in a `before` reaction's own body (the interpreter finds the run it stops
 * just below the reaction's frame); `by first` needs a pass, `by each` a place for its list.
 */
import type { AstNode, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { describe, messages } from '../messages.js';

/** The member whose body holds `node`: its reaction, or something else (a procedure, the flow…). */
function ownerOf(node: AstNode): AstNode | undefined {
  let n = node.$container;
  while (n && !ast.isGame(n) && !ast.isVariant(n) && !ast.isModel(n)) {
    const up: AstNode | undefined = n.$container;
    if (up && (ast.isGame(up) || ast.isChange(up) || ast.isModel(up))) return n;
    n = up;
  }
  return undefined;
}

export function reactionChecks(): ValidationChecks<ast.StrataAstType> {
  return {
    Reaction: (r, accept) => {
      const target = r.target?.ref;
      if (!target) return;
      if (!ast.isAction(target) && !ast.isProc(target)) {
        accept('error', messages.reactionTarget(r.target.$refText, describe(target.$type)), { node: r, property: 'target' });
        return;
      }
      const params = target.params ?? [];
      const args = r.args ?? [];
      if (args.length > params.length) {
        accept('error', messages.reactionArgs(target.name, params.length, args.length), { node: args[params.length]!, property: 'name' });
      }
      const seen = new Set<string>(r.reactor?.name ? [r.reactor.name] : []);
      for (const a of args) {
        if (seen.has(a.name)) accept('error', messages.duplicateParameter(a.name), { node: a, property: 'name' });
        seen.add(a.name);
      }
      if (r.reactor?.type && (r.reactor.type.primitive !== 'player' || r.reactor.type.optional)) {
        accept('error', messages.reactorNotPlayer(), { node: r.reactor, property: 'type' });
      }
      if (r.by === 'other' || r.by === 'self') {
        if (!r.reactor) accept('error', messages.reactionByNeedsReactor(r.by), { node: r, property: 'by' });
        const actor = ast.isAction(target) ? params.length > 0 : params.some((p) => p.type?.primitive === 'player' && !p.type.list);
        if (!actor) accept('error', messages.reactionNoActor(target.name), { node: r, property: 'by' });
      }
    },
    Cancel: (s, accept) => {
      const owner = ownerOf(s);
      if (!ast.isReaction(owner) || owner.timing !== 'before') accept('error', messages.cancelOutsideBefore(), { node: s });
    },
    Choose: (c, accept) => {
      if (c.mode === 'first' && c.pass === undefined) accept('error', messages.firstNeedsPass(), { node: c, property: 'mode' });
      if (c.mode === 'each' && ast.isBlock(c.$container)) accept('error', messages.eachNeedsResult(), { node: c, property: 'mode' });
    },
  };
}
