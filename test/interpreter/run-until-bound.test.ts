// `run until` is bounded: in a game that never ends and whose condition never holds, it stops after
// LIMITS.runMoves random choices with a located failure, not a hang.
import { expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { LIMITS } from '../../interpreter/context.js';
import { loadGame, runScenario } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';

const file = 'forever.strata';
const text = `game Forever "Forever" {
  players 2
  var turns: number = 0
  flow {
    for i in range(1, 1000) {
      for j in range(1, 1000) {
        choose c in ["left", "right"] by playerAt(1)
        turns += 1
      }
    }
  }
  rank by 0
}

scenario "a condition that never holds" {
  choose "left"
  run until turns < 0
  expect false "never reached: the run is fatal"
}
`;

it('stops after the move limit with a failure at its own line, and runs no later step', async () => {
  const r = await compileText([{ uri: file, text }]);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  const result = runScenario(loadGame(r.ir!), r.ir!.scenarios[0]!);
  expect(result.failures).toEqual([
    { message: msg.stepFailed({ file, line: 17, col: 3 }, msg.runUntilNever(LIMITS.runMoves, false)), at: expect.objectContaining({ file, line: 17, col: 3 }) },
  ]);
  expect(result.failures[0]!.message).toContain(`not within ${LIMITS.runMoves} random moves`);
}, 60_000);
