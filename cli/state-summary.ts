/**
 * A state as a few lines of text for the terminal: the open flow blocks, every variable, square
 * boards as pictures, the other holders that hold pieces, and recent log entries. Works on views
 * too (what a viewer may not see shows as `?`).
 */
import { heldPieces } from '../interpreter/holder-keys.js';
import type { GameIR, Json, KeyIR, TypeIR } from '../interpreter/ir.js';
import type { State } from '../interpreter/state.js';
import { keysRowCount, tableEntries } from '../interpreter/table-keys.js';
import { playerSubjectBlocks, subjectText } from './block-subjects.js';
import { drawnHolders, gridLines, holderText } from './board-text.js';
import { compact, playerName } from './format.js';
import { keyPartText, withPlaceTexts } from '../interpreter/place-values.js';

/** Beyond these, a summary says how many more there are. */
const maxHolders = 24;
const maxLogEntries = 4;

function valueText(ir: GameIR, s: State, value: Json, t: TypeIR | undefined): string {
  if (t?.t === 'player' && typeof value === 'number') return playerName(value);
  const v = withPlaceTexts(ir, value, t);
  if (t?.t === 'piece' && typeof v === 'number') return `${s.pieces[v]?.kind ?? 'piece'}#${v}`;
  if (t?.t === 'list' && Array.isArray(v)) return `[${v.map((x) => valueText(ir, s, x, t.of)).join(', ')}]`;
  if (v === null) return 'none';
  if (typeof v === 'string') return v === '' ? '""' : v;
  return compact(v, 60);
}

/** A table row key as written in the rules: players as P1, other keys as their values. */
function keyText(ir: GameIR, s: State, text: string, keys: KeyIR[]): string {
  // A place in a key is its value's text (`-3`): shown as the place's text, as before place ids.
  const key = text
    .split(',')
    .map((part, i) => keyPartText(ir, part, keys[i]?.type === 'value' ? (keys[i] as { of: TypeIR }).of : { t: 'player' }))
    .join(',');
  let parts: Json[];
  try {
    const parsed: unknown = JSON.parse(key);
    parts = Array.isArray(parsed) ? (parsed as Json[]) : [key];
  } catch {
    parts = key.split('|');
  }
  return parts
    .map((p, i) => {
      const n = typeof p === 'number' ? p : typeof p === 'string' && /^\d+$/.test(p) ? Number(p) : NaN;
      return keys[i]?.type === 'player' && !Number.isNaN(n) ? playerName(n) : valueText(ir, s, p, undefined);
    })
    .join(', ');
}

/** The static type of a table key's values (a player key: undefined, shown by the caller). */
function keyType(k: KeyIR | undefined): TypeIR | undefined {
  return k?.type === 'value' ? k.of : undefined;
}

/** A key of an array table's row; a place as a record table's key showed it (its text, `Grid.r2c2`). */
function arrayKeyText(ir: GameIR, s: State, k: Json, t: TypeIR | undefined): string {
  return valueText(ir, s, t?.t === 'place' ? keyPartText(ir, String(k), t) : k, undefined);
}

function varLines(ir: GameIR, s: State): string[] {
  return Object.entries(ir.vars).map(([name, decl]) => {
    const value = s.vars[name];
    if (decl.keys.length === 0 || typeof value !== 'object' || value === null) {
      return `${name} = ${value === undefined ? '(hidden)' : valueText(ir, s, value, decl.type)}`;
    }
    const init = s.inits[name];
    const rows = Array.isArray(value)
      ? // An array table (table-keys.ts) holds every row: those still at the initial value go under "others".
        tableEntries(ir, name, value, s.numPlayers)
          .filter((row) => JSON.stringify(row.value) !== JSON.stringify(init))
          .map((row) => {
            const key = row.keys.map((k, i) => (decl.keys[i]?.type === 'player' && typeof k === 'number' ? playerName(k) : arrayKeyText(ir, s, k, keyType(decl.keys[i])))).join(', ');
            return `${decl.keys.length > 1 ? `[${key}]` : key} ${valueText(ir, s, row.value, decl.type)}`;
          })
      : Object.entries(value).map(([k, v]) => {
          const key = keyText(ir, s, k, decl.keys);
          return `${decl.keys.length > 1 ? `[${key}]` : key} ${valueText(ir, s, v, decl.type)}`;
        });
    // Rows never written read as the initial value.
    const complete = rows.length > 0 && rows.length >= (keysRowCount(ir, decl.keys, s.numPlayers) ?? Infinity);
    if (init !== undefined && !complete) rows.push(`${rows.length ? 'others' : 'all'} ${valueText(ir, s, init, decl.type)}`);
    return `${name}: ${rows.join(', ')}`;
  });
}

function holderLines(ir: GameIR, s: State): string[] {
  const drawn = drawnHolders(ir);
  const grids = Object.entries(ir.boards).flatMap(([name, board]) => gridLines(ir, s, name, board));
  const full = heldPieces(ir, s).filter(([holder]) => !drawn(holder));
  const lines = full.slice(0, maxHolders).map(([holder, ids]) => `${holder}: ${holderText(s, ids, ir)}`);
  if (full.length > maxHolders) lines.push(`… ${full.length - maxHolders} more holders with pieces`);
  return [...grids, ...lines];
}

/** The open flow blocks, outermost first, with their subjects: `in round of 1 › turn Plants of P1`. */
function blockLine(ir: GameIR, s: State): string[] {
  if (s.blocks.length === 0) return [];
  const playerBlocks = playerSubjectBlocks(ir);
  return [`in ${s.blocks.map((b) => `${b.kind}${b.name ? ` ${b.name}` : ''}${subjectText(b, playerBlocks, ir)}`).join(' › ')}`];
}

/**
 * The summary; `logFrom` (an index into the log) limits the log to the entries since then, else the
 * last few. Entries that record a choice are left out: the moves are printed as they are made.
 */
export function stateSummary(ir: GameIR, s: State, logFrom?: number): string[] {
  const entries = logFrom !== undefined && logFrom <= s.log.length ? s.log.slice(logFrom) : s.log.slice(-maxLogEntries);
  const log = entries.filter((e) => e.move === undefined).map((e) => `log: ${e.text}`);
  return [...blockLine(ir, s), ...varLines(ir, s), ...holderLines(ir, s), ...log];
}

/** What the pending choice asks, and which actions are not offered and why. */
export function pendingLines(s: State): string[] {
  const p = s.pending;
  if (!p) return [];
  const lines = p.prompt ? [p.prompt] : [];
  for (const r of p.refused ?? []) lines.push(`(not offered: ${r.label}: ${r.reason})`);
  return lines;
}
