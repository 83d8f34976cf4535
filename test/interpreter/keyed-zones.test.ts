/**
 * Zones kept per key (an enum's values, a board's places, the kinds' names): each key's copy is a
 * holder `zone:name@key` that belongs to nobody; a key that is not one of the zone's is a located
 * rule error; views hide a copy's pieces by the zone's visibility, as for a shared zone.
 */
import { describe, expect, it } from 'vitest';
import { heldPieces, piecesAt } from '../../interpreter/holder-keys.js';
import { loadGame, view } from '../../interpreter/index.js';
import { msg } from '../../interpreter/messages.js';
import type { ZoneIR } from '../../interpreter/ir.js';
import { E, game, kind, loc, S, T, variable, zone } from './ir-builders.js';
import { setupError, start } from './helpers.js';

const keyed = (keys: string[], visibility: ZoneIR['visibility'] = 'all'): ZoneIR => ({ ...zone({ kind: 'Card', visibility }), keys });
const parts = {
  enums: { Colour: { values: ['Red', 'Blue'], at: loc() } },
  kinds: { Card: kind({ colour: [T.any] }) },
  zones: { display: keyed(['Red', 'Blue']), secret: keyed(['Red', 'Blue'], 'none'), hand: zone({ kind: 'Card', perPlayer: true, visibility: 'owner' }) },
  vars: { out: variable(T.any, null) },
};
const display = (key: string) => ({ k: 'zone' as const, name: 'display', key: E.lit(key), at: loc() });

describe('zones per key', () => {
  it('each key has its own copy; its pieces belong to nobody; moves between copies and other zones', () => {
    const { g, s } = start(
      game({
        ...parts,
        setup: [
          S.create(2, 'Card', display('Red'), { colour: 'Red' }),
          S.create(1, 'Card', display('Blue'), { colour: 'Blue' }),
          S.move({ count: 1, source: display('Red'), to: { k: 'zone', name: 'hand', owner: E.b('playerAt', 1), at: loc() } }),
          S.set(E.v('out'), E.list(E.b('size', display('Red')), E.b('size', display('Blue')), E.b('str', display('Blue')))),
        ],
      }),
    );
    expect(s.vars.out).toEqual([1, 1, 'display@Blue']);
    expect(heldPieces(g.ir, s).map(([h]) => h).sort()).toEqual(['zone:display@Blue', 'zone:display@Red', 'zone:hand@0']);
    expect(s.pieces.map((p) => p.owner)).toEqual([null, null, null]);
  });

  it('a key that is not one of the zone\'s is a located rule error', () => {
    const bad = { k: 'zone' as const, name: 'display', key: E.lit('Green'), at: loc(6, 4) };
    const error = setupError([S.create(1, 'Card', bad)], parts);
    expect(error.message).toBe(msg.notZoneKey('display', 'text "Green"'));
    expect(error.at).toEqual(loc(6, 4));
  });

  it('a hand-made IR with a key that would read as a seat is refused at load, at the zone', () => {
    const z = { ...keyed(['Red', '1']), at: loc(3, 3) };
    expect(() => loadGame(game({ ...parts, zones: { display: z } }))).toThrow(msg.badZoneKey('display', '1'));
  });

  it('views hide a copy by the zone\'s visibility', () => {
    const secret = { k: 'zone' as const, name: 'secret', key: E.lit('Blue'), at: loc() };
    const { g, s } = start(game({ ...parts, setup: [S.create(1, 'Card', secret), S.create(1, 'Card', display('Red'))], flow: [S.choose({ by: E.b('playerAt', 1), from: E.list(1) })] }));
    const v = view(g, s, 1);
    expect(piecesAt(g.ir, v, 'zone:secret@Blue')).toEqual([-1]);
    expect(piecesAt(g.ir, v, 'zone:display@Red')).toEqual(piecesAt(g.ir, s, 'zone:display@Red'));
  });
});
