// A place's attribute read as `c.attr` (fields.ts `fieldReader`), on both engines, with
// the same values, the same built-in fields (`name`, `x`) and the same located error for a place
// without the attribute or a negative number that names no place.
import { describe, expect, it } from 'vitest';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { compiledIr } from './compiled-ir.js';

const rules = (tail: string) => `
game PlaceFields {
    players 2
    board Strip square 3 by 1 {
        space r1c1 { cost: 2 }
        space r1c3 { cost: 5, name: "odd" }
    }
    setup {
        log str([c.cost for c in Strip where c.x != 2])
        log str([c.name for c in Strip]) + " " + str([c.x for c in Strip])
        ${tail}
    }
    flow { }
}
`;

const irOf = (text: string): Promise<GameIR> => compiledIr(text, 'place-fields.strata');

function play(ir: GameIR, engine: 'closure' | 'generated') {
  const r = newGame(loadGame(ir, { engine, tierUp: 0 }), { players: 2, seed: 1 });
  return r.ok ? { log: r.value.log.map((e) => e.text) } : { error: `${r.error.message} ${JSON.stringify(r.error.at)}` };
}

describe('place attributes read by place id', () => {
  it('read the same on both engines, the built-in fields too', async () => {
    const ir = await irOf(rules(''));
    for (const engine of ['closure', 'generated'] as const) {
      expect(play(ir, engine)).toEqual({ log: ['[2, 5]', '[r1c1, r1c2, odd] [1, 2, 3]'] });
    }
  });

  it('give the same located error for a place without the attribute', async () => {
    const ir = await irOf(rules('log str(Strip.r1c2.cost)'));
    const closure = play(ir, 'closure');
    // The text and location main gave before the array by place id.
    expect(closure.error).toBe('text "Strip.r1c2" has no field "cost" {"file":"place-fields.strata","line":11,"col":17}');
    expect(play(ir, 'generated')).toEqual(closure);
  });

  it('give the same located error for a negative number past the places, or not whole', async () => {
    for (const n of ['-1000', '-1.5']) {
      const ir = await irOf(rules(`let n: any = ${n}\n log str(n.cost)`));
      const closure = play(ir, 'closure');
      expect(closure.error).toBe(`number ${n} has no field "cost" {"file":"place-fields.strata","line":12,"col":10}`);
      expect(play(ir, 'generated')).toEqual(closure);
    }
  });
});
