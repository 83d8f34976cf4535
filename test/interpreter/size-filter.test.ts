// Filters `size(x) OP n` are tested without binding x, and over a board by holder id
// (size-filter.ts): they must give what the same filter written another way gives (`size(x) + 0`
// is not recognised, so it is evaluated item by item), for every comparison and odd numbers too.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import { applyInPlace, legalMoves, loadGame, newGame, runScenario } from '../../interpreter/index.js';
import { makeCtx } from '../../interpreter/context.js';
import { SizedOptions, sizeFilter } from '../../interpreter/size-filter.js';
import { E, L } from './ir-builders.js';
import { unwrap } from './helpers.js';

const ops = ['==', '!=', '<', '<=', '>', '>='];
const numbers = ['0', '1', '2', '1.5', '-1', '3', '4'];

/** Each quantifier over the board and over a list of places, the recognised form against the other. */
function expects(): string {
  const lines: string[] = [];
  for (const op of ops) {
    for (const n of numbers) {
      for (const q of ['count', 'any', 'all']) {
        for (const over of ['Grid', 'some']) {
          lines.push(`    expect (${q} x in ${over} where size(x) ${op} ${n}) == (${q} x in ${over} where size(x) + 0 ${op} ${n})`);
        }
      }
    }
  }
  return lines.join('\n');
}

const text = `
game Sizes {
    players 2
    kind Stone
    board Grid square 3 by 3
    param some = [placeNamed(Grid, "r1c1"), placeNamed(Grid, "r2c2"), placeNamed(Grid, "r1c2")]
    setup {
        create 1 Stone in placeNamed(Grid, "r1c1")
        create 2 Stone in placeNamed(Grid, "r2c2")
        create 3 Stone in placeNamed(Grid, "r3c3")
    }
    flow {
        let c = choose x in Grid by playerAt(1) where size(x) == 0
        let d = choose x in Grid by playerAt(2) where size(x) >= 2
    }
}

scenario "size filters agree with the filters evaluated item by item" of Sizes {
    players 2
${expects()}
}
`;

describe('size filters', () => {
  it('count, any and all agree with the same filter evaluated item by item', async () => {
    const { ir, diagnostics } = await compileText([{ uri: 'sizes.strata', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const r = runScenario(loadGame(ir!), ir!.scenarios[0]!);
    expect(r.failures).toEqual([]);
  });

  it('choose offers the places that pass, in board order', async () => {
    const { ir } = await compileText([{ uri: 'sizes.strata', text }]);
    const g = loadGame(ir!);
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    expect(legalMoves(g, s).map((m) => m.label)).toEqual(['r1c2', 'r1c3', 'r2c1', 'r2c3', 'r3c1', 'r3c2']);
    const next = unwrap(applyInPlace(g, s, 'r1c2'));
    expect(legalMoves(g, next).map((m) => m.label)).toEqual(['r2c2', 'r3c3']);
  });

  it('a random playout\'s count of them finds each option, also after another count', async () => {
    const { ir } = await compileText([{ uri: 'sizes.strata', text }]);
    const g = loadGame(ir!);
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    const grid = g.boards.lists.get('Grid')!;
    const ctx = makeCtx(g, s);
    const empty = SizedOptions.of(ctx, sizeFilter(E.bin('==', E.b('size', L('x')), 0), 'x')!, grid)!;
    const full = (): SizedOptions => SizedOptions.of(ctx, sizeFilter(E.bin('>=', E.b('size', L('x')), 1), 'x')!, grid)!;
    expect(empty.count).toBe(6);
    expect([0, 1, 2, 3, 4, 5].map((i) => empty.at(i))).toEqual(empty.all());
    // Another count reuses the positions: the first finds its options by a scan.
    expect(full().count).toBe(3);
    expect([5, 0, 3, 3].map((i) => empty.at(i))).toEqual([5, 0, 3, 3].map((i) => empty.all()[i]));
    expect(empty.all().map((x) => g.boards.byId[-1 - (x as number)]!.name)).toEqual(['r1c2', 'r1c3', 'r2c1', 'r2c3', 'r3c1', 'r3c2']);
    expect(SizedOptions.of(ctx, sizeFilter(E.bin('==', E.b('size', L('x')), 0), 'x')!, ['Grid.r1c1'])).toBe(null);
  });
});
