/** A small hand-written IR that uses each kind of top-level entry once: valid by construction. */
import type { Expr, GameIR, Loc } from '../../interpreter/ir.js';

const at: Loc = { file: 'minimal.strata', line: 1, col: 1 };
const lit = (v: number | string): Expr => ({ k: 'lit', v, at });

export function minimalIR(): GameIR {
  return {
    format: 'strata-ir/1',
    name: 'Minimal',
    title: 'A minimal game',
    variant: null,
    variants: [{ name: 'Minimal', title: 'A minimal game', base: null }],
    players: { min: 2, max: 4 },
    params: { rounds: { value: lit(3), at } },
    enums: { Colour: { values: ['red', 'blue'], at } },
    kinds: { Token: { attrs: [{ name: 'colour', type: { t: 'enum', name: 'Colour' }, default: lit('red') }], at } },
    zones: { bag: { kind: 'Token', perPlayer: false, visibility: 'none', at } },
    boards: {
      Line: {
        shape: { type: 'track', length: 2 },
        perPlayer: false,
        places: [{ name: 't0', x: 0, attrs: {} }, { name: 't1', x: 1, attrs: { bonus: 2 } }],
        links: [{ from: 't0', to: 't1', directed: false, attrs: {} }],
        at,
      },
    },
    dice: { Coin: { faces: [lit(0), lit(1)], at } },
    vars: { score: { type: { t: 'number' }, keys: [{ type: 'player' }], init: lit(0), visibility: 'all', at } },
    fns: {},
    procs: {},
    actions: {
      Take: {
        params: [{ name: 'p', type: { t: 'player' } }],
        title: 'Take one',
        requires: [],
        body: [{ k: 'set', target: { k: 'var', name: 'score', keys: [{ k: 'local', name: 'p', at }], at }, op: '+=', value: lit(1), at }],
        at,
      },
    },
    triggers: [],
    setup: [],
    flow: [
      {
        k: 'repeat',
        count: { k: 'param', name: 'rounds', at },
        body: [
          {
            k: 'for',
            name: 'p',
            coll: { k: 'builtin', name: 'players', args: [], at },
            body: [{ k: 'play', player: { k: 'local', name: 'p', at }, actions: ['Take'], at }],
            at,
          },
        ],
        at,
      },
      {
        k: 'choose',
        binder: 'c',
        player: lit(0),
        options: { k: 'list', items: [lit(1), lit(2)], at },
        labelAs: { t: 'number' },
        secret: false,
        at,
      },
    ],
    ranking: [{ value: { k: 'var', name: 'score', keys: [{ k: 'local', name: 'p', at }], at }, order: 'desc' }],
    scenarios: [{ name: 'take', players: 2, seed: 1, steps: [{ k: 'choose', label: 'Take one', at }, { k: 'run', count: null, at }], at }],
  };
}
