/** Checks on growing boards (`board M grows square …`) and tile kinds (`kind T edges N E S W : V`). */
import type { ValidationChecks } from 'langium';
import type * as ast from '../generated/ast.js';
import { messages } from '../messages.js';

/** Port names are a side's name and a digit: more parts than 9 no game needs. */
const MAX_PARTS = 9;
const IMPLICIT = ['edges', 'rotation', 'segments'];

export function tileChecks(): ValidationChecks<ast.StrataAstType> {
  return {
    Board: (board, accept) => {
      if (!board.grows) return;
      if (board.perPlayer) accept('error', messages.growsPerPlayer(), { node: board, property: 'grows' });
      const shape = board.shape?.kind;
      if (shape === 'graph' || shape === 'track') accept('error', messages.growsShape(shape), { node: board, property: 'grows' });
    },
    KindEdges: (edges, accept) => {
      const sides = edges.sides ?? [];
      if (sides.length !== 4 && sides.length !== 6) accept('error', messages.edgeSideCount(sides.length), { node: edges, property: 'sides' });
      const seen = new Set<string>();
      sides.forEach((side, index) => {
        if (seen.has(side)) accept('error', messages.edgeSideTwice(side), { node: edges, property: 'sides', index });
        seen.add(side);
      });
      if (edges.parts !== undefined && (edges.parts < 1 || edges.parts > MAX_PARTS)) {
        accept('error', messages.edgeParts(edges.parts, MAX_PARTS), { node: edges, property: 'parts' });
      }
      for (const attr of edges.$container.attrs ?? []) {
        if (IMPLICIT.includes(attr.name)) accept('error', messages.edgeAttributeTaken(attr.name), { node: attr, property: 'name' });
      }
    },
  };
}
