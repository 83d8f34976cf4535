/**
 * Zones kept per key (`zone display: Card per Colour`, `per Board`, `per kind`): the key must be
 * enumerable (an enum, a shared board, the kinds' names), and a copy that belongs to nobody
 * cannot be `visible owner`.
 */
import type { ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';

export function zoneKeyChecks(): ValidationChecks<ast.StrataAstType> {
  return {
    Zone: (z, accept) => {
      const by = z.keyedBy?.ref;
      if (z.keyedBy && by !== undefined) {
        if (ast.isBoard(by) && by.perPlayer) accept('error', messages.zoneKeyPerPlayerBoard(by.name), { node: z, property: 'keyedBy' });
        else if (!ast.isEnum(by) && !ast.isBoard(by)) accept('error', messages.zoneKeyNotEnumerable(z.keyedBy.$refText), { node: z, property: 'keyedBy' });
      }
      if ((z.perKind || z.keyedBy) && z.visibility === 'owner') accept('error', messages.keyedZoneOwner(), { node: z, property: 'visibility' });
    },
  };
}
