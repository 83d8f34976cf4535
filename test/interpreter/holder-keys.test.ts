// The texts of holders, places, boards and edges are built and read in one module (holder-keys.ts);
// what `locationOf` gives rules is that documented text (docs/language.md §25), which compares equal
// to the zone or place it names and prints as its name.
import { describe, expect, it } from 'vitest';
import { compileText } from '../../dsl/index.js';
import {
  boardKey,
  boardValueName,
  edgeEnds,
  edgeKey,
  holderName,
  holderPlayer,
  holderText,
  isPlaceOf,
  isZoneKey,
  piecesAt,
  placeKey,
  zoneKey,
  zoneName,
} from '../../interpreter/holder-keys.js';
import { loadGame, newGame, runScenario } from '../../interpreter/index.js';
import { unwrap } from './helpers.js';

describe('holder texts', () => {
  it('zones: built and read back, shared and per player', () => {
    expect(zoneKey('deck', null)).toBe('zone:deck');
    expect(zoneKey('hand', 1)).toBe('zone:hand@1');
    for (const [name, p] of [['deck', null], ['hand', 0], ['hand', 12]] as const) {
      const key = zoneKey(name, p);
      expect([isZoneKey(key), zoneName(key), holderPlayer(key)]).toEqual([true, name, p]);
    }
  });

  it('places and boards: built and read back; a place is no zone', () => {
    expect(placeKey('Grid', null, 'r1c2')).toBe('Grid.r1c2');
    expect(placeKey('Mat', 2, 'h0_m1')).toBe('Mat@2.h0_m1');
    expect(boardKey('Mat', 2)).toBe('Mat@2');
    expect([zoneName('Mat@2.h0_m1'), holderPlayer('Mat@2.h0_m1'), holderPlayer('Grid.r1c2')]).toEqual([null, 2, null]);
    expect([boardValueName('Mat@2'), boardValueName('Grid')]).toEqual(['Mat', 'Grid']);
    expect([isPlaceOf('Mat@2.x', 'Mat'), isPlaceOf('Grid.x', 'Grid'), isPlaceOf('Gridlock.x', 'Grid'), isPlaceOf('zone:Grid', 'Grid')]).toEqual([true, true, false, false]);
  });

  it('edges: the same both ways round, and read back', () => {
    expect(edgeKey('G.b', 'G.a')).toBe('edge:G.a|G.b');
    expect(edgeKey('G.a', 'G.b')).toBe(edgeKey('G.b', 'G.a'));
    expect(edgeEnds(edgeKey('G.b', 'G.a'))).toEqual(['G.a', 'G.b']);
    expect([edgeEnds('G.a'), edgeEnds('edge:G.a')]).toEqual([null, null]);
  });

  it('as people read them: a place by name, a zone by name and player', () => {
    const names = new Map([['Grid.r1c2', 'r1c2']]);
    const player = (p: number): string => `P${p + 1}`;
    expect(holderText('Grid.r1c2', (k) => names.get(k), player)).toBe('r1c2');
    expect(holderText('zone:hand@1', (k) => names.get(k), player)).toBe('hand@P2');
    expect(holderText('zone:deck', (k) => names.get(k), player)).toBe('deck');
  });
});

const text = `
game Where {
    players 2
    kind Chip
    zone hand: Chip per player visible all
    zone deck: Chip visible all
    board Grid square 2 by 2
    var seen: text = ""
    setup {
        create 1 Chip in hand[playerAt(2)]
        create 1 Chip in deck
        create 1 Chip in placeNamed(Grid, "r1c2")
    }
    flow {
        let c = choose x in [1, 2] by playerAt(1)
        seen = str(locationOf(topOf(hand[playerAt(2)])))
    }
}

scenario "locationOf names the holder as the rules do" of Where {
    players 2
    expect locationOf(topOf(hand[playerAt(2)])) == hand[playerAt(2)]
    expect locationOf(topOf(hand[playerAt(2)])) != hand[playerAt(1)]
    expect locationOf(topOf(deck)) == deck
    expect locationOf(topOf(placeNamed(Grid, "r1c2"))) == placeNamed(Grid, "r1c2")
    expect str(locationOf(topOf(hand[playerAt(2)]))) == "hand@P2"
    expect str(locationOf(topOf(deck))) == "deck"
    expect str(locationOf(topOf(placeNamed(Grid, "r1c2")))) == "r1c2"
    expect locationOf(topOf(hand[playerAt(2)])) == "zone:hand@1"
    // A place value is an id (interpreter/place-values.ts) that equals its text, as documented.
    expect locationOf(topOf(placeNamed(Grid, "r1c2"))) == "Grid.r1c2"
    expect nameOf(locationOf(topOf(placeNamed(Grid, "r1c2")))) == "r1c2"
}
`;

describe('locationOf', () => {
  it('gives the documented text of the holder: equal to the zone or place, printed as its name', async () => {
    const { ir, diagnostics } = await compileText([{ uri: 'where.strata', text }]);
    expect(diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
    const g = loadGame(ir!);
    expect(runScenario(g, ir!.scenarios[0]!).failures).toEqual([]);
    // The state holds the holder's id: the piece's `at`, whose name is the same text.
    const s = unwrap(newGame(g, { players: 2, seed: 1 }));
    const chip = piecesAt(g.ir, s, zoneKey('hand', 1))[0]!;
    expect(holderName(g.ir, s.pieces[chip]!.at)).toBe('zone:hand@1');
    expect(holderName(g.ir, s.pieces[piecesAt(g.ir, s, placeKey('Grid', null, 'r1c2'))[0]!]!.at)).toBe('Grid.r1c2');
  });
});
