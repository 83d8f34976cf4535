/**
 * An open simultaneous block's snapshot (`State.simul[i].holders/pieces`) in a view: it must show
 * no more of the block's players' hidden pieces than the live view does (no attributes, no ids).
 */
import { describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { apply, view, type State } from '../../interpreter/index.js';
import { E, game, kind, L, S, T, zone } from './ir-builders.js';
import { viewLeaks } from '../conformance/view-leaks.js';
import { start, unwrap } from './helpers.js';

const ir = game({
  kinds: { Card: kind({ v: [T.number, 0] }) },
  zones: {
    hand: zone({ perPlayer: true, visibility: 'owner' }),
    played: zone({ perPlayer: true, visibility: 'all' }),
    deck: zone({ visibility: 'none' }),
    table: zone({ visibility: 'all' }),
  },
  setup: [
    S.create(2, 'Card', E.zone('hand', 0), { v: 41 }),
    S.create(2, 'Card', E.zone('hand', 1), { v: 42 }),
    S.create(1, 'Card', E.zone('hand', 2), { v: 43 }),
    // P2 owns a face-down card in the shared deck and an open one on the table: the snapshot
    // holds both (a block player's own pieces), and may show only the open one.
    S.create(1, 'Card', E.zone('deck'), { v: 44 }),
    S.eval(E.b('setOwner', E.b('topOf', E.zone('deck')), 1)),
    S.create(1, 'Card', E.zone('table'), { v: 45 }),
    S.eval(E.b('setOwner', E.b('topOf', E.zone('table')), 1)),
  ],
  flow: [
    // P1 and P2 play at once; P3 watches.
    S.simultaneous('p', E.list(0, 1), [
      S.choose({ into: 'card', by: L('p'), from: E.zone('hand', L('p')), labelAs: T.piece }),
      S.move({ pieces: L('card'), to: E.zone('played', L('p')) }),
    ]),
    S.choose({ by: 2, from: E.list('next') }),
  ],
});

/** The ids and attribute values a view's open blocks show, wherever in the snapshot. */
function snapshotShows(v: State): { ids: number[]; values: unknown[] } {
  const ids: number[] = [];
  const values: unknown[] = [];
  for (const block of v.simul) {
    for (const list of Object.values(block.holders)) ids.push(...list.filter((id) => id >= 0));
    for (const [id, p] of Object.entries(block.pieces)) {
      ids.push(Number(id));
      values.push(...Object.values(p.attrs));
    }
  }
  return { ids, values };
}

describe("a simultaneous block's snapshot in views", () => {
  const { g, s } = start(ir, 3);
  const hand0 = piecesAt(g.ir, s, 'zone:hand@0');
  const hand1 = piecesAt(g.ir, s, 'zone:hand@1');
  const [deckCard] = piecesAt(g.ir, s, 'zone:deck');
  const [tableCard] = piecesAt(g.ir, s, 'zone:table');
  // The block is open at P1's choice (s) and at P2's, after P1 played (s1).
  const s1 = unwrap(apply(g, s, s.pending?.labels[0] ?? ''));

  it('is open with both players\' hands in it (the real state)', () => {
    for (const state of [s, s1]) {
      expect(state.simul).toHaveLength(1);
      expect(snapshotShows(state).values).toEqual(expect.arrayContaining([41, 42, 44, 45]));
    }
  });

  it("shows the watching player and spectators neither the players' hidden cards nor their ids", () => {
    for (const state of [s, s1]) {
      for (const viewer of [2, null]) {
        const shown = snapshotShows(view(g, state, viewer));
        expect(shown.values).not.toContain(41);
        expect(shown.values).not.toContain(42);
        for (const id of [...hand0, ...hand1, deckCard]) expect(shown.ids).not.toContain(id);
        expect(shown.values).not.toContain(44);
        // What everyone saw when the block began stays in it.
        expect(shown.values).toContain(45);
        expect(shown.ids).toContain(tableCard);
      }
    }
  });

  it("shows each block player their own hand in it, not the other's", () => {
    for (const state of [s, s1]) {
      const v0 = snapshotShows(view(g, state, 0));
      expect(v0.values).not.toContain(42);
      for (const id of hand1) expect(v0.ids).not.toContain(id);
      expect(v0.ids).toEqual(expect.arrayContaining([...hand0]));
      const v1 = snapshotShows(view(g, state, 1));
      expect(v1.values).not.toContain(41);
      for (const id of hand0) expect(v1.ids).not.toContain(id);
      expect(v1.ids).toEqual(expect.arrayContaining([...hand1]));
      // Their own card in the face-down deck is hidden from its owner too, as in the live view.
      for (const v of [v0, v1]) expect(v.values).not.toContain(44);
    }
  });

  it('keeps a view of a view the same view, and the live view as before', () => {
    for (const state of [s, s1]) {
      for (const viewer of [0, 1, 2, null]) {
        const once = view(g, state, viewer);
        expect(view(g, once, viewer)).toEqual(once);
      }
    }
    // P3 still sees P1's hand as it was when the block began (two face-down cards), not the play.
    const other = view(g, s1, 2);
    expect(piecesAt(g.ir, other, 'zone:hand@0')).toEqual([-1, -1]);
    expect(piecesAt(g.ir, other, 'zone:played@0')).toEqual([]);
  });
});

describe('the conformance view-leak checker on a block snapshot', () => {
  it('finds nothing in this game once views mask the snapshot', () => {
    const { g, s } = start(ir, 3);
    const s1 = unwrap(apply(g, s, s.pending?.labels[0] ?? ''));
    for (const state of [s, s1]) expect(viewLeaks(g, g.ir, state)).toEqual([]);
  });
});

describe("a block player's own piece drawn into their hand during the block", () => {
  // P1 owns a face-down card in the shared deck and draws it during the block: the others must
  // not see it, neither in P1's hand (the snapshot's, as the block began) nor lying nowhere.
  const drawIr = game({
    kinds: { Card: kind({ v: [T.number, 0] }) },
    zones: { hand: zone({ perPlayer: true, visibility: 'owner' }), deck: zone({ visibility: 'none' }) },
    setup: [
      S.create(1, 'Card', E.zone('hand', 0), { v: 41 }),
      S.create(1, 'Card', E.zone('hand', 1), { v: 42 }),
      S.create(1, 'Card', E.zone('deck'), { v: 44 }),
      S.eval(E.b('setOwner', E.b('topOf', E.zone('deck')), 0)),
    ],
    flow: [
      S.simultaneous('p', E.list(0, 1), [
        S.choose({ into: 'x', by: L('p'), from: E.list('go') }),
        S.if(E.bin('==', L('p'), 0), [S.move({ pieces: E.b('topOf', E.zone('deck')), to: E.zone('hand', 0) })]),
      ]),
      S.choose({ by: 2, from: E.list('next') }),
    ],
  });

  it('shows the others a hidden piece, no attributes, no place', () => {
    const { g, s } = start(drawIr, 3);
    const [drawn] = piecesAt(g.ir, s, 'zone:deck');
    const s1 = unwrap(apply(g, s, 'go'));
    expect(piecesAt(g.ir, s1, 'zone:hand@0')).toContain(drawn);
    for (const viewer of [1, 2, null]) {
      const v = view(g, s1, viewer);
      expect(v.pieces[drawn]).toEqual({ kind: 'Card', owner: 0, at: -1, attrs: {}, hidden: true });
      expect(view(g, v, viewer)).toEqual(v);
    }
    expect(viewLeaks(g, g.ir, s1)).toEqual([]);
    // P1 sees the card they drew.
    expect(view(g, s1, 0).pieces[drawn].attrs).toEqual({ v: 44 });
  });
});
