// The play panel's status line says how a game ended: the winners, or a draw the rules declared.
import { readFileSync } from 'node:fs';
import { beforeAll, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { GameSession } from '../../editor/src/play/game-session.js';
import { resultOf, statusText } from '../../editor/src/play/status-text.js';

const file = 'test/fixtures/tic-tac-toe.strata';
let ir: GameIR;

beforeAll(async () => {
  const r = await compileText([{ uri: file, text: readFileSync(file, 'utf8') }]);
  ir = r.ir!;
});

function status(s: GameSession): string {
  return statusText(s.state, resultOf(s.game, s.state));
}

function play(labels: string[]): GameSession {
  let s = GameSession.start(ir, { players: 2, seed: 1, seats: ['person', 'person'] });
  for (const label of labels) {
    if (typeof s === 'string') throw new Error(s);
    s = s.choose(label);
  }
  if (typeof s === 'string') throw new Error(s);
  return s;
}

it('names the player to choose, then the winner, or says the game is a draw', () => {
  expect(status(play([]))).toBe('Move 1: P1 to choose');
  expect(status(play(['r1c1', 'r2c1', 'r1c2', 'r2c2', 'r1c3']))).toBe('Game over after 5 moves — P1 wins');
  expect(status(play(['r1c1', 'r1c2', 'r1c3', 'r2c2', 'r3c2', 'r2c3', 'r2c1', 'r3c1', 'r3c3']))).toBe('Game over after 9 moves — a draw');
});
