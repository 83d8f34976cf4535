import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import type { BoardIR, LinkIR } from '../../interpreter/ir.js';

async function board(declaration: string): Promise<BoardIR> {
  const text = `game G { players 2 ${declaration} flow { log B } }`;
  const result = await compileText([{ uri: 'b.strata', text }]);
  const compiled = result.ir?.boards['B'];
  if (!compiled) throw new Error(result.diagnostics.map((d) => d.message).join('\n'));
  return compiled;
}

/** Neighbours of a place through undirected links. */
function neighbours(links: LinkIR[], name: string): string[] {
  return links.flatMap((l) => (l.from === name ? [l.to] : l.to === name ? [l.from] : [])).sort();
}

describe('square boards', () => {
  it('generates an 8x8 grid with 8 neighbours: 64 places, 210 links', async () => {
    const b = await board('board B square 8 by 8 neighbours 8');
    expect(b.shape).toEqual({ type: 'square', width: 8, height: 8, neighbours: 8 });
    expect(b.places).toHaveLength(64);
    // 2 * 8 * 7 orthogonal + 2 * 7 * 7 diagonal pairs.
    expect(b.links).toHaveLength(210);
    expect(neighbours(b.links, 'r1c1')).toEqual(['r1c2', 'r2c1', 'r2c2']);
    expect(neighbours(b.links, 'r4c4')).toHaveLength(8);
    expect(b.links.every((l) => !l.directed)).toBe(true);
  });

  it('has 4 neighbours unless told otherwise', async () => {
    const b = await board('board B square 8 by 8');
    expect(b.shape).toMatchObject({ neighbours: 4 });
    expect(b.links).toHaveLength(112);
    expect(neighbours(b.links, 'r4c4')).toEqual(['r3c4', 'r4c3', 'r4c5', 'r5c4']);
  });

  it('names places rRcC with x = column and y = row, and applies defaults and spaces', async () => {
    const b = await board('board B square 3 by 2 { defaults { open: true } space r2c3 { open: false, bonus: 2 } }');
    expect(b.places.map((p) => p.name)).toEqual(['r1c1', 'r1c2', 'r1c3', 'r2c1', 'r2c2', 'r2c3']);
    expect(b.places[5]).toEqual({ name: 'r2c3', x: 3, y: 2, attrs: { open: false, bonus: 2 } });
    expect(b.places[0]).toEqual({ name: 'r1c1', x: 1, y: 1, attrs: { open: true } });
  });
});

describe('hex boards', () => {
  it('generates radius 3: 37 places, each with q and r, 90 links', async () => {
    const b = await board('board B hex radius 3');
    expect(b.places).toHaveLength(37);
    expect(b.links).toHaveLength(90);
    expect(b.places.every((p) => Math.max(Math.abs(p.q!), Math.abs(p.r!), Math.abs(p.q! + p.r!)) <= 3)).toBe(true);
    expect(neighbours(b.links, 'h0_0')).toEqual(['h0_1', 'h0_m1', 'h1_0', 'h1_m1', 'hm1_0', 'hm1_1']);
    expect(neighbours(b.links, 'h3_0')).toHaveLength(3);
  });

  it('names positions by their space when one is placed there', async () => {
    const b = await board('board B hex radius 1 { space centre at 0, 0 { start: true } }');
    expect(b.places.find((p) => p.q === 0 && p.r === 0)).toEqual({ name: 'centre', q: 0, r: 0, attrs: { start: true } });
    expect(b.places.find((p) => p.q === 1 && p.r === -1)?.name).toBe('h1_m1');
    expect(neighbours(b.links, 'centre')).toHaveLength(6);
  });
});

describe('tracks and graphs', () => {
  it('generates a track t0..t{n-1} with x = index, linked in order', async () => {
    const b = await board('board B track 5 { space t4 { goal: true } }');
    expect(b.places.map((p) => [p.name, p.x])).toEqual([['t0', 0], ['t1', 1], ['t2', 2], ['t3', 3], ['t4', 4]]);
    expect(b.places[4]?.attrs).toEqual({ goal: true });
    expect(b.links.map((l) => `${l.from}-${l.to}`)).toEqual(['t0-t1', 't1-t2', 't2-t3', 't3-t4']);
  });

  it('lists a graph’s spaces and links, directed or not, with attributes', async () => {
    const b = await board('board B graph { space a { tags: ["x"], n: -1 } space b link a -> b { cost: 2 } link b - a }');
    expect(b.places).toEqual([
      { name: 'a', attrs: { tags: ['x'], n: -1 } },
      { name: 'b', attrs: {} },
    ]);
    expect(b.links).toEqual([
      { from: 'a', to: 'b', directed: true, attrs: { cost: 2 } },
      { from: 'b', to: 'a', directed: false, attrs: {} },
    ]);
  });

  it('marks per-player boards', async () => {
    const b = await board('board B per player graph { space slot }');
    expect(b.perPlayer).toBe(true);
    expect(b.places.map((p) => p.name)).toEqual(['slot']);
  });
});
