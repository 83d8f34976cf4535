/**
 * What one player (or a spectator, `null`) may see of a state. Hidden pieces keep their kind and
 * owner but lose their attributes and location, and read -1 in their holder; hidden table rows are
 * dropped (an array table's, table-keys.ts, read the init value), from an open simultaneous
 * block's snapshot of the tables too; the block's snapshot of its players' holders and pieces is
 * masked as the live ones are (hidden pieces read -1 there and have no entry), so a view of a view
 * is the same view; others' pending options, secret choices and the choices of
 * an open simultaneous block are masked; the seed, the generator words and forced rolls are
 * removed (they would tell the future).
 * The VM stack stays: it is where the rules stand (a player who knows the rules knows it), and a
 * bot that plans from the view continues the rules from there; its locals that hold or come from
 * what the viewer cannot see read none (view-locals.ts). A finished game shows everything.
 */
import type { Game } from './context.js';
import { assertUnreachable } from './errors.js';
import { holderPlayer, zoneName } from './holder-keys.js';
import type { Json } from './ir.js';
import { msg } from './messages.js';
import { copyPiece, ownedHolders, rowPlayer } from './simultaneous.js';
import { detachedCopy } from './sharing.js';
import { freshTable, layoutOf, playerRun } from './table-keys.js';
import type { LogEntry, PieceState, SimulBlock, State } from './state.js';
import { own } from './values.js';
import { maskLocals } from './view-locals.js';

export function view(g: Game, s: State, viewer: number | null): State {
  const out = detachedCopy(s);
  if (s.ended) return out;
  const v = viewer !== null && Number.isInteger(viewer) && viewer >= 0 && viewer < s.numPlayers ? viewer : null;
  for (const block of s.simul) maskSimultaneous(g, out, block, v);
  hidePieces(g, out, v);
  hideVars(g, out, v);
  out.simul = out.simul.map((block) => ({ ...block, ...hiddenSnapshot(g, out, block, v), rows: hiddenRows(g, out, block.rows, v) }));
  if (out.pending !== null && out.pending.player !== v) {
    const { refused: _refused, ...rest } = out.pending;
    out.pending = { ...rest, labels: [], values: [] };
  }
  const hiddenLog: LogEntry[] = [];
  out.log = out.log.map((e) => {
    if (e.player === undefined || e.player === v || !(e.secret || e.during)) return e;
    hiddenLog.push(e);
    const who = msg.player(e.player);
    if (e.move !== undefined) out.moves[e.move] = msg.hiddenMove();
    return { ...e, text: e.move !== undefined ? msg.hiddenChoiceLog(who) : msg.hiddenLog(who) };
  });
  maskLocals(g, out, v, hiddenLog);
  out.seed = 0;
  out.rng = [0, 0, 0, 0];
  delete out.forcedRolls;
  return out;
}

function hiddenPiece(p: PieceState): PieceState {
  return { kind: p.kind, owner: p.owner, at: -1, attrs: {}, hidden: true };
}

function canSee(g: Game, holder: string, index: number, piece: PieceState, v: number | null): boolean {
  if (piece.shown || (v !== null && piece.shownTo?.includes(v))) return true;
  const name = zoneName(holder);
  if (name === null) return true;
  const visibility = g.zones.get(name)?.visibility ?? 'all';
  switch (visibility) {
    case 'all':
      return true;
    case 'none':
      return false;
    case 'top':
      return index === 0;
    case 'owner': {
      const owner = holderPlayer(holder) ?? piece.owner;
      return owner !== null && owner === v;
    }
    default:
      return assertUnreachable(visibility);
  }
}

// (The holders of `s` are its own copies, detachedCopy's: changed in place here.)
function hidePieces(g: Game, s: State, v: number | null): void {
  const { names } = g.holderTable;
  for (let h = 0; h < s.holders.length; h++) {
    const ids = s.holders[h];
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      const piece = s.pieces[id];
      if (id < 0 || piece.hidden || canSee(g, names[h], i, piece, v)) continue;
      s.pieces[id] = hiddenPiece(piece);
      ids[i] = -1;
    }
  }
  for (const ids of s.holders) {
    for (let i = 0; i < ids.length; i++) if (ids[i] >= 0 && s.pieces[ids[i]].hidden) ids[i] = -1;
  }
}

function hideVars(g: Game, s: State, v: number | null): void {
  for (const [name, decl] of Object.entries(g.ir.vars)) {
    if (decl.visibility === 'none' || (decl.visibility === 'owner' && !g.playerTables.has(name))) {
      s.vars[name] = decl.keys.length > 0 ? freshTable(g.ir, name, s.numPlayers, null) : null;
      s.inits = { ...s.inits, [name]: null };
    } else if (decl.visibility === 'owner') {
      s.vars[name] = ownRows(g, s, name, s.vars[name] as Json[] | Record<string, Json>, v);
    }
  }
}

/**
 * The rows of player table `name` (`table`: the state's, or a block's snapshot of it) that viewer
 * `v` sees: their own. Others' rows of an array table read as the init value, as a missing row of
 * a record table does; a record table keeps only the viewer's rows. A spectator (null) sees none.
 */
function ownRows(g: Game, s: State, name: string, table: Json[] | Record<string, Json>, v: number | null): Json[] | Record<string, Json> {
  if (Array.isArray(table)) {
    const shown = new Array<Json>(table.length).fill(s.inits[name]);
    const layout = layoutOf(g.ir, name);
    if (layout && v !== null) {
      const [from, to] = playerRun(layout, s.numPlayers, v);
      for (let i = from; i < to; i++) shown[i] = table[i];
    }
    return shown;
  }
  const mine: Record<string, Json> = {};
  for (const key of Object.keys(table)) if (rowPlayer(key) === v) mine[key] = table[key];
  return mine;
}

