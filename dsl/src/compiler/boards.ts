/** Boards to IR: the shape, and every place and link listed (generated ones included). */
import type { BoardIR, BoardShapeIR } from '../../../interpreter/ir.js';
import type * as ast from '../generated/ast.js';
import { boardLinks, boardPlaces } from './strata-board-places.js';
import { docOf, loc, type CompileContext } from './context.js';

function shapeOf(shape: ast.BoardShape | undefined): BoardShapeIR {
  switch (shape?.kind) {
    case 'square':
      return { type: 'square', width: shape.width, height: shape.height, neighbours: shape.neighbours === 8 ? 8 : 4 };
    case 'hex':
      return { type: 'hex', radius: shape.radius };
    case 'track':
      return { type: 'track', length: shape.length };
    case 'graph':
    case undefined:
      return { type: 'graph' };
  }
}

export function compileBoard(ctx: CompileContext, board: ast.Board): BoardIR {
  return {
    shape: shapeOf(board.shape),
    perPlayer: board.perPlayer,
    ...(board.grows ? { grows: true } : {}),
    places: boardPlaces(board),
    links: boardLinks(board),
    ...docOf(ctx, board),
    at: loc(ctx, board),
  };
}
