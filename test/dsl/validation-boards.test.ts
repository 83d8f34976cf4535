import { expectError, expectNoIssues } from 'langium/test';
import { describe, it } from 'vitest';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, game } from './helpers.js';

/** A game using every board so that only board problems are reported. */
const withBoard = (board: string): string => game(board, 'flow { log B }');

describe('boards', () => {
  it('accepts well-formed boards of every shape', async () => {
    expectNoIssues(await check(withBoard('board B square 3 by 2 neighbours 8 { space r2c3 { a: 1 } defaults { a: 0 } }')));
    expectNoIssues(await check(withBoard('board B hex radius 1 { space mid at 0, 0 space h1_m1 { b: "x" } }')));
    expectNoIssues(await check(withBoard('board B track 4 { space t3 { goal: true } }')));
    expectNoIssues(await check(withBoard('board B graph { space a { tags: ["x", "y"], at: { n: -1 } } space b link a -> b }')));
  });

  it('has 4 or 8 neighbours on a square board', async () => {
    const result = await check(withBoard('board B square 3 by 3 neighbours 6'));
    expectError(result, messages.neighboursFourOrEight(6), { node: find(result.model, ast.isSquareShape), property: 'neighbours' });
  });

  it('needs at least one place', async () => {
    const result = await check(withBoard('board B track 0'));
    expectError(result, messages.boardTooSmall(), { node: find(result.model, ast.isTrackShape), property: 'length' });
  });

  it('names grid spaces rRcC within the board', async () => {
    const result = await check(withBoard('board B square 3 by 2 { space r3c1 }'));
    expectError(result, messages.gridSpaceName('r3c1', 3, 2), { node: find(result.model, ast.isSpace), property: 'name' });
  });

  it('names track spaces t0 to t{n-1}', async () => {
    const result = await check(withBoard('board B track 3 { space t3 }'));
    expectError(result, messages.trackSpaceName('t3', 3), { node: find(result.model, ast.isSpace), property: 'name' });
  });

  it('places hex spaces with `at`, inside the radius, one per position', async () => {
    const result = await check(withBoard('board B hex radius 1 { space a space b at 2, 0 space c at 0, 1 space d at 0, 1 }'));
    expectError(result, messages.hexSpaceNeedsAt('a'), { node: find(result.model, ast.isSpace, 'a'), property: 'name' });
    expectError(result, messages.hexOutside(2, 0, 1), { node: find(result.model, ast.isSpace, 'b'), property: 'q' });
    expectError(result, messages.hexTaken(0, 1, 'c'), { node: find(result.model, ast.isSpace, 'd'), property: 'q' });
  });

  it('gives positions only on hex boards', async () => {
    const result = await check(withBoard('board B graph { space a at 0, 0 }'));
    expectError(result, messages.atOnlyOnHex(), { node: find(result.model, ast.isSpace), property: 'q' });
  });

  it('keeps place attributes constant', async () => {
    const result = await check(withBoard('param n = 2\n  board B graph { space a { v: n } }'));
    expectError(result, messages.constantNeeded(), { node: find(result.model, ast.isFieldInit, 'v'), property: 'value' });
  });
});
