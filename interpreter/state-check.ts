/**
 * Checks on what callers hand the API: a move that is not a label or a { player, label } pair, and
 * a state that is not of this game (another ruleset's, or edited by hand), which `undo` would
 * otherwise replay into a wrong game. Each answers with a message, or null when all is well.
 */
import type { Game } from './context.js';
import { quoteLabel } from './format.js';
import { msg } from './messages.js';
import type { PieceState, State } from './state.js';
import { badTable } from './table-keys.js';

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object without a text label and a seat' : `${typeof value} ${quoteLabel(String(value))}`;
}

/** Why `m` is not a move (a label, or `{ player, label }`), or null. */
export function badMove(m: unknown): string | null {
  if (typeof m === 'string') return null;
  if (typeof m === 'object' && m !== null && !Array.isArray(m)) {
    const { player, label } = m as { player?: unknown; label?: unknown };
    if (typeof label === 'string' && Number.isInteger(player)) return null;
  }
  return msg.notAMove(describe(m));
}

/** Why `s` cannot be a state of `g` by its shape (seats, seed, moves), or null. */
export function foreignState(g: Game, s: unknown): string | null {
  if (typeof s !== 'object' || s === null) return msg.notAState(describe(s));
  const { numPlayers, seed, moves } = s as Partial<State>;
  const { min, max, counts } = g.ir.players;
  const seats = typeof numPlayers === 'number' && Number.isInteger(numPlayers) && numPlayers >= min && numPlayers <= max && (!counts || counts.includes(numPlayers));
  if (!seats) return msg.otherGameState(`it has ${String(numPlayers)} players`);
  if (!Number.isInteger(seed)) return msg.otherGameState('its seed is not a whole number');
  if (!Array.isArray(moves) || !moves.every((x) => typeof x === 'string')) return msg.otherGameState('its moves are not a list of labels');
  const holders = badHolders(g, s as Partial<State>) ?? badTables(g, s as Partial<State>, numPlayers);
  return holders === null ? null : msg.otherGameState(holders);
}

/** Why the tables of `s` cannot be this game's (their shape, table-keys.ts), or null. */
function badTables(g: Game, s: Partial<State>, players: number): string | null {
  const { vars } = s;
  if (typeof vars !== 'object' || vars === null || Array.isArray(vars)) return 'its variables are not a record';
  for (const [name, decl] of Object.entries(g.ir.vars)) {
    if (decl.keys.length === 0) continue;
    if (!Object.hasOwn(vars, name)) return `it has no table ${name}`;
    const bad = badTable(g.ir, name, vars[name], players);
    if (bad !== null) return bad;
  }
  return null;
}

/** A number as itself, anything else as a quoted text (cut). */
function shown(v: unknown): string {
  return typeof v === 'number' ? String(v) : quoteLabel(String(v));
}

/**
 * Why the holders of `s` cannot be this game's (`State.holders`: one list of piece ids per holder
 * id, each piece in one holder, the one its `at` names), or null. Bounded by the lists' lengths.
 */
function badHolders(g: Game, s: Partial<State>): string | null {
  const { holders, pieces } = s;
  const { names } = g.holderTable;
  if (!Array.isArray(pieces)) return 'its pieces are not a list';
  if (!Array.isArray(holders)) return 'its holders are not a list';
  if (holders.length !== names.length) return `it has ${holders.length} holders, the game ${names.length}`;
  // The holder each piece was seen in (-1: none yet): an array, not a map (undo checks every state).
  const seen = new Int32Array(pieces.length).fill(-1);
  for (let h = 0; h < holders.length; h++) {
    const ids: unknown = holders[h];
    if (!Array.isArray(ids)) return `holder ${h} (${names[h]}) is not a list of pieces`;
    for (const id of ids) {
      if (typeof id !== 'number' || !Number.isInteger(id) || id < 0 || id >= pieces.length) {
        return `holder ${h} (${names[h]}) holds ${shown(id)}, which is no piece (there are ${pieces.length})`;
      }
      const other = seen[id];
      if (other >= 0) return `piece ${id} lies in two holders, ${other} (${names[other]}) and ${h} (${names[h]})`;
      seen[id] = h;
      const at: unknown = (pieces[id] as Partial<PieceState> | null)?.at;
      if (at !== h) return `piece ${id} lies in holder ${h} (${names[h]}) but its place says ${shown(at)}`;
    }
  }
  return null;
}

/** Deep equality of JSON-like values, whatever the order of keys. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return Number.isNaN(a) && Number.isNaN(b);
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const ra = a as Record<string, unknown>;
  const rb = b as Record<string, unknown>;
  // A key holding undefined is no key (JSON drops it too).
  const ka = Object.keys(a).filter((k) => ra[k] !== undefined);
  const kb = Object.keys(b).filter((k) => rb[k] !== undefined);
  if (ka.length !== kb.length) return false;
  return ka.every((k) => Object.hasOwn(rb, k) && sameValue(ra[k], rb[k]));
}
