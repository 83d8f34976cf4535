/**
 * Choices: `choose` and `play` suspend the VM by setting `state.pending` and leaving the frame's pc
 * on themselves, so that a pending choice can be offered again after a scenario's `do` changed the
 * position. Applying a choice writes the value to the waiting local and steps past the instruction.
 */
import { describePlace } from './place-values.js';
import type { Assembler } from './assembler.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import type { ActionEntry, CompiledExpr, Ctx, Game, Op } from './context.js';
import { display, labeller, showsAsItself, uniqueLabels } from './display.js';
import { RuleError } from './errors.js';
import { asPlayer, iterable } from './holders.js';
import type { ChooseStmt, Expr, Json, Loc, Stmt, TypeIR } from './ir.js';
import { BY_VALUE, firstOfValue, LeanPending, NOT_KNOWN, ONE_BOARD, TITLES, type Labeller } from './lean-pending.js';
import { leanRange, offerRange, optionValue, rangeBound, RangePending } from './range-choice.js';
import { msg } from './messages.js';
import { appendLog, appendMove, movesLength, ownLocals } from './sharing.js';
import type { LogEntry, Pending, State } from './state.js';
import { filterBySize, SizedOptions, sizeFilter, type SizeFilter } from './size-filter.js';
import { listIds, visiting } from './holder-index.js';
import { inferType } from './types.js';
import { asBool, asJson, asList, type Value } from './values.js';
import { pushFrame, pushTriggers } from './vm.js';
import { pushReacted } from './reactions.js';
import { emitInstruction } from './codegen/gen-stmt.js';
import { generateChoose } from './codegen/gen-choose.js';

/** Points the running frame back at the instruction that just ran, and waits. */
function suspend(ctx: Ctx, pending: Pending): void {
  ctx.s.pending = pending;
  if (ctx.frame) ctx.frame.pc--;
}

/**
 * The board lists (`Board`, `Board@P`) whose places are all different: a choice among some of
 * them, labelled by place name, cannot have two equal labels.
 */
function distinctBoardLists(env: CompileEnv): Set<readonly Json[]> {
  const lists = new Set<readonly Json[]>();
  for (const list of env.g.boards.lists.values()) if (new Set(list).size === list.length) lists.add(list);
  return lists;
}

/** The question of a choice as text, or null without one. */
function compilePrompt(st: ChooseStmt, env: CompileEnv): (ctx: Ctx) => string | null {
  if (st.prompt === undefined) return () => null;
  const prompt = compileExpr(st.prompt, env);
  const t = inferType(st.prompt, env);
  return (ctx) => {
    const v = prompt(ctx);
    return typeof v === 'string' ? v : display(ctx.g, ctx.s, v, t);
  };
}

/**
 * What a `choose` among listed options (not a bare range) knows at load, shared by its closure and
 * its generated instruction (codegen/gen-choose.ts): both evaluate the player and the options,
 * then either hand everything to `offerBySize` (a size filter) or test and label each option
 * themselves and hand the result to `offerListed`.
 */
export interface ChoiceSpec {
  binder: string;
  at: Loc;
  secret: boolean;
  into: string;
  pass: string | null;
  prompt: (ctx: Ctx) => string | null;
  /** Labels by type (no label expression), else null. */
  labelOf: Labeller | null;
  /** Labels by a label expression: its value shown (a lean choice keeps the values). */
  shownAs: Labeller | null;
  labelType: TypeIR | undefined;
  distinctLists: Set<readonly Json[]> | null;
  injective: boolean;
  /** `where size(x) OP n`, without labels by expression. */
  bySize: SizeFilter | null;
}

/**
 * The ChoiceSpec of `st`, with the compile environment's local types as compileChoose leaves them
 * (the binder typed while its filter and label are compiled by `compile`, then given back).
 */
