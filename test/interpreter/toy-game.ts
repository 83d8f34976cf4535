/**
 * A complete small game for the tests: noughts and crosses on a 3x3 square grid (8 neighbours),
 * written as IR the way the compiler would emit it. A player wins with three in a line
 * (lineThrough along any direction); a full board is a draw.
 */
import type { GameIR } from '../../interpreter/ir.js';
import { and, E, eq, game, L, S, squareBoard, T, variable } from './ir-builders.js';

const mine = E.lambda(['x'], E.quant('any', 'm', E.b('pieces', L('x')), { where: eq(E.b('ownerOf', L('m')), L('p')) }));

export const noughtsAndCrosses: GameIR = game({
  name: 'lines',
  title: 'Three in a line',
  players: { min: 2, max: 2 },
  kinds: { Mark: { attrs: [], at: { file: 'toy', line: 1, col: 1 } } },
  boards: { Grid: squareBoard(3, 3, 8) },
  vars: { winner: variable(T.player, null), moves: variable(T.number, 0) },
  flow: [
    S.while(and(eq(E.v('winner'), null), E.bin('<', E.v('moves'), 9)), [
      S.let('p', E.b('playerAt', add1(E.v('moves')))),
      S.block('turn', [
        {
          k: 'choose',
          result: 'c',
          binder: 'x',
          player: L('p'),
          options: E.board('Grid'),
          filter: eq(E.b('size', L('x')), 0),
          labelAs: T.place,
          prompt: { k: 'lit', v: 'Where?', at: { file: 'toy', line: 10, col: 60 } },
          secret: false,
          at: { file: 'toy', line: 10, col: 7 },
        },
        S.create(1, 'Mark', L('c')),
        S.eval(E.b('setOwner', E.b('topOf', L('c')), L('p'))),
        S.set(E.v('moves'), 1, '+='),
        S.if(
          E.quant('any', 'd', E.b('directions', E.board('Grid')), {
            where: E.bin('>=', E.b('lineThrough', L('c'), L('d'), mine), 3),
          }),
          [S.set(E.v('winner'), L('p')), S.log(add(L('p'), ' wins'))],
        ),
      ], { subject: L('p') }),
    ]),
  ],
  ranking: [{ value: E.if(eq(E.v('winner'), L('p')), 1, 0), order: 'desc' }],
});

function add1(e: ReturnType<typeof E.v>) {
  return E.bin('+', e, 1);
}

function add(a: ReturnType<typeof L>, b: string) {
  return E.bin('+', a, b);
}
