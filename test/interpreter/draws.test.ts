// Explicit draws: a ranking's `draw if cond` makes a game that ends while cond holds a draw (one
// shared place, `drawn()` true), and the tools report it as a draw.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { apply, isDrawn, loadGame, newGame, ranking, runScenario, type Game, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { simulatedGame } from '../../cli/playout.js';
import { summarise } from '../../cli/simulate-stats.js';
import { resultLines } from '../../cli/terminal-game.js';
import { validateIR } from '../../schemas/validate.js';

const file = 'test/fixtures/tic-tac-toe.strata';
const text = readFileSync(file, 'utf8');
let ir: GameIR;
let game: Game;

async function compile(source: string): Promise<{ ir: GameIR; game: Game }> {
  const r = await compileText([{ uri: file, text: source }]);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return { ir: r.ir!, game: loadGame(r.ir!) };
}

beforeAll(async () => {
  ({ ir, game } = await compile(text));
});

function play(g: Game, labels: string[]): State {
  let s = newGame(g, { players: 2, seed: 1 });
  if (!s.ok) throw new Error(s.error.message);
  for (const label of labels) {
    const next = apply(g, s.value, label);
    if (!next.ok) throw new Error(next.error.message);
    s = next;
  }
  return s.value;
}

const drawMoves = ['r1c1', 'r1c2', 'r1c3', 'r2c2', 'r3c2', 'r2c3', 'r2c1', 'r3c1', 'r3c3'];
const winMoves = ['r1c1', 'r2c1', 'r1c2', 'r2c2', 'r1c3'];

describe('draw if', () => {
  it('compiles to the IR field drawIf, which the schema accepts', () => {
    expect(ir.drawIf).toMatchObject({ k: 'bin', at: { file, line: 25 } });
    expect(validateIR(ir)).toEqual({ valid: true });
  });

  it("the fixture's scenarios pass: a full board is a draw, a line is a win", () => {
    for (const sc of ir.scenarios) expect({ name: sc.name, failures: runScenario(game, sc).failures }).toEqual({ name: sc.name, failures: [] });
  });

  it('a drawn game ranks every player in one group, whatever the keys say', () => {
    const s = play(game, drawMoves);
    expect(s.ended).toBe(true);
    expect(isDrawn(game, s)).toBe(true);
    expect(ranking(game, s)).toEqual([[0, 1]]);
  });

  it('no draw before the end, though the condition holds all game long', () => {
    const s = play(game, drawMoves.slice(0, 4));
    expect(s.ended).toBe(false);
    expect(isDrawn(game, s)).toBe(false);
  });

  it('a won game is no draw', () => {
    const s = play(game, winMoves);
    expect(isDrawn(game, s)).toBe(false);
    expect(ranking(game, s)).toEqual([[0], [1]]);
  });

  it('without `draw if` the same full board is a shared first place, not a draw', async () => {
    const plain = await compile(text.replace(/^ {2}draw if .*$/m, ''));
    expect(plain.ir.drawIf).toBeUndefined();
    const s = play(plain.game, drawMoves);
    expect(isDrawn(plain.game, s)).toBe(false);
    expect(ranking(plain.game, s)).toEqual([[0, 1]]);
  });

  it('a variant that replaces the ranking replaces its draw too', async () => {
    const v = await compileText([{ uri: file, text: `${text}\nvariant NoDraws extends TicTacToe { replace rank by if winner == p then 1 else 0 }\n` }], { variant: 'NoDraws' });
    expect(v.ir?.drawIf).toBeUndefined();
    const w = await compileText([{ uri: file, text: `${text}\nvariant Always extends TicTacToe { replace rank by 0 draw if true }\n` }], { variant: 'Always' });
    const g = loadGame(w.ir!);
    expect(isDrawn(g, play(g, winMoves))).toBe(true);
  });

  it('a condition that is not true or false is a located rule error when the result is asked', async () => {
    // The checker refuses `draw if 3`; an `any` value slips through to the interpreter.
    const bad = await compile(text.replace('draw if winner == none', 'draw if first([1])'));
    const s = play(bad.game, winMoves);
    expect(() => isDrawn(bad.game, s)).toThrow(/expected bool/);
  });

  it('the terminal says "a draw" instead of a ranking', () => {
    expect(resultLines(game, play(game, drawMoves))).toEqual(['scores: P1 0, P2 0', 'result: a draw']);
    expect(resultLines(game, play(game, winMoves))[1]).toBe('ranking: 1. P1  2. P2');
  });

  it('simulate counts the draws with their interval; a draw is half a win for each seat', () => {
    const outcomes = Array.from({ length: 60 }, (_, i) => simulatedGame(game, 2, i + 1));
    const draws = outcomes.filter((o) => o.draw === true);
    // Random tic-tac-toe draws about 13 % of its games: some of 60 are draws, most are not.
    expect(draws.length).toBeGreaterThan(0);
    expect(draws.length).toBeLessThan(60);
    for (const o of draws) expect(o.winners).toEqual([0, 1]);
    const s = summarise({ file, variant: null, players: 2, firstSeed: 1 }, outcomes, 1);
    expect(s.draws).toMatchObject({ count: draws.length, n: 60 });
    expect(s.draws.low).toBeLessThan(s.draws.rate);
    expect(s.wins[0] + s.wins[1]).toBeCloseTo(60);
  });
});
