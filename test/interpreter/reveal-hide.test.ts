// `reveal x to p` and `hide x`: a player's view shows exactly the pieces revealed to them, until hidden.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { piecesAt } from '../../interpreter/holder-keys.js';
import { compileText } from '../../dsl/index.js';
import { applyInPlace, loadGame, newGame, runScenario, view } from '../../interpreter/index.js';

const text = readFileSync('test/fixtures/reveal-hide.strata', 'utf8');

describe('reveal to a player, hide again', () => {
  it('the fixture scenario passes: views follow reveal, reveal to, hide', async () => {
    const { ir } = await compileText([{ uri: 'reveal-hide.strata', text }]);
    const r = runScenario(loadGame(ir!), ir!.scenarios[0]!);
    expect(r.failures).toEqual([]);
  });

  it('pieces revealed to P1 show their attributes in the view of P1 only, and not after hide', async () => {
    const { ir } = await compileText([{ uri: 'reveal-hide.strata', text }]);
    const g = loadGame(ir!);
    const start = newGame(g, { players: 3, seed: 1 });
    if (!start.ok) throw new Error(start.error.message);
    const s = start.value;
    const deck = piecesAt(g.ir, s, 'zone:deck');
    expect(deck).toHaveLength(3);
    expect(piecesAt(g.ir, view(g, s, 0), 'zone:deck')).toEqual(deck);
    expect(piecesAt(g.ir, view(g, s, 1), 'zone:deck')).toEqual([-1, -1, -1]);
    expect(piecesAt(g.ir, view(g, s, null), 'zone:deck')).toEqual([-1, -1, -1]);
    // P2's hand card: shown to P1 and P3, not to a spectator.
    const card = piecesAt(g.ir, s, 'zone:hand@1')[0]!;
    expect(view(g, s, 2).pieces[card]!.attrs).toEqual({ n: 2 });
    expect(view(g, s, null).pieces[card]!.hidden).toBe(true);
    const next = applyInPlace(g, s, 'look');
    expect(next.ok).toBe(true);
    expect(piecesAt(g.ir, view(g, s, 0), 'zone:deck')).toEqual([-1, -1, -1]);
    expect(view(g, s, 2).pieces[card]!.attrs).toEqual({ n: 2 });
  });
});