export function choiceSpec<F>(st: ChooseStmt, env: CompileEnv, compile: (env: CompileEnv) => F): { spec: ChoiceSpec; parts: F } {
  const prompt = compilePrompt(st, env);
  const before = env.locals.get(st.binder);
  env.locals.set(st.binder, st.labelAs);
  const parts = compile(env);
  const labelType = st.label ? inferType(st.label, env) : undefined;
  if (before === undefined) env.locals.delete(st.binder);
  else env.locals.set(st.binder, before);
  const labelOf = st.label === undefined ? labeller(env.g, st.labelAs) : null;
  const g = env.g;
  const spec: ChoiceSpec = {
    binder: st.binder,
    at: st.at,
    secret: st.secret,
    into: st.result ?? st.binder,
    pass: st.pass ?? null,
    prompt,
    labelOf,
    // A lean choice keeps what the label expression gave and shows it only when a label is read.
    shownAs: st.label === undefined ? null : showsAsItself(g, st.label) ? shownAsItself : (s, v) => display(g, s, v, labelType),
    labelType,
    distinctLists: labelOf !== null && st.labelAs.t === 'place' ? distinctBoardLists(env) : null,
    injective: labelOf !== null && injectiveLabels(env, st.labelAs),
    bySize: st.label === undefined ? sizeFilter(st.filter, st.binder) : null,
  };
  return { spec, parts };
}

/** A label expression's value that shows as itself (display.ts: showsAsItself). */
const shownAsItself: Labeller = (_s, v) => v as string;

/** The options of `st`: a range with a filter or labels is the list of its numbers, each tested or labelled. */
export function choiceOptions(st: ChooseStmt): Expr {
  return st.to === undefined ? st.options : { k: 'builtin', name: 'range', args: [st.options, st.to], at: st.at };
}

export function compileChoose(st: ChooseStmt, env: CompileEnv, asm: Assembler): void {
  if (st.to !== undefined && st.filter === undefined && st.label === undefined) {
    compileRangeChoose(st, st.to, env, asm);
    return;
  }
  emitInstruction(asm, env, st.at, (e) => chooseClosure(st, e), (e) => generateChoose(st, e));
  env.locals.set(st.result ?? st.binder, st.labelAs);
}

function chooseClosure(st: ChooseStmt, env: CompileEnv): Op {
  const player = compileExpr(st.player, env);
  const options = compileExpr(choiceOptions(st), env);
  const { spec, parts } = choiceSpec(st, env, (e) => ({
    filter: st.filter ? compileExpr(st.filter, e) : null,
    label: st.label ? compileExpr(st.label, e) : null,
  }));
  const { filter, label } = parts;
  const { binder, at, labelType } = spec;
  return (ctx) => {
    const p = asPlayer(ctx, player(ctx), at);
    const items = iterable(ctx, options(ctx), at);
    if (spec.bySize !== null) {
      offerBySize(ctx, spec, spec.bySize, p, items);
      return;
    }
    const values: Json[] = [];
    const labels: string[] | null = label !== null && !ctx.lean ? [] : null;
    const shown: Value[] | null = label !== null && ctx.lean ? [] : null;
    const locals = ctx.locals;
    const had = Object.hasOwn(locals, binder);
    const prev = locals[binder];
    // Options from a list of holders known at load: each one's id is noted for the filter's reads.
    const ids = filter !== null ? listIds(ctx, items) : null;
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      locals[binder] = item;
      if (ids !== null) visiting(ctx.g.holderTable, item as string, ids[i]);
      if (filter !== null && !asBool(filter(ctx), at)) continue;
      values.push(item);
      if (labels !== null) labels.push(display(ctx.g, ctx.s, (label as CompiledExpr)(ctx), labelType));
      else if (shown !== null) shown.push((label as CompiledExpr)(ctx));
    }
    // A binder without an earlier value keeps its last item (see compile-quant.ts).
    if (had) locals[binder] = prev;
    offerListed(ctx, spec, p, items, values, labels, shown);
  };
}

/**
 * `choose x in items where size(x) OP n`: a random playout's choice among a board's places is
 * counted now, the option taken found when taken (SizedOptions), no list made; else the options
 * that pass are listed. The binder keeps its earlier value, or takes the last item.
 */
export function offerBySize(ctx: Ctx, spec: ChoiceSpec, bySize: SizeFilter, p: number, items: readonly Json[]): void {
  const { binder, at } = spec;
  const locals = ctx.locals;
  const had = Object.hasOwn(locals, binder);
  const sized = ctx.lean ? SizedOptions.of(ctx, bySize, items) : null;
  if (sized !== null) {
    if (!had && items.length > 0) locals[binder] = items[items.length - 1];
    if (sized.count === 0 && spec.pass === null) throw new RuleError(msg.noLegalChoice(), at);
    const question = spec.prompt(ctx);
    suspend(ctx, new LeanPending(p, question, null, sized, 0, 0, spec.secret, at, spec.into, spec.pass, ctx.s, spec.labelOf, uniqueness(spec, items), fullChoice));
    return;
  }
  const values: Json[] = [];
  filterBySize(ctx, bySize, items, values);
  if (!had && items.length > 0) locals[binder] = items[items.length - 1];
  offerListed(ctx, spec, p, items, values, null, null);
}

