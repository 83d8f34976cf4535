/**
 * The house-rule workbench's logic, pure: a variant's parameters beside its base's (doc comment,
 * value), the `set` line a changed value becomes in the variant's text, the differences of two
 * compiled games, and the file's scenarios run to a pass or a failure with its line.
 */
import { formatValue } from '../play/piece-style.js';
import { loadGame, runScenario, type State } from '../../../interpreter/index.js';
import { createGame } from '../../../interpreter/api.js';
import type { GameIR, Json } from '../../../interpreter/ir.js';

export interface ParamRow {
  name: string;
  doc: string;
  /** The value in the base game, and in this version (for the smallest player count). */
  base: string;
  current: string;
  changed: boolean;
}

/** Param values as a game of the smallest player count starts with them (params are computed first). */
export function paramValues(ir: GameIR): Record<string, Json> {
  const made = createGame(loadGame(ir), { players: ir.players.min, seed: 1 });
  return made.ok ? (made.value as State).params : {};
}

export function paramRows(base: GameIR, current: GameIR): ParamRow[] {
  const b = paramValues(base);
  const c = paramValues(current);
  return Object.entries(base.params).map(([name, p]) => {
    const was = name in b ? formatValue(b[name]!) : '?';
    const now = name in c ? formatValue(c[name]!) : '?';
    return { name, doc: p.doc ?? '', base: was, current: now, changed: JSON.stringify(b[name]) !== JSON.stringify(c[name]) };
  });
}

/** The range of a variant's block in a text: the `variant NAME` line to its closing brace. */
function variantBlock(text: string, variant: string): { open: number; close: number } | null {
  const head = new RegExp(`^[ \\t]*variant[ \\t]+${variant}\\b[^{]*\\{`, 'm').exec(text);
  if (!head) return null;
  let depth = 0;
  for (let i = head.index + head[0].length - 1; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      i = text.indexOf('"', i + 1);
      if (i < 0) return null;
    } else if (ch === '/' && text[i + 1] === '/') {
      i = text.indexOf('\n', i);
      if (i < 0) return null;
    } else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) return { open: head.index + head[0].length, close: i };
  }
  return null;
}

/**
 * The text with `set param = value` in the variant's block: an existing `set` of that param is
 * replaced, else the line is added before the block's closing brace. Null when the block is not found.
 */
export function withSetLine(text: string, variant: string, param: string, value: string): string | null {
  const block = variantBlock(text, variant);
  if (!block) return null;
  const body = text.slice(block.open, block.close);
  const line = `set ${param} = ${value.trim()}`;
  const existing = new RegExp(`^([ \\t]*)set[ \\t]+${param}[ \\t]*(=|\\+=|-=)[^\\n]*$`, 'm').exec(body);
  if (existing) {
    const start = block.open + existing.index;
    return `${text.slice(0, start)}${existing[1]}${line}${text.slice(start + existing[0].length)}`;
  }
  const before = text.slice(0, block.close).replace(/[ \t]*$/, '');
  const newline = before.endsWith('\n') ? '' : '\n';
  return `${before}${newline}    ${line}\n${text.slice(block.close)}`;
}

/**
 * A value without its source locations and static types (`ty` of an expression: a variant's
 * changed type shows where it is declared), to compare two compiles of the same declaration.
 */
function shape(v: unknown): string {
  return JSON.stringify(v, function (this: unknown, k, x: unknown) {
    if (k === 'at' || k === 'doc') return undefined;
    return k === 'ty' && typeof (this as { k?: unknown }).k === 'string' ? undefined : x;
  });
}

const tables = ['kinds', 'zones', 'boards', 'dice', 'vars', 'fns', 'procs', 'actions', 'enums'] as const;
const words: Record<(typeof tables)[number], string> = {
  kinds: 'kind', zones: 'zone', boards: 'board', dice: 'die', vars: 'variable', fns: 'function', procs: 'procedure', actions: 'action', enums: 'enum',
};

/** What differs between a base game and a version of it, one line each, params first. */
export function irDifferences(base: GameIR, current: GameIR): string[] {
  const out = paramRows(base, current).filter((r) => r.changed).map((r) => `param ${r.name}: ${r.base} → ${r.current}`);
  for (const name of Object.keys(current.params)) if (!(name in base.params)) out.push(`param ${name}: added`);
  for (const t of tables) {
    const b: Record<string, unknown> = base[t];
    const c: Record<string, unknown> = current[t];
    for (const name of Object.keys(c)) {
      if (!(name in b)) out.push(`${words[t]} ${name}: added`);
      else if (shape(b[name]) !== shape(c[name])) out.push(`${words[t]} ${name}: changed`);
    }
    for (const name of Object.keys(b)) if (!(name in c)) out.push(`${words[t]} ${name}: removed`);
  }
  const singles = { players: 'players', setup: 'setup', flow: 'flow', triggers: 'triggers', ranking: 'rank by', presentation: 'presentation' } as const;
  for (const [k, word] of Object.entries(singles)) {
    if (shape(base[k as keyof typeof singles]) !== shape(current[k as keyof typeof singles])) out.push(`${word}: changed`);
  }
  return out;
}

export interface ScenarioMark {
  name: string;
  file: string;
  line: number;
  passed: boolean;
  message: string;
}

/** Runs every scenario of a compiled game: where each is written, passed or the first failure's message. */
export function runScenarios(ir: GameIR): ScenarioMark[] {
  const game = loadGame(ir);
  return ir.scenarios.map((sc) => {
    const r = runScenario(game, sc);
    const first = r.failures[0];
    return { name: sc.name, file: sc.at.file, line: sc.at.line, passed: r.passed, message: first ? first.message : 'passed' };
  });
}
