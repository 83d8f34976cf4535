/**
 * Simultaneous blocks: the body runs for each player in turn, but until the block ends nobody sees
 * another player's choices or player-owned state changes. At the block's start we snapshot what
 * each of its players owns (their per-player holders and the pieces in them, pieces they own, their
 * rows of player-keyed tables); views show others that snapshot until the block closes.
 */
import type { Ctx, Game } from './context.js';
import type { Json } from './ir.js';
import { logLength, replaceLog } from './sharing.js';
import type { LogEntry, PieceState, SimulBlock, State } from './state.js';

/** The first key of a table row, when it is a player: `1` and `1,x` both give 1. */
export function rowPlayer(key: string): number {
  const comma = key.indexOf(',');
  return Number(comma < 0 ? key : key.slice(0, comma));
}

const owned = new WeakMap<Game, number[][]>();

/** The ids of the per-player holders of `player`, empty or not (listed once per game). */
export function ownedHolders(g: Game, player: number): number[] {
  let byPlayer = owned.get(g);
  if (byPlayer === undefined) {
    byPlayer = Array.from({ length: g.ir.players.max }, () => []);
    const { owners } = g.holderTable;
    for (let id = 0; id < owners.length; id++) if (owners[id] >= 0) byPlayer[owners[id]].push(id);
    owned.set(g, byPlayer);
  }
  return byPlayer[player] ?? [];
}

export function copyPiece(p: PieceState): PieceState {
  return { ...p, attrs: { ...p.attrs } };
}

export function openSimul(ctx: Ctx, players: number[]): void {
  const { s, g } = ctx;
  const block: SimulBlock = { players, current: null, logStart: logLength(s), holders: {}, pieces: {}, rows: {} };
  const inBlock = new Set(players);
  for (const p of players) {
    for (const h of ownedHolders(g, p)) {
      // The snapshot has no entry for an empty holder.
      const ids = s.holders[h];
      if (ids.length === 0) continue;
      block.holders[h] = ids.slice();
      for (const id of ids) block.pieces[id] = copyPiece(s.pieces[id]);
    }
  }
  s.pieces.forEach((piece, id) => {
    if (piece.owner !== null && inBlock.has(piece.owner)) block.pieces[id] = copyPiece(piece);
  });
  for (const name of g.playerTables) {
    // An array table's rows as they are now (a copy: in-place play changes the array).
    if (Array.isArray(s.vars[name])) {
      block.rows[name] = s.vars[name].slice();
      continue;
    }
    const table = s.vars[name] as Record<string, Json>;
    const rows: Record<string, Json> = {};
    for (const key of Object.keys(table)) if (inBlock.has(rowPlayer(key))) rows[key] = table[key];
    block.rows[name] = rows;
  }
  s.simul.push(block);
}

export function setSimulPlayer(s: State, player: number): void {
  const top = s.simul[s.simul.length - 1];
  if (top) s.simul[s.simul.length - 1] = { ...top, current: player };
}

export function closeSimul(s: State): void {
  const block = s.simul[s.simul.length - 1];
  if (!block) return;
  s.simul = s.simul.slice(0, -1);
  // Entries stay hidden while an enclosing block is still open.
  if (s.simul.length === 0) replaceLog(s, revealLog(s.log, block.logStart));
}

/** The log with entries from `from` on no longer marked as made during an open block. */
export function revealLog(log: LogEntry[], from: number): LogEntry[] {
  return log.map((e, i) => (i < from || !e.during ? e : withoutDuring(e)));
}

function withoutDuring(e: LogEntry): LogEntry {
  const out: LogEntry = { text: e.text };
  if (e.player !== undefined) out.player = e.player;
  if (e.move !== undefined) out.move = e.move;
  if (e.secret) out.secret = true;
  return out;
}

/** The player a log entry should be attributed to inside an open block, if any. */
export function simulPlayer(s: State): number | null {
  return s.simul.length > 0 ? s.simul[s.simul.length - 1].current : null;
}