/** How a choice among `items` labelled by type can label one option cheaply (lean-pending.ts). */
function uniqueness(spec: ChoiceSpec, items: readonly Json[]): number {
  return spec.distinctLists !== null && spec.distinctLists.has(items) ? ONE_BOARD : spec.injective ? BY_VALUE : NOT_KNOWN;
}

/**
 * Offers the options that passed (`values`, in order), with their labels when a label expression
 * gave them (`labels` shown now, or `shown` values of a lean choice), else labelled by type when
 * asked for. The pass comes last; no option at all is an error.
 */
export function offerListed(ctx: Ctx, spec: ChoiceSpec, p: number, items: readonly Json[], values: Json[], labels: string[] | null, shown: Value[] | null): void {
  const { at, pass, secret, into } = spec;
  if (pass !== null) values.push(null);
  if (values.length === 0) throw new RuleError(msg.noLegalChoice(), at);
  const question = spec.prompt(ctx);
  if (labels !== null) {
    // A label expression ran while its locals were as the rules left them.
    if (pass !== null) labels.push(pass);
    suspend(ctx, { player: p, prompt: question, labels: uniqueLabels(labels), values, secret, at, into });
    return;
  }
  if (shown !== null) {
    // The label expression ran, as above; its values are shown when a label is read.
    suspend(ctx, new LeanPending(p, question, values, null, 0, 0, secret, at, into, pass, ctx.s, spec.shownAs, NOT_KNOWN, fullLabelled, shown));
    return;
  }
  // Labels by type are made only when asked for (see LazyPending); a random playout's choice is lean.
  const unique = uniqueness(spec, items);
  if (ctx.lean) suspend(ctx, new LeanPending(p, question, values, null, 0, 0, secret, at, into, pass, ctx.s, spec.labelOf, unique, fullChoice));
  else suspend(ctx, new LazyPending(p, question, values, secret, at, into, ctx.s, spec.labelOf as Labeller, pass, unique));
}

/** `choose n in a..b by p`, offered by its bounds (range-choice.ts). */
function compileRangeChoose(st: ChooseStmt, to: Expr, env: CompileEnv, asm: Assembler): void {
  const player = compileExpr(st.player, env);
  const from = compileExpr(st.options, env);
  const upTo = compileExpr(to, env);
  const prompt = compilePrompt(st, env);
  const into = st.result ?? st.binder;
  env.locals.set(into, { t: 'number' });
  const { at, secret } = st;
  const pass = st.pass ?? null;
  asm.emit((ctx) => {
    const p = asPlayer(ctx, player(ctx), at);
    const a = rangeBound(from(ctx), st.options.at);
    const b = rangeBound(upTo(ctx), to.at);
    offerRange(ctx, { player: p, prompt: prompt(ctx), from: a, to: b, pass, secret, at, into });
  }, at);
}

/**
 * Whether a choice's labels by type differ whenever the option values do (by ===): players print
 * as `P2`, pieces as `Kind#7 …`, numbers and truths as digits and words; places when every place
 * of the game has its own name. Text does not (a place string prints as its place's name).
 */
function injectiveLabels(env: CompileEnv, t: TypeIR): boolean {
  if (t.t === 'player' || t.t === 'piece' || t.t === 'number' || t.t === 'bool') return true;
  if (t.t !== 'place') return false;
  const names = new Set<string>();
  for (const place of env.g.boards.places.values()) names.add(place.name);
  return names.size === env.g.boards.places.size;
}


/**
 * A pending choice whose `labels` are built on first read (by the UI, a save, a replay,
 * `legalMoves`), from the state the choice was offered in: integer actions and random playouts
 * never build them. `labels` is an own enumerable getter, so JSON, structured clones and
 * deep-equality see an ordinary array; read it while the state is still at this choice. A class
 * with one shared getter and no closure per choice: a getter made per object (an object
 * literal's) costs ten times more.
 */
