/**
 * Static size limits (issue 14, docs/language.md "Limits"): sizes written as literals past the
 * language's limits are located checker errors, found without building what they describe.
 */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';
import { limits } from '../../dsl/src/syntax/strata-limits.js';
import { LIMITS } from '../../interpreter/context.js';
import { loadGame } from '../../interpreter/index.js';

const gameWith = (members: string, flow = 'log "x"', players = 'players 2'): string =>
  `game G {\n  ${players}\n  ${members}\n  flow { ${flow} }\n}\n`;

async function errorsOf(text: string): Promise<{ line: number; col: number; message: string }[]> {
  const r = await compileText([{ uri: 'limits.strata', text }]);
  expect(r.ir).toBeUndefined();
  return r.diagnostics.filter((d) => d.severity === 'error').map(({ line, col, message }) => ({ line, col, message }));
}

describe('sizes past the limits', () => {
  it('a track of a billion places', async () => {
    expect(await errorsOf(gameWith('board T track 1000000000'))).toEqual([
      { line: 3, col: 11, message: messages.boardTooLarge(1e9, limits.boardPlaces) },
    ]);
  });

  it('a 2000 x 2000 grid with a space on it', async () => {
    expect(await errorsOf(gameWith('board B square 2000 by 2000 { space r1c1 }'))).toEqual([
      { line: 3, col: 11, message: messages.boardTooLarge(4e6, limits.boardPlaces) },
    ]);
  });

  // Fuzz seed 1 input 3703: naming a place of such a board (`Grid.r4c4`) listed its places to find
  // the name, and a board with a look had them listed by the presentation checks: out of memory.
  it('a board of 4e23 places whose place is named and which has a look: one error, at once', async () => {
    const board = 'board Grid square 99999999999999999999999 by 4\n  kind K\n  presentation { Grid { colour: teal } }';
    expect(await errorsOf(gameWith(board, 'create 1 K in Grid.r4c4'))).toEqual([
      { line: 3, col: 14, message: messages.boardTooLarge(4e23, limits.boardPlaces) },
    ]);
  });

  it('a hex board of radius 1000', async () => {
    const errors = await errorsOf(gameWith('board H hex radius 1000'));
    expect(errors.map((e) => e.message)).toEqual([messages.boardTooLarge(3 * 1000 * 1001 + 1, limits.boardPlaces)]);
  });

  it('a million players, and a billion with a scenario', async () => {
    expect(await errorsOf(gameWith('', 'log "x"', 'players 2..1000000'))).toEqual([
      { line: 2, col: 14, message: messages.tooManyPlayers(1e6, limits.players) },
    ]);
    const withScenario = gameWith('', 'log "x"', 'players 2..1000000000') + 'scenario "s" { players 3 }\n';
    expect((await errorsOf(withScenario)).map((e) => e.message)).toEqual([messages.tooManyPlayers(1e9, limits.players)]);
  });

  it('an integer literal of 10^400 (Infinity before)', async () => {
    expect(await errorsOf(gameWith('', `let x = 1${'0'.repeat(400)}`))).toEqual([
      { line: 4, col: 18, message: messages.numberTooLarge(limits.number) },
    ]);
    expect(await errorsOf(gameWith('', 'let x = 9007199254740993'))).toHaveLength(1);
  });

  it('texts and list literals past their lengths', async () => {
    const text = await errorsOf(gameWith('', `log "${'a'.repeat(limits.textLength + 1)}"`));
    expect(text.map((e) => e.message)).toEqual([messages.textTooLong(limits.textLength + 1, limits.textLength)]);
    const list = await errorsOf(gameWith('', `let x = [${Array(limits.listItems + 1).fill('0').join(', ')}]`));
    expect(list.map((e) => e.message)).toEqual([messages.listTooLong(limits.listItems + 1, limits.listItems)]);
  });

  it('counts of repeat and move written as negative or fractional literals', async () => {
    const errors = await errorsOf(
      gameWith('kind C\n  zone hand: C', 'repeat -5 { log "a" }\n repeat 0.5 { log "b" }\n move 1.5 from hand to hand'),
    );
    expect(errors).toEqual([
      { line: 5, col: 17, message: messages.countNotWhole('The count of `repeat`', -5) },
      { line: 6, col: 9, message: messages.countNotWhole('The count of `repeat`', 0.5) },
      { line: 7, col: 7, message: messages.countNotWhole('The count of `move`', 1.5) },
    ]);
  });
});

describe('a game that compiles past the IR value limit', () => {
  it('five boards of the largest size: an error at the game, not an IR the interpreter refuses', async () => {
    const boards = [0, 1, 2, 3, 4].map((i) => `board B${i} square 100 by 100 neighbours 8`).join('\n  ');
    expect(await errorsOf(gameWith(boards))).toEqual([{ line: 1, col: 6, message: messages.gameTooLarge(LIMITS.jsonValues) }]);
  });
});

describe('places of all boards past the limit', () => {
  it('a per-player board of 10,000 places for up to 100 players: an error at the board (it took 30 s and 3.5 GB to load three)', async () => {
    const text = gameWith('board Yard per player square 100 by 100', 'log "x"', 'players 2..100');
    expect(await errorsOf(text)).toEqual([{ line: 3, col: 3, message: messages.tooManyPlaces(10_000 * 101, LIMITS.places) }]);
  });

  it('the same board for up to 8 players compiles', async () => {
    const r = await compileText([{ uri: 'ok.strata', text: gameWith('board Yard per player square 100 by 100', 'log "x"', 'players 2..8') }]);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});

describe('sizes within the limits', () => {
  it('compile as before', async () => {
    const text = gameWith('board B square 100 by 100\n  board T track 10000', 'repeat 0 { log "a" }\n repeat 3 { log "b" }', 'players 2..100');
    const r = await compileText([{ uri: 'ok.strata', text }]);
    expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    expect(r.ir?.boards['B']?.places).toHaveLength(10000);
    // The track's last place is at x = 9999: the interpreter told coordinates apart only up to 2047.
    expect(loadGame(r.ir!).boards.places.size).toBe(20000);
  });
});
