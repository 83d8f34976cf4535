/** Scenario steps of the third round in the checker and the compiler: `expect view of`, `run until`. */
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import * as ast from '../../dsl/src/generated/ast.js';
import { messages } from '../../dsl/src/messages.js';
import { check, find, messagesOf } from './helpers.js';

const game = `game G {\n  players 2\n  var n: number = 0\n  flow { n += 1 choose c in ["a", "b"] by playerAt(1) }\n}\n`;

describe('scenario steps', () => {
  it('compile `expect view of P:` to an expect with a viewer and `run until` to a run with a condition', async () => {
    const text = `${game}scenario "s" {\n  expect view of playerAt(2): logged("x")\n  run until n == 1\n}\n`;
    const result = await compileText([{ uri: 'g.strata', text }]);
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const [view, until] = result.ir!.scenarios[0].steps;
    expect(view).toMatchObject({ k: 'expect', viewer: { k: 'builtin', name: 'playerAt' }, condition: { k: 'builtin', name: 'logged' } });
    expect(until).toMatchObject({ k: 'run', count: null, until: { k: 'bin', op: '==' } });
  });

  it('a viewer must be a player and an `until` condition a truth value', async () => {
    const result = await check(`${game}scenario "s" {\n  expect view of "P1": true\n  run until n\n}\n`);
    const errors = messagesOf(result, 1);
    expect(errors).toContain(messages.notAPlayer('text'));
    expect(errors).toContain(messages.conditionNotBool('a number'));
    expect(find(result.model, ast.isScenarioRun).until).toBeDefined();
  });
});
