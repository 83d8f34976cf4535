/**
 * A list made of two sources (`concat`, `append`, `insertAt`) is typed to hold both sources'
 * items: a list of pieces joined with places is a list of any, so a place in it still equals its
 * text (docs/language.md §25: `"Track.t3" in things`), on both engines. (Typed as its first list,
 * the comparison was `===` and missed the place.)
 */
import { describe, expect, it } from 'vitest';
import { builtinReturnType, joinTypes } from '../../interpreter/builtins/index.js';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { Expr } from '../../interpreter/ir.js';
import { E, game, kind, S, squareBoard, T, variable } from './ir-builders.js';
import { unwrap } from './helpers.js';

const G = (n: string) => E.place('G', n);

function outOnBoth(out: Expr): unknown {
  const ir = game({
    kinds: { Chip: kind() },
    boards: { G: squareBoard(3, 1) },
    vars: { out: variable(T.any, null) },
    setup: [S.create(2, 'Chip', G('r1c1')), S.set(E.v('out'), out)],
  });
  const [closure, generated] = (['closure', 'generated'] as const).map((engine) =>
    unwrap(newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 })).vars.out,
  );
  expect(generated).toEqual(closure);
  return closure;
}

describe('lists of two sources', () => {
  it('find a place by its text after pieces were joined with places, on both engines', () => {
    const joined = E.b('concat', E.b('pieces', G('r1c1')), E.list(G('r1c2')));
    const appended = E.b('append', E.b('pieces', G('r1c1')), G('r1c3'));
    const inserted = E.b('insertAt', E.b('pieces', G('r1c1')), 0, G('r1c2'));
    expect(
      outOnBoth(
        E.list(
          E.bin('in', 'G.r1c2', joined),
          E.b('indexOf', joined, 'G.r1c2'),
          E.b('contains', appended, 'G.r1c3'),
          E.bin('==', E.b('last', appended), 'G.r1c3'),
          E.bin('in', 'G.r1c2', inserted),
          // `+` of two lists, places first then texts: the place is found as its text first.
          E.b('indexOf', E.bin('+', E.list(G('r1c1'), G('r1c2')), E.list('x', 'G.r1c2')), 'G.r1c2'),
          E.bin('in', 'G.r1c3', E.bin('+', E.b('pieces', G('r1c1')), E.list(G('r1c3')))),
        ),
      ),
    ).toEqual([true, 2, true, true, true, 1, true]);
  });

  it('keep the first list type where the other holds items of it, or of no known type', () => {
    const pieces = T.list(T.piece);
    const places = T.list(T.place);
    expect(builtinReturnType('concat', [pieces, places])).toEqual(T.list(T.any));
    expect(builtinReturnType('concat', [pieces, pieces])).toEqual(pieces);
    expect(builtinReturnType('append', [T.list(T.player), T.player])).toEqual(T.list(T.player));
    expect(builtinReturnType('append', [T.list(T.player), T.any])).toEqual(T.list(T.player));
    expect(builtinReturnType('insertAt', [places, T.number, T.text])).toEqual(T.list(T.any));
    expect(builtinReturnType('take', [pieces, T.number])).toEqual(pieces);
    expect(joinTypes({ t: 'piece', kind: 'A' }, { t: 'piece', kind: 'B' })).toEqual({ t: 'piece' });
    expect(joinTypes({ t: 'place', board: 'G' }, { t: 'place', board: 'G' })).toEqual({ t: 'place', board: 'G' });
    expect(joinTypes(T.player, { t: 'none' })).toEqual(T.player);
  });
});
