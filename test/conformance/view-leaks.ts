/**
 * What a player's view shows that it should not: read from the real state and the IR (the zones'
 * and tables' declared visibility), not from the view code. Used by the conformance suite and the
 * fuzzer (tools/fuzz), so it imports no test framework. It also checks that a view of a view is
 * the same view (the snapshot of an open simultaneous block included).
 */
import { isDeepStrictEqual } from 'node:util';
import { view, type Game, type State } from '../../interpreter/index.js';
import { holderName, holderPlayer, zoneName } from '../../interpreter/holder-keys.js';
import type { GameIR } from '../../interpreter/ir.js';
import { tableEntries } from '../../interpreter/table-keys.js';

/** The pieces `viewer` may not see in `s` (cards in other players' hands, face-down decks, …). */
function secretIn(ir: GameIR, s: State, holders: Record<number, number[]>, viewer: number | null, pieces: Readonly<Record<number, { owner: number | null; shown?: boolean; shownTo?: number[] } | undefined>>): Set<number> {
  const hidden = new Set<number>();
  // By holder id (the state's array, a block's snapshot): its text says its zone and player.
  for (const [id, ids] of Object.entries(holders)) {
    const holder = holderName(ir, Number(id)) ?? '';
    const name = zoneName(holder);
    if (name === null) continue;
    const ownerOfHolder = holderPlayer(holder);
    const zone = ir.zones[name];
    ids.forEach((id, index) => {
      const piece = pieces[id] ?? s.pieces[id];
      if (piece?.shown || (viewer !== null && piece?.shownTo?.includes(viewer))) return;
      const owner = ownerOfHolder ?? piece.owner;
      const secret =
        zone.visibility === 'none' ||
        (zone.visibility === 'top' && index > 0) ||
        (zone.visibility === 'owner' && owner !== viewer);
      if (secret) hidden.add(id);
    });
  }
  return hidden;
}

function hiddenFrom(ir: GameIR, s: State, viewer: number | null): Set<number> {
  const hidden = secretIn(ir, s, s.holders, viewer, s.pieces);
  // While a simultaneous block is open, the others see each player's belongings as they were when
  // it opened (interpreter/simultaneous.ts): a piece that was public in that snapshot may still
  // show there, though it has since moved somewhere secret.
  for (const block of s.simul) {
    const secretThen = secretIn(ir, s, block.holders, viewer, block.pieces);
    for (const ids of Object.values(block.holders)) for (const id of ids) if (!secretThen.has(id)) hidden.delete(id);
  }
  return hidden;
}

/**
 * What each open simultaneous block's snapshot (its players' holders and pieces as they were when it
 * opened) shows `viewer` (a seat, null: a spectator) that it should not: a piece secret where it lay
 * then, or hidden from the viewer now, may be neither in the snapshot's holders nor an entry of its
 * pieces (an entry by id would tell which hidden ids a player held).
 */
function snapshotLeaks(ir: GameIR, s: State, v: State, viewer: number | null, hiddenNow: Set<number>): string[] {
  const who = viewer === null ? 'spectators' : `P${viewer + 1}`;
  const leaks: string[] = [];
  s.simul.forEach((block, b) => {
    const shown = v.simul[b];
    if (shown === undefined) return;
    const secret = secretIn(ir, s, block.holders, viewer, block.pieces);
    const inHolders = new Set(Object.values(block.holders).flat());
    // A block player's own piece outside their holders: secret if its zone hid it where it lay then.
    for (const [key, p] of Object.entries(block.pieces)) {
      const id = Number(key);
      if (!inHolders.has(id) && p.at >= 0) for (const x of secretIn(ir, s, { [p.at]: [id] }, viewer, block.pieces)) secret.add(x);
    }
    for (const id of hiddenNow) secret.add(id);
    const listed = new Set(Object.values(shown.holders).flat());
    for (const id of secret) {
      if (listed.has(id)) leaks.push(`block ${b}'s snapshot shows piece ${id} to ${who}`);
      if (Object.hasOwn(shown.pieces, id)) leaks.push(`block ${b}'s snapshot has an entry for piece ${id} for ${who}`);
    }
  });
  return leaks;
}

/** One line per thing a player's view shows that it should hide; empty when every view is right. */
export function viewLeaks(game: Game, ir: GameIR, s: State): string[] {
  if (s.ended) return [];
  const leaks: string[] = [];
  for (let viewer = 0; viewer < s.numPlayers; viewer++) {
    const who = `P${viewer + 1}`;
    const hidden = hiddenFrom(ir, s, viewer);
    const v = view(game, s, viewer);
    const visibleIds = new Set(Object.values(v.holders).flat());
    for (const id of hidden) {
      if (visibleIds.has(id)) leaks.push(`piece ${id} is visible to ${who}`);
      if (Object.keys(v.pieces[id]?.attrs ?? {}).length > 0) leaks.push(`attributes of piece ${id} are visible to ${who}`);
    }
    leaks.push(...snapshotLeaks(ir, s, v, viewer, hidden));
    // A view is what its viewer may see: viewing it again hides nothing more (bots and saved views do).
    if (!isDeepStrictEqual(view(game, v, viewer), v)) leaks.push(`${who}'s view of its own view differs from the view`);
    if (s.pending && s.pending.player !== viewer && (v.pending?.labels.length ?? 0) > 0) {
      leaks.push(`another player's options are visible to ${who}`);
    }
    for (const [name, decl] of Object.entries(ir.vars)) {
      if (decl.visibility !== 'owner' || decl.keys[0]?.type !== 'player') continue;
      // The table, and each open simultaneous block's snapshot of it (as it was when the block opened).
      const tables = [{ where: '', table: v.vars[name] }, ...v.simul.map((b, i) => ({ where: `block ${i}'s `, table: b.rows[name] }))];
      for (const { where, table } of tables) {
        if (Array.isArray(table)) {
          // An array table (table-keys.ts) has every row: another player's must read the init value.
          const init = JSON.stringify(v.inits[name]);
          for (const row of tableEntries(ir, name, table, v.numPlayers)) {
            if (row.keys[0] !== viewer && JSON.stringify(row.value) !== init) leaks.push(`${where}${name}[${row.key}] is visible to ${who}`);
          }
          continue;
        }
        for (const key of Object.keys(table ?? {})) {
          if (Number(key.split('|')[0]) !== viewer) leaks.push(`${where}${name}[${key}] is visible to ${who}`);
        }
      }
    }
  }
  // Spectators: the snapshots only (what they see of the live state is checked per seat above).
  if (s.simul.length > 0) leaks.push(...snapshotLeaks(ir, s, view(game, s, null), null, hiddenFrom(ir, s, null)));
  return leaks;
}
