/** Checks on boards: shape sizes, the names and positions of spaces, fixed place attributes. */
import type { ValidationAcceptor, ValidationChecks } from 'langium';
import * as ast from '../generated/ast.js';
import { messages } from '../messages.js';
import { gridName, hexDistance, hexName, hexPositions, trackName } from '../compiler/board-geometry.js';
import { constantOf } from '../types/strata-constants.js';
import { limits } from '../syntax/strata-limits.js';
import { placeCount } from '../compiler/strata-board-places.js';

export function boardChecks(): ValidationChecks<ast.StrataAstType> {
  return {
    SquareShape: (shape, accept) => {
      if (shape.neighbours !== undefined && shape.neighbours !== 4 && shape.neighbours !== 8) {
        accept('error', messages.neighboursFourOrEight(shape.neighbours), { node: shape, property: 'neighbours' });
      }
      if (shape.width < 1 || shape.height < 1) accept('error', messages.boardTooSmall(), { node: shape });
    },
    TrackShape: (shape, accept) => {
      if (shape.length < 1) accept('error', messages.boardTooSmall(), { node: shape, property: 'length' });
    },
    Board: (board, accept) => {
      if (placeCount(board.shape) > limits.boardPlaces) return; // limit-checks.ts reports it
      const spaces = (board.items ?? []).filter(ast.isSpace);
      spaces.forEach((space) => checkSpace(board, space, accept));
      if (board.shape?.kind === 'hex') checkHexPositions(board.shape.radius, spaces, accept);
    },
    FieldInit: (field, accept) => {
      const owner = field.$container;
      if (!(ast.isSpace(owner) || ast.isDefaults(owner) || ast.isLink(owner)) || !field.value) return;
      if (!constantOf(field.value)) accept('error', messages.constantNeeded(), { node: field, property: 'value' });
    },
  };
}

function checkSpace(board: ast.Board, space: ast.Space, accept: ValidationAcceptor): void {
  const shape = board.shape;
  if (!shape || !space.name) return;
  const hasAt = space.q !== undefined || space.r !== undefined;
  if (hasAt && shape.kind !== 'hex') accept('error', messages.atOnlyOnHex(), { node: space, property: 'q' });
  switch (shape.kind) {
    case 'graph':
      return;
    case 'square': {
      const names = new Set<string>();
      for (let r = 1; r <= shape.height; r++) for (let c = 1; c <= shape.width; c++) names.add(gridName(r, c));
      if (!names.has(space.name)) {
        accept('error', messages.gridSpaceName(space.name, shape.width, shape.height), { node: space, property: 'name' });
      }
      return;
    }
    case 'track': {
      const names = new Set(Array.from({ length: shape.length }, (_, i) => trackName(i)));
      if (!names.has(space.name)) accept('error', messages.trackSpaceName(space.name, shape.length), { node: space, property: 'name' });
      return;
    }
    case 'hex': {
      if (hasAt) return;
      const names = new Set(hexPositions(shape.radius).map(({ q, r }) => hexName(q, r)));
      if (!names.has(space.name)) accept('error', messages.hexSpaceNeedsAt(space.name), { node: space, property: 'name' });
      return;
    }
  }
}

function checkHexPositions(radius: number, spaces: ast.Space[], accept: ValidationAcceptor): void {
  const taken = new Map<string, string>();
  for (const space of spaces) {
    if (space.q === undefined || space.r === undefined) continue;
    if (hexDistance(space.q, space.r) > radius) {
      accept('error', messages.hexOutside(space.q, space.r, radius), { node: space, property: 'q' });
      continue;
    }
    const key = `${space.q},${space.r}`;
    const other = taken.get(key);
    if (other) accept('error', messages.hexTaken(space.q, space.r, other), { node: space, property: 'q' });
    else taken.set(key, space.name);
  }
}
