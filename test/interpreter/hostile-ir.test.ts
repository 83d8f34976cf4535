// Hand-made IR that used to hang or corrupt the state (issue 14): each ends in a located error or plays.
import { describe, expect, it } from 'vitest';
import { RuleError, loadGame } from '../../interpreter/index.js';
import { MAX_COORD } from '../../interpreter/boards.js';
import { msg } from '../../interpreter/messages.js';
import { noughtsAndCrosses } from './toy-game.js';
import { trackBoard, game, loc } from './ir-builders.js';

describe('board coordinates in a hand-made IR', () => {
  it('a coordinate of 1e308 is a located error at load, not an endless walk', () => {
    const board = trackBoard(3);
    board.places[2].x = 1e308;
    board.at = loc(4, 2);
    let thrown: unknown = null;
    try {
      loadGame(game({ boards: { T: board } }));
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(RuleError);
    expect((thrown as RuleError).plain).toBe(msg.coordinateRange('T', 't2', MAX_COORD));
    expect((thrown as RuleError).at).toEqual(loc(4, 2));
  });

  it('coordinates within the range load', () => {
    const board = trackBoard(3);
    board.places[2].x = MAX_COORD;
    expect(loadGame(game({ boards: { T: board } })).boards.places.size).toBe(3);
  });
});

describe('player counts of a hand-made IR', () => {
  it('refuses counts beyond the limit or not whole with a rule error, not a crash', () => {
    for (const players of [
      { min: 2, max: 1e308 },
      { min: 0, max: 2 },
      { min: 2.5, max: 4 },
      { min: 3, max: 2 },
      { min: 2, max: 4, counts: [2, 1e9] },
    ]) {
      const ir = { ...noughtsAndCrosses, players };
      expect(() => loadGame(ir)).toThrow(RuleError);
    }
    expect(() => loadGame({ ...noughtsAndCrosses, players: { min: 2, max: 100 } })).not.toThrow();
  });
});
