// Scenarios force shuffles and random picks (`shuffle Z top [...]`, `pick x`), before the setup or
// at any point of the flow, with a located error when the forced outcome cannot happen.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { loadGame, runScenario, type Game } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';

const file = 'test/fixtures/forced-outcomes.strata';
let ir: GameIR;
let game: Game;

beforeAll(async () => {
  const result = await compileText([{ uri: file, text: readFileSync(file, 'utf8') }]);
  expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  ir = result.ir!;
  game = loadGame(ir);
});

const run = (name: string) => runScenario(game, ir.scenarios.find((s) => s.name === name)!);

describe('forced random outcomes', () => {
  it('a shuffle in the setup and a random discard in the flow give what the scenario forced', () => {
    expect(run('the deal and the random discard are forced').failures).toEqual([]);
  });

  it('the same steps without forcing give another deal on this seed (the forcing is what passes)', async () => {
    const text = readFileSync(file, 'utf8').replace(/^ {2}(shuffle|pick) .*$/gm, '');
    const result = await compileText([{ uri: file, text }]);
    const sc = result.ir!.scenarios.find((s) => s.name === 'the deal and the random discard are forced')!;
    expect(runScenario(loadGame(result.ir!), sc).passed).toBe(false);
  });

  it('a forced piece not in the shuffled zone is an error naming the step that forced it', () => {
    const r = run('a forced card not in the deck');
    expect(r.failures).toHaveLength(1);
    // At the step that ran into it (`choose "go"`), naming the step that forced it.
    expect(r.failures[0]!.at).toMatchObject({ file, line: 33, col: 3 });
    expect(r.failures[0]!.message).toMatch(/the shuffle forced at test\/fixtures\/forced-outcomes\.strata:32:3 puts Card#\d+ on top, but it is not in deck$/);
  });

  it('a forced pick not among the options is an error naming its step', () => {
    const r = run('a pick not among the options');
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]!.at).toMatchObject({ file, line: 38, col: 3 });
    expect(r.failures[0]!.message).toMatch(/the pick forced at .*:37:3 gives Card#\d+, which is not among the options \[Card#\d+, Card#\d+\]$/);
  });

  it('a forced outcome that never happens fails the scenario at its step', () => {
    const r = run('a forced shuffle that never happens');
    expect(r.failures).toEqual([{ message: 'a shuffle of deck was forced, but never happened', at: expect.objectContaining({ line: 43, col: 3 }) }]);
  });
});

describe('forced shuffled() lists and random inserts', () => {
  const mixFile = 'test/fixtures/forced-random.strata';
  const mixText = readFileSync(mixFile, 'utf8');
  let mix: GameIR;
  let mixGame: Game;

  beforeAll(async () => {
    const result = await compileText([{ uri: mixFile, text: mixText }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    mix = result.ir!;
    mixGame = loadGame(mix);
  });

  const runMix = (name: string) => runScenario(mixGame, mix.scenarios.find((s) => s.name === name)!);
  const first = 'a shuffled list and random inserts, forced before the setup and mid-game';

  it('a shuffled() in the setup, one in the flow and a random insert give what the scenario forced', () => {
    expect(runMix(first).failures).toEqual([]);
    expect(runMix('every position can be forced, the top included').failures).toEqual([]);
  });

  it('the same steps without forcing fail on this seed (the forcing is what passes)', async () => {
    const text = mixText.replace(/^ {2}(shuffled|insert) .*$/gm, '');
    const result = await compileText([{ uri: mixFile, text }]);
    for (const name of [first, 'every position can be forced, the top included']) {
      const sc = result.ir!.scenarios.find((s) => s.name === name)!;
      expect(runScenario(loadGame(result.ir!), sc).passed).toBe(false);
    }
  });

  it('a position outside the holder is an error naming the step that forced it', () => {
    const r = runMix('a position outside the holder');
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]!.at).toMatchObject({ file: mixFile, line: 40, col: 3 });
    expect(r.failures[0]!.message).toMatch(/the insert forced at test\/fixtures\/forced-random\.strata:39:3 puts Card#\d+ at position 7 of deck, which then holds 6 pieces \(positions 1 to 6\)$/);
  });

  it('a forced item not in the shuffled list is an error naming its step and showing the list', () => {
    const r = runMix('a forced item not in the shuffled list');
    expect(r.failures).toHaveLength(1);
    expect(r.failures[0]!.message).toMatch(/the shuffled\(\) forced at .*:44:3 puts 9 first, but it is not in the list \[\d, \d, \d, \d, \d\]$/);
  });

  it('forced outcomes that never happen fail the scenario at their steps', () => {
    expect(runMix('forced outcomes that never happen').failures).toEqual([
      { message: 'a random insert into deck was forced, but never happened', at: expect.objectContaining({ line: 51, col: 3 }) },
      { message: 'a shuffled() list was forced, but never happened', at: expect.objectContaining({ line: 52, col: 3 }) },
    ]);
  });

  it('the checker wants a holder and a number for `insert`', async () => {
    const text = `${mixText}\nscenario "typed" of Mix {\n  insert 3 at "top"\n}\n`;
    const result = await compileText([{ uri: mixFile, text }]);
    const errors = result.diagnostics.filter((d) => d.severity === 'error').map((d) => `${d.line}: ${d.message}`);
    expect(errors).toEqual([expect.stringMatching(/^56: .*zone/), '56: A position is a number (1 is the top), but this is text.']);
  });
});
