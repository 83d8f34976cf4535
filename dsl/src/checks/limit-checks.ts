/**
 * The language's static limits (strata-limits.ts, docs "Limits"): sizes a rule file states with
 * literals, checked before anything is built from them, and the nesting depth of a file.
 */
import type { AstNode, ValidationAcceptor, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import { constantOf } from '../types/strata-constants.js';
import { limits } from '../syntax/strata-limits.js';
import { placeCount } from '../compiler/strata-board-places.js';
import { knownNestedPastLimit } from '../syntax/strata-parser.js';

export function limitChecks(): ValidationChecks<ast.StrataAstType> {
  return {
    Model: (model, accept) => checkNesting(model, accept),
    Players: (players, accept) => {
      const counts = [players.min, players.max, ...(players.more ?? [])];
      const index = counts.findIndex((n) => typeof n === 'number' && n > limits.players);
      if (index < 0) return;
      const at = index === 0 ? { property: 'min' as const } : index === 1 ? { property: 'max' as const } : { property: 'more' as const, index: index - 2 };
      accept('error', messages.tooManyPlayers(counts[index]!, limits.players), { node: players, ...at });
    },
    Board: (board, accept) => {
      const places = placeCount(board.shape);
      if (places > limits.boardPlaces) accept('error', messages.boardTooLarge(places, limits.boardPlaces), { node: board, property: 'shape' });
    },
    NumberLit: (lit, accept) => {
      if (typeof lit.value === 'number' && !(Math.abs(lit.value) <= limits.number)) {
        accept('error', messages.numberTooLarge(limits.number), { node: lit });
      }
    },
    ScenarioSeed: (item, accept) => {
      if (typeof item.seed === 'number' && !(item.seed <= limits.number)) accept('error', messages.numberTooLarge(limits.number), { node: item, property: 'seed' });
    },
    ScenarioRun: (item, accept) => {
      if (typeof item.count === 'number' && !(item.count <= limits.number)) accept('error', messages.numberTooLarge(limits.number), { node: item, property: 'count' });
    },
    TextLit: (lit, accept) => {
      if (typeof lit.value === 'string' && lit.value.length > limits.textLength) {
        accept('error', messages.textTooLong(lit.value.length, limits.textLength), { node: lit });
      }
    },
    ListExpr: (list, accept) => {
      const n = list.items?.length ?? 0;
      if (n > limits.listItems) accept('error', messages.listTooLong(n, limits.listItems), { node: list });
    },
    Repeat: (node, accept) => checkCount('The count of `repeat`', node, node.count, accept),
    Move: (node, accept) => checkCount('The count of `move`', node, node.count, accept),
    Create: (node, accept) => checkCount('The count of `create`', node, node.count, accept),
  };
}

/** A count written as a literal must be a whole number of at least 0 (computed ones are checked in play). */
function checkCount(what: string, node: AstNode, count: ast.Expression | undefined, accept: ValidationAcceptor): void {
  const value = constantOf(count)?.value;
  if (typeof value === 'number' && !(Number.isInteger(value) && value >= 0)) {
    accept('error', messages.countNotWhole(what, value), { node, property: 'count' as never });
  }
}
/**
 * The first node nested more than `limits.nesting` deep, reported once. The walk is a loop with its
 * own stack, so the depth it measures cannot overflow it.
 */
function checkNesting(model: ast.Model, accept: ValidationAcceptor): void {
  // A whole parse has looked already, linking containers (strata-parser.ts).
  const known = knownNestedPastLimit(model);
  if (known !== undefined) {
    if (known) accept('error', messages.tooDeep(limits.nesting), { node: known });
    return;
  }
  // Two stacks side by side, not a pair per node, and `for … in` (an AST node's own keys, in the
  // order Object.keys gives): this walks every node of every build, without allocating.
  const nodes: AstNode[] = [model];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (depth > limits.nesting) {
      accept('error', messages.tooDeep(limits.nesting), { node });
      return;
    }
    for (const key in node) {
      if (key.startsWith('$')) continue;
      const value = (node as unknown as Record<string, unknown>)[key];
      if (Array.isArray(value)) {
        for (const item of value) {
          if (isNode(item)) {
            nodes.push(item);
            depths.push(depth + 1);
          }
        }
      } else if (isNode(value)) {
        nodes.push(value);
        depths.push(depth + 1);
      }
    }
  }
}

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as { $type?: unknown }).$type === 'string';
}