class LazyPending implements Pending {
  player: number;
  prompt: string | null;
  declare labels: string[];
  values: Json[];
  secret: boolean;
  at: Loc;
  into: string;
  #labels: string[] | null = null;
  readonly #s: State;
  readonly #labelOf: Labeller;
  readonly #pass: string | null;
  readonly #unique: number;

  static readonly #labelsProperty: PropertyDescriptor = {
    get(this: LazyPending) {
      return (this.#labels ??= this.#build());
    },
    enumerable: true,
    configurable: true,
  };

  constructor(
    player: number,
    prompt: string | null,
    values: Json[],
    secret: boolean,
    at: Loc,
    into: string,
    s: State,
    labelOf: Labeller,
    pass: string | null,
    unique: number,
  ) {
    this.player = player;
    this.prompt = prompt;
    // Defined in place, so the JSON keeps the key order of an eager pending choice.
    Object.defineProperty(this, 'labels', LazyPending.#labelsProperty);
    this.values = values;
    this.secret = secret;
    this.at = at;
    this.into = into;
    this.#s = s;
    this.#labelOf = labelOf;
    this.#pass = pass;
    this.#unique = unique;
  }

  /** The same choice offered in `s`, a copy of the state it was offered in. */
  offeredIn(s: State): LazyPending {
    return new LazyPending(this.player, this.prompt, this.values.slice(), this.secret, this.at, this.into, s, this.#labelOf, this.#pass, this.#unique);
  }

  /** The same choice offered in `s`, lean (a random playout's: lean-pending.ts). */
  leanIn(s: State): LeanPending {
    return new LeanPending(this.player, this.prompt, this.values.slice(), null, 0, 0, this.secret, this.at, this.into, this.#pass, s, this.#labelOf, this.#unique, fullChoice);
  }

  #build(): string[] {
    const values = this.values;
    const shown = this.#pass !== null ? values.length - 1 : values.length;
    const out = new Array<string>(values.length);
    for (let i = 0; i < shown; i++) out[i] = this.#labelOf(this.#s, values[i]);
    if (this.#pass !== null) out[shown] = this.#pass;
    return uniqueLabels(out);
  }

  /**
   * Option i's label, without building the others when they cannot change it: places of one
   * board copy have different names; injective labels differ when the values do. (A later
   * duplicate is the one renamed, so only earlier options matter; the pass, last, needs all.)
   */
  label(i: number): string {
    if (this.#labels === null && this.#unique !== NOT_KNOWN) {
      const shown = this.#pass !== null ? this.values.length - 1 : this.values.length;
      if (i < shown && (this.#unique === ONE_BOARD || firstOfValue(this.values, i))) return this.#labelOf(this.#s, this.values[i]);
    }
    return this.labels[i];
  }
}

/**
 * Pending choice `p` as offered in `s`, a copy of the state it was offered in (a new game made
 * from a start template): its own object, reading `s`; lean when `lean` (a random playout's).
 */
export function pendingIn(p: Pending, s: State, lean: boolean): Pending {
  if (p instanceof LazyPending) return lean ? p.leanIn(s) : p.offeredIn(s);
  if (p instanceof RangePending) return lean ? leanRange(p, s) : new RangePending(p.player, p.prompt, p.from, p.count, p.pass, p.secret, p.at, p.into);
  const out: Pending = { ...p, labels: p.labels.slice(), values: p.values.slice() };
  if (p.refused !== undefined) out.refused = p.refused.slice();
  return out;
}

/** The LazyPending a lean one (a random playout's) stands for. */
function fullChoice(l: LeanPending): Pending {
  return new LazyPending(l.player, l.prompt, l.options(), l.secret, l.at, l.into, l.s, l.labelOf as Labeller, l.pass, l.unique);
}

/** The pending choice a lean one with labels by expression stands for: as compileChoose makes it when not lean. */
function fullLabelled(l: LeanPending): Pending {
  const shown = l.shown as readonly Value[];
  const labels = new Array<string>(l.pass === null ? shown.length : shown.length + 1);
  for (let i = 0; i < shown.length; i++) labels[i] = (l.labelOf as Labeller)(l.s, shown[i]);
  if (l.pass !== null) labels[shown.length] = l.pass;
  return { player: l.player, prompt: l.prompt, labels: uniqueLabels(labels), values: l.list as Json[], secret: l.secret, at: l.at, into: l.into };
}

/** The label of option `i` of a pending choice, building the others only when it must. */
export function optionLabel(pending: Pending, i: number): string {
  if (pending instanceof LeanPending) return pending.label(i);
  if (pending instanceof RangePending) return pending.label(i);
  return pending instanceof LazyPending ? pending.label(i) : pending.labels[i];
}

/**
 * `play p from [A, B] or "done" as a`: offers the actions whose every `requires` holds (with the
 * action's parameter bound to p). The chosen action's body runs, then the triggers after it.
 */
export function compilePlay(st: Extract<Stmt, { k: 'play' }>, env: CompileEnv, asm: Assembler): void {
  const into = st.name ?? asm.hidden('play');
  const who = asm.hidden('player');
  if (st.name) env.locals.set(st.name, { t: 'text' });
  const { actions, at } = st;
  const pass = st.pass ?? null;
  // Known at load: a game without reactions never looks an action up among them.
  const reacted = env.g.reacted.size > 0 ? env.g.reacted : null;
  // The frame code of each action played here, made once: a text made afresh at every play was
  // hashed again by the VM's lookup of its body (vm.ts). One entry per action of the game at most.
  const codes = new Map<string, string>();
  const offer = (e: CompileEnv): Op => {
    const player = compileExpr(st.player, e);
    const from = st.from ? compileExpr(st.from, e) : null;
    // The entries of a fixed list of actions, looked up on the first offer (the game's actions are
    // all known by then), not at every offer; a name that is no action stays an error where it stands.
    let fixed: (ActionEntry | undefined)[] | null = null;
    // Known on the first offer too (every action is loaded by then).
    let unique = -1;
    return (ctx) => {
      const p = asPlayer(ctx, player(ctx), at);
      ctx.locals[who] = p;
      // A random playout's offer (ctx.lean) makes no labels: only the option taken is labelled.
      const labels: string[] | null = ctx.lean ? null : [];
      const values: Json[] = [];
      // Made when an action is refused (most offers refuse none); a lean offer keeps title and
      // reason side by side and makes the records only if its full choice is asked for.
      let refused: { label: string; reason: string }[] | null = null;
      let refusedLean: string[] | null = null;
      const names = from === null ? actions : asList(from(ctx), at);
      const entries = from === null ? (fixed ??= actions.map((name) => ctx.g.actions.get(name))) : null;
      for (let i = 0; i < names.length; i++) {
        const name = names[i];
        const action = entries !== null ? entries[i] : typeof name === 'string' ? ctx.g.actions.get(name) : undefined;
        if (!action) throw new RuleError(msg.unknown('action', typeof name === 'string' ? name : describePlace(ctx.g.boards, name)), at);
        const failed = firstUnmet(ctx, action, p);
        if (failed !== null) {
          if (labels === null) (refusedLean ??= []).push(action.title, failed.reason);
          else (refused ??= []).push({ label: action.title, reason: failed.reason });
        } else {
          if (labels !== null) labels.push(action.title);
          values.push(name);
        }
      }
      if (pass !== null) {
        if (labels !== null) labels.push(pass);
        values.push(null);
      }
      if (values.length === 0) throw new RuleError(msg.noLegalChoice(), at);
      if (labels === null) {
        suspend(ctx, new LeanPending(p, null, values, null, 0, 0, false, at, into, pass, ctx.s, titleOf(ctx.g), unique < 0 ? (unique = titlesUnique(ctx.g, pass)) : unique, fullPlay, null, refusedLean));
        return;
      }
      const pending: Pending = { player: p, prompt: null, labels: uniqueLabels(labels), values, secret: false, at, into };
      if (refused !== null) pending.refused = refused;
      suspend(ctx, pending);
    };
  };
  // No generated code: once hot, the closure is made again with its expressions generated.
  emitInstruction(asm, env, at, offer, () => null);
  asm.emit((ctx) => {
    const chosen = ctx.locals[into];
    if (typeof chosen !== 'string') return;
    const action = ctx.g.actions.get(chosen);
    if (!action) throw new RuleError(msg.unknown('action', chosen), at);
    const p = asJson(ctx.locals[who], at);
    const target = reacted?.get(chosen);
    // Its reactions, body and triggers run in its `react:` frame.
    if (target !== undefined) pushReacted(ctx, target, action.param === null ? [] : [p], at);
    else {
      let code = codes.get(chosen);
      if (code === undefined) codes.set(chosen, (code = `action:${chosen}`));
      pushFrame(ctx, code, action.param === null ? {} : { [action.param]: p }, at);
    }
  }, at, false);
  asm.emit((ctx) => {
    const chosen = ctx.locals[into];
    ctx.locals[who] = null;
    if (typeof chosen === 'string' && (reacted === null || !reacted.has(chosen))) pushTriggers(ctx, [chosen], at);
  }, at, false);
}

/** The first `requires` of the action that does not hold for player p, or null when all hold. */
function firstUnmet(ctx: Ctx, action: ActionEntry, p: number): ActionEntry['requires'][number] | null {
  if (action.requires.length === 0) return null;
  const locals: Record<string, Json> = {};
  if (action.param !== null) locals[action.param] = p;
  const saved = ctx.locals;
  ctx.locals = locals;
  try {
    for (const r of action.requires) if (!asBool(r.test(ctx), r.at)) return r;
    return null;
  } finally {
    ctx.locals = saved;
  }
}

/** An action offer's labeller: an action's name to its title (made once per game). */
const titlers = new WeakMap<Game, Labeller>();
function titleOf(g: Game): Labeller {
  let t = titlers.get(g);
  if (t === undefined) titlers.set(g, (t = (_s, v) => (g.actions.get(v as string) as ActionEntry).title));
  return t;
}

/**
 * How an offer with this pass labels cheaply (lean-pending.ts): TITLES when the game's actions
 * have different titles, none of them the pass; BY_VALUE when they differ; else NOT_KNOWN.
 */
function titlesUnique(g: Game, pass: string | null): number {
  const titles = new Set<string>();
  for (const a of g.actions.values()) titles.add(a.title);
  if (titles.size !== g.actions.size) return NOT_KNOWN;
  return pass === null || !titles.has(pass) ? TITLES : BY_VALUE;
}

/** The pending choice a lean action offer stands for: as compilePlay makes it when not lean. */
function fullPlay(l: LeanPending): Pending {
  const values = l.list as Json[];
  const titled = l.pass === null ? values.length : values.length - 1;
  const labels = new Array<string>(values.length);
  for (let i = 0; i < titled; i++) labels[i] = (l.labelOf as Labeller)(l.s, values[i]);
  if (l.pass !== null) labels[titled] = l.pass;
  const pending: Pending = { player: l.player, prompt: null, labels: uniqueLabels(labels), values, secret: false, at: l.at, into: l.into };
  const flat = l.refusals;
  if (flat !== null) {
    const refused: { label: string; reason: string }[] = [];
    for (let i = 0; i < flat.length; i += 2) refused.push({ label: flat[i], reason: flat[i + 1] });
    pending.refused = refused;
  }
  return pending;
}

/**
 * Takes option `i` of the pending choice: the value goes to the waiting local, the label to the
 * moves and the log. The caller runs the VM on.
 */
export function takeChoice(s: State, i: number): void {
  const pending = s.pending;
  if (pending === null || s.stack.length === 0) return;
  // The label first: it describes the position the choice was offered in.
  const label = optionLabel(pending, i);
  took(s, pending, label, optionValue(pending, i));
}

/** takeChoice of a random playout's lean choice (one class test per decision, not three). */
export function takeLean(s: State, pending: LeanPending, i: number): void {
  if (s.stack.length === 0) return;
  const label = pending.label(i);
  took(s, pending, label, pending.value(i));
}

function took(s: State, pending: Pending, label: string, value: Json): void {
  const frame = s.stack[s.stack.length - 1];
  ownLocals(s, frame)[pending.into] = value;
  frame.pc++;
  s.pending = null;
  const move = movesLength(s);
  appendMove(s, label);
  const during = s.simul.length > 0;
  const entry: LogEntry = { text: msg.choiceLog(msg.player(pending.player), label), player: pending.player, move };
  if (pending.secret) entry.secret = true;
  if (during) entry.during = true;
  if (pending.secret || during) entry.into = pending.into;
  appendLog(s, entry);
}
