/** The `presentation` section to IR: looks by kind, board and zone name (checked already). */
import type { BoardLookIR, LookIR, PresentationIR, StyleIR } from '../../../interpreter/ir.js';
import type * as ast from '../generated/ast.js';
import { lookProps, lookTargetKind, textOf, type LookData, type LookProp } from '../strata-looks.js';
import { loc, type CompileContext } from './context.js';

function style(props: LookProp[]): StyleIR {
  const s: StyleIR = {};
  for (const { key, value } of props) {
    const text = textOf(value);
    if (key === 'colour' && text !== undefined) s.colour = text;
    else if (key === 'label' && text !== undefined) s.label = text;
    else if (key === 'shape' && text !== undefined) s.shape = text;
    else if (key === 'face' && 'list' in value) s.face = value.list.flatMap((d) => textOf(d) ?? []);
  }
  return s;
}

function positions(d: LookData): Record<string, { x: number; y: number }> {
  if (!('record' in d)) return {};
  const out: Record<string, { x: number; y: number }> = {};
  for (const { key, value } of d.record) {
    const [x, y] = 'list' in value ? value.list.map((v) => ('number' in v ? v.number : 0)) : [];
    out[key] = { x: x ?? 0, y: y ?? 0 };
  }
  return out;
}

function boardFields(look: BoardLookIR, props: LookProp[]): void {
  for (const { key, value } of props) {
    const text = textOf(value);
    if (key === 'layout' && (text === 'polar' || text === 'positions' || text === 'line')) look.layout = text;
    else if (key === 'ring' && text !== undefined) look.ring = text;
    else if (key === 'sector' && text !== undefined) look.sector = text;
    else if (key === 'edges') look.edges = 'list' in value ? value.list.flatMap((d) => textOf(d) ?? []) : text !== undefined ? [text] : [];
    else if (key === 'positions') look.positions = { ...look.positions, ...positions(value) };
  }
}

/** Looks of one target merge in order: later properties win, `by` looks add up. */
export function compilePresentation(ctx: CompileContext, p: ast.Presentation): PresentationIR {
  const ir: PresentationIR = { kinds: {}, boards: {}, zones: {} };
  for (const look of p.looks ?? []) {
    const target = look.target?.ref;
    const what = lookTargetKind(target);
    const name = target && 'name' in target ? target.name : undefined;
    if (!what || typeof name !== 'string') continue;
    const table: Record<string, LookIR> = what === 'kind' ? ir.kinds : what === 'board' ? ir.boards : ir.zones;
    const into = table[name] ?? { at: loc(ctx, look) };
    table[name] = into;
    const props = lookProps(look.props);
    if (look.attr) {
      const values: Record<string, StyleIR> = {};
      for (const { key, value } of props) values[key] = 'record' in value ? style(value.record) : {};
      into.by = [...(into.by ?? []), { attr: look.attr, values }];
      continue;
    }
    Object.assign(into, style(props));
    if (what === 'board') boardFields(into, props);
  }
  return ir;
}