/**
 * A simultaneous block's snapshot of its players' holders and pieces as `v` may see it (after
 * maskSimultaneous and hidePieces, `s` being the view so far): what the live view does to a holder,
 * done to the snapshot's. A piece the viewer could not see where it lay when the block began (the
 * rule of canSee), or that the live view hides, reads -1 in the snapshot's holder and has no entry in
 * its pieces: an entry by id would tell which hidden ids a player held. A piece outside the snapshot's
 * holders (a block player's own piece lying elsewhere) is kept only where its zone showed it; its
 * place in a `top` zone is not in the snapshot, so there it counts as hidden unless shown.
 * The view of a view reads this masked snapshot again (maskSimultaneous skips its -1 slots) and
 * gives the same view.
 */
function hiddenSnapshot(g: Game, s: State, block: SimulBlock, v: number | null): Pick<SimulBlock, 'holders' | 'pieces'> {
  const { names } = g.holderTable;
  const holders: SimulBlock['holders'] = {};
  const inHolders = new Set<number>();
  const unseen = new Set<number>();
  const hiddenNow = (id: number, p: PieceState | undefined): boolean => p === undefined || p.hidden === true || s.pieces[id]?.hidden === true;
  for (const [key, ids] of Object.entries(block.holders)) {
    const h = Number(key);
    holders[h] = ids.map((id, i) => {
      if (id < 0) return -1;
      inHolders.add(id);
      const p = Object.hasOwn(block.pieces, id) ? block.pieces[id] : undefined;
      if (p !== undefined && !hiddenNow(id, p) && canSee(g, names[h] ?? '', i, p, v)) return id;
      unseen.add(id);
      return -1;
    });
  }
  const pieces: SimulBlock['pieces'] = {};
  for (const [key, p] of Object.entries(block.pieces)) {
    const id = Number(key);
    if (unseen.has(id) || hiddenNow(id, p)) continue;
    if (!inHolders.has(id) && p.at >= 0 && !canSee(g, names[p.at] ?? '', -1, p, v)) continue;
    pieces[key] = p;
  }
  return { holders, pieces };
}

/**
 * A simultaneous block's snapshot of the player tables as `v` may see it (after hideVars): a table
 * visible to its owner shows only the viewer's rows (others' read the init value, or are dropped
 * from a record table), a table visible to none no row at all.
 */
function hiddenRows(g: Game, s: State, rows: SimulBlock['rows'], v: number | null): SimulBlock['rows'] {
  const out: SimulBlock['rows'] = {};
  for (const [name, table] of Object.entries(rows)) {
    const decl = own(g.ir.vars, name);
    if (decl === undefined) continue;
    // A table visible to none: no viewer's rows (as a spectator's).
    out[name] = decl.visibility === 'all' ? table : ownRows(g, s, name, table, decl.visibility === 'owner' ? v : null);
  }
  return out;
}

/**
 * Shows the block's other players' belongings as they were when the block began: their holders
 * and pieces from the snapshot, and the pieces that were in their holders then are taken out of
 * any other holder they have been moved to since (a shared pile, a board) (issue 14, item 10).
 */
function maskSimultaneous(g: Game, s: State, block: SimulBlock, v: number | null): void {
  for (const q of block.players) {
    if (q === v) continue;
    const before = new Set<number>();
    const hiddenNow = new Set<number>();
    const owned = ownedHolders(g, q);
    for (const h of owned) {
      // (-1: a piece the view of a view's masked snapshot, or its live holder, already hides.)
      for (const id of s.holders[h]) {
        if (id < 0) continue;
        s.pieces[id] = hiddenPiece(s.pieces[id]);
        hiddenNow.add(id);
      }
      const then = Object.hasOwn(block.holders, h) ? block.holders[h] : undefined;
      s.holders[h] = then === undefined ? [] : then.slice();
      for (const id of then ?? []) if (id >= 0) before.add(id);
    }
    const mine = new Set(owned);
    for (let h = 0; h < s.holders.length; h++) {
      if (mine.has(h)) continue;
      const ids = s.holders[h];
      if (ids.some((id) => before.has(id))) s.holders[h] = ids.filter((id) => !before.has(id));
    }
    // A piece of q's that lay elsewhere and q has taken into their holders since lies in none of
    // the view's holders: it stays hidden (restored, it showed its attributes and where it lay).
    for (const [key, p] of Object.entries(block.pieces)) {
      const id = Number(key);
      if (before.has(id) || (p.owner === q && !hiddenNow.has(id))) s.pieces[id] = copyPiece(p);
    }
    for (const name of g.playerTables) {
      const layout = layoutOf(g.ir, name);
      if (layout) {
        const rows = (s.vars[name] as Json[]).slice();
        const then = block.rows[name] as Json[];
        const [from, to] = playerRun(layout, s.numPlayers, q);
        for (let i = from; i < to; i++) rows[i] = then[i];
        s.vars[name] = rows;
        continue;
      }
      const table = { ...(s.vars[name] as Record<string, Json>) };
      for (const key of Object.keys(table)) if (rowPlayer(key) === q) delete table[key];
      const rows = (block.rows[name] ?? {}) as Record<string, Json>;
      for (const key of Object.keys(rows)) if (rowPlayer(key) === q) table[key] = rows[key];
      s.vars[name] = table;
    }
  }
}
