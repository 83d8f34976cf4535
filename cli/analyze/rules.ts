/**
 * The rules whose coverage `strata analyze` reports: every action, procedure and trigger, and
 * each branch of every `if` statement. One "ran" when any statement inside it ran (the VM's
 * coverage map counts statements by their IR `at`). Items with no statements cannot be observed
 * and are left out.
 */
import type { GameIR, Loc, Stmt } from '../../interpreter/ir.js';

export interface RuleItem {
  kind: 'action' | 'procedure' | 'trigger' | 'reaction' | 'then-branch' | 'else-branch';
  /** The action, procedure or trigger name; for a branch, the rule it is in. */
  name: string;
  /** The rule file it is written in (a variant's rules may be in the file it `use`s). */
  file?: string;
  line: number;
  col: number;
  /** `line:col` of every statement inside: the item ran when any of them ran. */
  statements: string[];
}

export function locKey(at: Pick<Loc, 'line' | 'col'>): string {
  return `${at.line}:${at.col}`;
}

function statementsIn(body: Stmt[], out: string[] = []): string[] {
  for (const st of body) {
    out.push(locKey(st.at));
    for (const inner of nested(st)) statementsIn(inner, out);
  }
  return out;
}

function nested(st: Stmt): Stmt[][] {
  switch (st.k) {
    case 'if':
      return [st.then, st.else];
    case 'for':
    case 'repeat':
    case 'while':
    case 'block':
    case 'simultaneous':
      return [st.body];
    default:
      return [];
  }
}

function branches(body: Stmt[], owner: string, out: RuleItem[]): void {
  for (const st of body) {
    if (st.k === 'if') {
      if (st.then.length > 0) out.push({ kind: 'then-branch', name: owner, file: st.at.file, line: st.at.line, col: st.at.col, statements: statementsIn(st.then) });
      if (st.else.length > 0) out.push({ kind: 'else-branch', name: owner, file: st.at.file, line: st.at.line, col: st.at.col, statements: statementsIn(st.else) });
    }
    for (const inner of nested(st)) branches(inner, owner, out);
  }
}

export function ruleItems(ir: GameIR): RuleItem[] {
  const out: RuleItem[] = [];
  const add = (kind: RuleItem['kind'], name: string, at: Loc, body: Stmt[]): void => {
    if (body.length > 0) out.push({ kind, name, file: at.file, line: at.line, col: at.col, statements: statementsIn(body) });
    branches(body, name, out);
  };
  for (const [name, a] of Object.entries(ir.actions)) add('action', name, a.at, a.body);
  for (const [name, p] of Object.entries(ir.procs)) add('procedure', name, p.at, p.body);
  for (const t of ir.triggers) add('trigger', t.name, t.at, t.body);
  for (const r of ir.reactions ?? []) add('reaction', r.name, r.at, r.body);
  branches(ir.setup, 'setup', out);
  branches(ir.flow, 'flow', out);
  return out.sort((a, b) => a.line - b.line || a.col - b.col || a.kind.localeCompare(b.kind));
}

/** The items none of whose statements ran in any game (`ran`: statement key → games it ran in). */
export function neverRan(items: RuleItem[], ran: Record<string, number>): RuleItem[] {
  return items.filter((item) => !item.statements.some((k) => (ran[k] ?? 0) > 0));
}

/** What each choice site (`line:col` of a `choose` or `play`) asks, for the usage table. */
export function choicePrompts(ir: GameIR): Map<string, string | null> {
  const out = new Map<string, string | null>();
  const visit = (x: unknown): void => {
    if (Array.isArray(x)) for (const y of x) visit(y);
    else if (x !== null && typeof x === 'object') {
      const st = x as Stmt;
      if (st.k === 'choose') out.set(locKey(st.at), st.prompt?.k === 'lit' && typeof st.prompt.v === 'string' ? st.prompt.v : null);
      else if (st.k === 'play') out.set(locKey(st.at), `play ${st.actions.join(', ')}`);
      for (const v of Object.values(x)) if (typeof v === 'object') visit(v);
    }
  };
  visit([ir.setup, ir.flow, ir.procs, ir.actions, ir.triggers, ir.reactions ?? []]);
  return out;
}
