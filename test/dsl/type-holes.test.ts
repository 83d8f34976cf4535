/**
 * Type holes (issue 14): a `: number` function whose branches end in text, and a number where the
 * player who chooses or plays is expected, are checker errors at the offending value.
 */
import { describe, expect, it } from 'vitest';
import { checkText } from '../../dsl/index.js';
import { messages } from '../../dsl/src/messages.js';

const errorsOf = async (text: string) =>
  (await checkText([{ uri: 'types.strata', text }])).filter((d) => d.severity === 'error').map(({ line, col, message }) => ({ line, col, message }));

describe('type holes', () => {
  it('a number function returning text, directly or in one branch', async () => {
    const direct = await errorsOf('game G {\n  players 2\n  fn five(): number = "five"\n  var x: number = 1\n  flow { x = x + five() }\n}\n');
    expect(direct).toEqual([{ line: 3, col: 23, message: messages.typeMismatch('a number', 'text') }]);
    const branch = await errorsOf(
      'game G {\n  players 2\n  fn five(b: bool): number = if b then 5 else match 1 { 1 => "five", _ => 5 }\n  flow { log "x" }\n  rank by five(true)\n}\n',
    );
    expect(branch).toEqual([{ line: 3, col: 62, message: messages.typeMismatch('a number', 'text') }]);
  });

  it('a number as the player who chooses or plays', async () => {
    const errors = await errorsOf(
      'game G {\n  players 2\n  action A() { log "a" }\n  flow {\n    let n = 1\n    let c = choose c in [1, 2] by n\n    play n from [A]\n  }\n}\n',
    );
    expect(errors).toEqual([
      { line: 6, col: 35, message: messages.notAPlayer('a number') },
      { line: 7, col: 10, message: messages.notAPlayer('a number') },
    ]);
  });

  it('players chosen from `players` and `next` still fit', async () => {
    const errors = await errorsOf(
      'game G {\n  players 2\n  action A() { log "a" }\n  flow {\n    for p in players {\n      let c = choose c in [1, 2] by next(p)\n      play p from [A]\n    }\n  }\n}\n',
    );
    expect(errors).toEqual([]);
  });
});
