/**
 * Leaving early: `break` needs a loop around it in its own body; `end round` (or turn, phase, step,
 * period) needs a block of that kind in the flow, and, written in the flow or the setup themselves,
 * one around it. In procedures, actions and triggers the block is only known when they run (the
 * interpreter reports a missing one), and a scenario's `do` runs outside the flow altogether.
 */
import type { AstNode, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import type { StrataServices } from '../strata-module.js';
import { allFlowBlocks } from '../scoping/strata-scope-computation.js';

/** What is around a statement, up to the body it belongs to. */
type Around = { loop: boolean; kinds: Set<string>; body: AstNode | undefined };

function around(statement: AstNode): Around {
  const kinds = new Set<string>();
  let loop = false;
  for (let n = statement.$container; n; n = n.$container) {
    if (ast.isFor(n) || ast.isRepeat(n) || ast.isWhile(n)) loop = true;
    else if (ast.isNamed(n)) kinds.add(n.kind);
    else if (!ast.isBlock(n) && !ast.isIf(n) && !ast.isSimultaneous(n)) return { loop, kinds, body: n };
  }
  return { loop, kinds, body: undefined };
}

export function controlChecks(services: StrataServices): ValidationChecks<ast.StrataAstType> {
  const context = services.strata.GameContext;
  return {
    Break: (s, accept) => {
      const { loop, body } = around(s);
      // A replaced flow block sits wherever the base's flow has it: a loop may be around it there.
      if (!loop && !ast.isReplace(body)) accept('error', messages.breakOutsideLoop(), { node: s });
    },
    EndBlock: (s, accept) => {
      if (!s.kind) return;
      const { kinds, body } = around(s);
      if (ast.isScenarioDo(body)) {
        accept('error', messages.endBlockInScenario(s.kind), { node: s });
        return;
      }
      const target = context.targetOf(s);
      if (target && !allFlowBlocks(context.effective(target)).some((b) => b.kind === s.kind)) {
        accept('error', messages.endBlockNoSuchBlock(s.kind), { node: s, property: 'kind' });
        return;
      }
      if ((ast.isFlow(body) || ast.isSetup(body)) && !kinds.has(s.kind)) {
        accept('error', messages.endBlockNotInside(s.kind), { node: s });
      }
    },
  };
}
