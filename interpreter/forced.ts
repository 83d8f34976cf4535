/**
 * Random outcomes a scenario forces (`shuffle Z top [...]`, `shuffled top [...]`, `insert Z at n`,
 * `pick x`; dice are forced through the state's `forcedRolls`): queued by the scenario, taken by
 * the next shuffle of that holder, the next `shuffled(l)`, the next piece moved into that holder at
 * `random`, or the next `pickRandom`. What is forced is an expression, evaluated when the random
 * event happens: the pieces may not exist yet when the step is queued (a deck the setup makes,
 * then shuffles). A shuffle, `shuffled` or move at `random` still draws its numbers before the
 * forced outcome is put in place; a forced pick draws none.
 *
 * The queue is kept beside the state (a WeakMap), not in it: it holds compiled expressions, only
 * scenarios make it, and a state that was never given one pays nothing.
 */
import { makeCtx, type CompiledExpr, type Ctx } from './context.js';
import { display } from './display.js';
import { RuleError } from './errors.js';
import { formatLoc } from './format.js';
import { holderId } from './holder-index.js';
import type { Json, Loc, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { writableHolder } from './sharing.js';
import type { State } from './state.js';
import { asJson, equal, type Value } from './values.js';

export type Forced =
  | { k: 'shuffle'; holder: unknown; zoneText: string; top: CompiledExpr; at: Loc }
  | { k: 'shuffled'; top: CompiledExpr; type: TypeIR; at: Loc }
  | { k: 'insert'; holder: string; zoneText: string; position: CompiledExpr; at: Loc }
  | { k: 'pick'; value: CompiledExpr; type: TypeIR; at: Loc };

const queues = new WeakMap<State, Forced[]>();

export function queueForced(s: State, f: Forced): void {
  const queue = queues.get(s);
  if (queue) queue.push(f);
  else queues.set(s, [f]);
}

/** Outcomes forced but not (yet) used, for a scenario to report. */
export function unusedForced(s: State): Forced[] {
  return queues.get(s)?.slice() ?? [];
}

function take<K extends Forced['k']>(s: State, k: K, matches: (f: Extract<Forced, { k: K }>) => boolean): Extract<Forced, { k: K }> | undefined {
  const queue = queues.get(s);
  if (!queue) return undefined;
  const i = queue.findIndex((f) => f.k === k && matches(f as Extract<Forced, { k: K }>));
  if (i < 0) return undefined;
  const [f] = queue.splice(i, 1);
  if (queue.length === 0) queues.delete(s);
  return f as Extract<Forced, { k: K }>;
}

/**
 * After `list` (the holder `holder`) was shuffled: a forced order puts its pieces on top, in the
 * order given, the others after them in their shuffled order. A piece not in the holder is an error
 * at the scenario step that forced it.
 */
export function applyForcedShuffle(ctx: Ctx, holder: unknown, list: Value[]): void {
  const f = take(ctx.s, 'shuffle', (x) => x.holder === holder);
  if (!f) return;
  putOnTop(ctx, list, f.top, f.at, (piece) => msg.forcedNotInHolder(display(ctx.g, ctx.s, piece, { t: 'piece' }), f.zoneText, formatLoc(f.at)));
}

/** After `shuffled(l)` made `list`: a forced order puts its items first, like a forced shuffle. */
export function applyForcedShuffled(ctx: Ctx, list: Value[]): void {
  const f = take(ctx.s, 'shuffled', () => true);
  if (!f) return;
  const item = f.type.t === 'list' ? f.type.of : f.type;
  const shown = (v: Value, t: TypeIR): string => display(ctx.g, ctx.s, v, t);
  putOnTop(ctx, list, f.top, f.at, (x) => msg.forcedNotInList(shown(x, item), shown(list.map((y) => asJson(y, f.at)), { t: 'list', of: item }), formatLoc(f.at)));
}

/** Puts the items `top` gives (one or a list) first in `list`, in that order; the rest keep theirs. */
function putOnTop(ctx: Ctx, list: Value[], top: CompiledExpr, at: Loc, notFound: (x: Json) => string): void {
  const value = asJson(top(makeCtx(ctx.g, ctx.s)), at);
  const first = Array.isArray(value) ? value : [value];
  const rest = list.slice();
  for (const x of first) {
    const i = rest.findIndex((y) => equal(y, x));
    if (i < 0) throw new RuleError(notFound(x), at);
    rest.splice(i, 1);
  }
  const order = [...first, ...rest];
  for (let i = 0; i < order.length; i++) list[i] = order[i];
}

/**
 * After piece `id` was moved into `holder` at a random position: a forced insert puts it at its
 * position instead (1 is the top, counted with the piece in the holder).
 */
export function applyForcedInsert(ctx: Ctx, holder: string, id: number): void {
  const f = take(ctx.s, 'insert', (x) => x.holder === holder);
  if (!f) return;
  const position = asJson(f.position(makeCtx(ctx.g, ctx.s)), f.at);
  const list = writableHolder(ctx.s, holderId(ctx.g.holderTable, holder));
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 1 || position > list.length) {
    const piece = display(ctx.g, ctx.s, id, { t: 'piece' });
    throw new RuleError(msg.forcedBadPosition(display(ctx.g, ctx.s, position, { t: 'any' }), piece, f.zoneText, list.length, formatLoc(f.at)), f.at);
  }
  list.splice(list.indexOf(id), 1);
  list.splice(position - 1, 0, id);
}

/** A forced random pick among `options`, if one is queued; one not among them is an error at its step. */
export function forcedPick(ctx: Ctx, options: readonly Value[]): { value: Value } | undefined {
  const f = take(ctx.s, 'pick', () => true);
  if (!f) return undefined;
  const value = asJson(f.value(makeCtx(ctx.g, ctx.s)), f.at);
  if (!options.some((x) => equal(x, value))) {
    const shown = (v: Value, t: TypeIR): string => display(ctx.g, ctx.s, v, t);
    throw new RuleError(msg.forcedNotAmong(shown(value, f.type), shown(options.map((x) => asJson(x, f.at)), { t: 'list', of: f.type }), formatLoc(f.at)), f.at);
  }
  return { value };
}
