// Reads the generated engine makes of places by id (interpreter/place-by-id.ts): `x in Board` for
// a board fixed at load, a place's field (`locationOf(d).x`), and `kindOf` / `locationOf` of a
// piece read inline. The same values and the same errors at the same place as the closure
// interpreter, for places, their texts, pieces, numbers and other values.
import { describe, expect, it } from 'vitest';
import { loadGame, newGame } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { compiledIr } from './compiled-ir.js';

const game = (setup: string): string => `
game Placed {
    players 2
    kind Runner { tripped: bool = false }
    kind Marker { x: number = 7 }
    board Track track 5
    board Grid square 2 by 2 neighbours 4
    board Map grows square 3 by 3
    board Mat per player track 2
    zone bag
    var out: list<any> = []
    var mixed: list<any> = [-1, -2, -2.5, -99, 0, 1, "Track.t3", "Grid.r1c1", "t3", "", true, none, [1]]
    var runners: list<Runner> = []
    fn pos(d: Runner): number = locationOf(d).x
    fn onTrack(d: Runner): bool = locationOf(d) in Track
    setup {
        create 1 Runner in Track[2]
        create 1 Runner in bag
        create 1 Runner in Grid[0]
        create 1 Marker in Track[4]
        runners = concat(pieces(Track[2]), concat(pieces(bag), pieces(Grid[0])))
${setup}
    }
}
`;

const compile = (text: string): Promise<GameIR> => compiledIr(text, 'placed.strata');

const loads = [
  { engine: 'closure', tierUp: 0 },
  { engine: 'generated', tierUp: 0 },
  { engine: 'generated', tierUp: 1 },
] as const;

/** The game's `out` (or its error) on every engine. */
async function outcomes(setup: string): Promise<unknown[]> {
  const ir = await compile(game(setup));
  return loads.map((options) => {
    const r = newGame(loadGame(ir, options), { players: 2, seed: 1 });
    return r.ok ? r.value.vars.out : { code: r.error.code, message: r.error.message, at: r.error.at };
  });
}

describe('places read by id, generated', () => {
  it('finds values in a board as the list is searched: places, their texts, nothing else', async () => {
    const all = await outcomes(`        out = [v in Track for v in mixed]
        out = concat(out, [onTrack(d) for d in runners])
        out = concat(out, ["Track.t4" in Track, "Grid.r1c1" in Track, Track[1] in Track, Grid[1] in Track, Grid[1] in Grid])
        for d in runners {
            out = concat(out, [locationOf(d) in Grid, not (locationOf(d) in Track)])
        }`);
    // -1 is the value of the first place of the first board (place-values.ts): Track.t0.
    const searched = [true, true, false, false, false, false, true, false, false, false, false, false, false];
    const onTrack = [true, false, false];
    const named = [true, false, true, false, true];
    // Per runner: in Grid, not in Track (on Track, in the bag, on Grid).
    const perRunner = [false, false, false, true, true, true];
    expect(all[0]).toEqual([...searched, ...onTrack, ...named, ...perRunner]);
    for (const other of all.slice(1)) expect(other).toEqual(all[0]);
  });

  it('reads a field of a place, of a piece, and kindOf and locationOf of a piece', async () => {
    const all = await outcomes(`        out = [pos(runners[0]), locationOf(runners[0]), kindOf(runners[1]), locationOf(runners[1]) in Track]
        out = concat(out, [locationOf(runners[2]).x, locationOf(runners[2]).y, first(pieces(Track[4])).x, Track[3].x])`);
    // Grid[0] is r1c1 (x 1, y 1); Track[2] is the place value -3 (id 2); the Marker's own x wins.
    expect(all[0]).toEqual([2, -3, 'Runner', false, 1, 1, 7, 3]);
    for (const other of all.slice(1)) expect(other).toEqual(all[0]);
  });

  it('reads a field of a value that may be a piece or a place: the piece\'s own attribute, the place\'s field', async () => {
    // Places first: the list's static type may then be a place (concat is typed as its first
    // list), so the read takes the branch for places, and meets a piece there too.
    const all = await outcomes(`        let things: list<any> = concat([Track[3], Grid[3]], pieces(Track[4]))
        out = [t.x for t in things]
        out = concat(out, [t.y for t in [Grid[1], Grid[2]]])`);
    // Track.t3's x, Grid.r2c2's x, the Marker's own x (7); the y of Grid.r1c2 and Grid.r2c1.
    expect(all[0]).toEqual([3, 2, 7, 1, 2]);
    for (const other of all.slice(1)) expect(other).toEqual(all[0]);
  });

  it('numbers that no text may meet, a growing board and a per-player board: as the list is searched', async () => {
    const all = await outcomes(`        let nums: list<number> = [-1, -5, -6, 0, 5, -2.5, 0 * -1, -1000]
        out = [n in Track for n in nums]
        out = concat(out, [Map.r1c1 in Map, Map.r2c2 in Map, Mat[playerAt(1)].t0 in Mat, Mat[playerAt(2)].t1 in Mat, Track[0] in Mat])
        create 1 Marker in Map.r2c2
        out = concat(out, [Map.r1c1 in Map, Map.r2c2 in Map, locationOf(first(pieces(Map.r2c2))) in Map])`);
    // Track holds ids 0..4 (-1..-5); -6 is Grid's first place. Map holds only the places created.
    const out = all[0] as unknown[];
    expect(out.slice(0, 8)).toEqual([true, true, false, false, false, false, false, false]);
    expect(out.slice(13)).toEqual([false, true, true]);
    for (const other of all.slice(1)) expect(other).toEqual(all[0]);
  });

  it('raises the same errors at the same place: a field a zone lacks, kindOf and locationOf of no piece', async () => {
    for (const setup of [
      '        out = [pos(runners[1])]',
      '        out = [kindOf(mixed[0])]',
      '        out = [locationOf(mixed[6])]',
      '        out = [kindOf(mixed[3])]',
      '        out = [locationOf(mixed[2]).x]',
    ]) {
      const all = await outcomes(setup);
      expect(all[0], setup).toMatchObject({ code: 'rule-error' });
      for (const other of all.slice(1)) expect(other, setup).toEqual(all[0]);
    }
  });
});
