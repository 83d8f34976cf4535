// The end of a simultaneous block reveals the entries logged during it (simultaneous.ts closeSimul):
// in place when the state's log is its own (sharing.ts rewriteOwnLog), else as a new log. Either
// way the same log; and a state sharing the log (made from this one by a pure apply) keeps its own.
import { describe, expect, it } from 'vitest';
import { apply, applyInPlace, undo, type State } from '../../interpreter/index.js';
import { E, game, L, S } from './ir-builders.js';
import { start, unwrap } from './helpers.js';

const ir = game({
  setup: [S.log(E.lit('before'))],
  flow: [
    S.simultaneous('p', E.list(0, 1), [S.choose({ into: 'x', by: L('p'), from: E.list('go') }), S.log(E.lit('played'))]),
    S.choose({ by: 0, from: E.list('next') }),
  ],
});

const during = (s: State) => s.log.map((e) => e.during === true);

describe('the end of a simultaneous block reveals its log entries', () => {
  it('in place and by a pure apply alike', () => {
    const { g, s } = start(ir, 2);
    const pure = unwrap(apply(g, unwrap(apply(g, s, 'go')), 'go'));
    unwrap(applyInPlace(g, s, 'go'));
    expect(during(s)).toEqual([false, true, true]);
    unwrap(applyInPlace(g, s, 'go'));
    expect(s.simul).toEqual([]);
    expect(during(s)).toEqual([false, false, false, false, false]);
    expect(JSON.stringify(s)).toBe(JSON.stringify(pure));
  });

  it('leaves the log of a state made from it by a pure apply as it was, and undo as it was', () => {
    const { g, s } = start(ir, 2);
    unwrap(applyInPlace(g, s, 'go'));
    const next = unwrap(apply(g, s, 'go'));
    const shown = JSON.stringify(s);
    const nextShown = JSON.stringify(next);
    // The copy shares the log with `s`: `s` closing the block in place must not rewrite the copy's.
    const other = unwrap(apply(g, next, 'next'));
    unwrap(applyInPlace(g, s, 'go'));
    expect(during(s)).toEqual([false, false, false, false, false]);
    expect(JSON.stringify(next)).toBe(nextShown);
    expect(JSON.stringify(unwrap(undo(g, other)))).toBe(nextShown);
    expect(JSON.stringify(s)).toBe(nextShown);
    expect(shown).not.toBe(nextShown);
  });
});
