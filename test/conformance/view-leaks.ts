/**
 * What a player's view shows that it should not: read from the real state and the IR (the zones'
 * and tables' declared visibility), not from the view code. Used by the conformance suite and the
 * fuzzer (tools/fuzz), so it imports no test framework.
 */
import { view, type Game, type State } from '../../interpreter/index.js';
import { holderName, holderPlayer, zoneName } from '../../interpreter/holder-keys.js';
import type { GameIR } from '../../interpreter/ir.js';
import { tableEntries } from '../../interpreter/table-keys.js';

/** The pieces `viewer` may not see in `s` (cards in other players' hands, face-down decks, …). */
function secretIn(ir: GameIR, s: State, holders: Record<number, number[]>, viewer: number, pieces: Readonly<Record<number, { owner: number | null; shown?: boolean } | undefined>>): Set<number> {
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
      if (piece?.shown) return;
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

function hiddenFrom(ir: GameIR, s: State, viewer: number): Set<number> {
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
  return leaks;
}
