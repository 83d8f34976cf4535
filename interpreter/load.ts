/**
 * loadGame: everything that can be prepared without a state is prepared here, once: board
 * topology, every statement list compiled to instructions, every expression to a closure.
 */
import { Assembler } from './assembler.js';
import { buildBoards } from './boards.js';
import { placesPastLimit } from './place-count.js';
import { checkedHolderNaming } from './holders.js';
import { compileFnBody, foldable } from './codegen/gen-fn.js';
import { holderTable } from './holder-index.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import { compileStmts } from './compile-stmt.js';
import { checkIRDepth } from './ir-depth.js';
import { inlineCalls } from './inline.js';
import { slotsReusable } from './slot-reuse.js';
import { LIMITS, type ActionEntry, type Engine, type Game } from './context.js';
import type { GameIR, ParamDeclIR, Stmt, TypeIR } from './ir.js';
import { msg } from './messages.js';
import { compileScenario } from './scenario-compile.js';
import { RuleError } from './errors.js';
import { frozen } from './values.js';
import { compileReacted, reactedTargets } from './reactions.js';

/** FNV-1a over the IR's JSON, twice with different offsets: a 64-bit hex identity of the rules. */
export function hashIR(ir: GameIR): string {
  const text = JSON.stringify(ir);
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193) ^ (b >>> 15);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

function typedLocals(params: ParamDeclIR[]): Map<string, TypeIR> {
  return new Map(params.map((p) => [p.name, p.type]));
}

/** A hand-made IR may claim any player count; the language allows at most LIMITS.players. */
function checkPlayers(ir: GameIR): void {
  const { min, max, counts } = ir.players;
  const fine = (n: number) => Number.isInteger(n) && n >= 1 && n <= LIMITS.players;
  if (!fine(min) || !fine(max) || min > max || (counts !== undefined && !counts.every(fine))) {
    throw new RuleError(msg.badPlayerRange(LIMITS.players), { file: ir.name, line: 0, col: 0 });
  }
}

export interface LoadOptions {
  /** `generated` (the default) or `closure`, the reference interpreter (README "Generated code"). */
  engine?: Engine;
  /**
   * Generated engine: how much work (runs, plus the evaluation steps of an expression's or
   * statement's runs) before it is generated (codegen/tier.ts); 0 generates everything at load.
   * Default TIER_UP (at load); TIER_UP_LIVE for a caller that loads often and plays little.
   */
  tierUp?: number;
  /** Small user functions inlined at load (inline.ts); default true. False plays the IR as given. */
  inline?: boolean;
}

/**
 * Work before code is generated for an expression, a statement or a body, by default: none, all
 * of it is generated at load. A game is loaded to be played many times (playouts, bots, analysis,
 * benchmarks), and generating at load was faster from the first CPU second and at steady state
 * than generating mid-game (interpreter/README.md "Warm-up").
 */
export const TIER_UP = 0;

/**
 * For a caller that loads the rules often and plays little (the editor's live session, loaded
 * again on every edit): the closure interpreter until a rule has done this much work, so a load
 * costs about what the closure engine's does.
 */
export const TIER_UP_LIVE = 30000;

export function loadGame(rules: GameIR, options: LoadOptions = {}): Game {
  if (rules.format !== 'strata-ir/1') throw new Error(msg.badFormat(String(rules.format)));
  // Depth first: the inliner walks the IR recursively. Inlined bodies are small, so depth grows little.
  checkIRDepth(rules);
  const ir = options.inline === false ? rules : inlineCalls(rules);
  checkPlayers(ir);
  const places = placesPastLimit(ir);
  if (places) throw new RuleError(msg.placesLimit(places.total, places.limit), places.at);
  const boards = buildBoards(ir);
  const naming = checkedHolderNaming(ir);
  const g: Game = {
    ir,
    engine: options.engine ?? 'generated',
    tierUp: Math.max(0, Math.floor(options.tierUp ?? TIER_UP)),
    // The identity of the rules as written: inlining is the engine's business.
    hash: hashIR(rules),
    bodies: new Map(),
    fns: new Map(),
    actions: new Map(),
    triggersAfter: new Map(),
    reacted: reactedTargets(ir),
    resetsAfter: new Map(),
    blockMarks: new Map(),
    boards,
    holderTable: holderTable(naming, boards),
    seats: Array.from({ length: ir.players.max + 1 }, (_, n) => frozen(Array.from({ length: n }, (_, i) => i))),
    zones: new Map(Object.entries(ir.zones).map(([n, z]) => [n, { perPlayer: z.perPlayer, visibility: z.visibility }])),
    params: new Map(),
    varInits: new Map(),
    playerTables: new Set(
      Object.entries(ir.vars)
        .filter(([, v]) => v.keys[0]?.type === 'player')
        .map(([n]) => n),
    ),
    rankKeys: [],
    kindDefaults: new Map(),
    scenarios: new Map(),
  };
  const env = (locals: Map<string, TypeIR> = new Map()): CompileEnv => ({ ir, g, locals });
  const body = (code: string, stmts: Stmt[], locals?: Map<string, TypeIR>): void => {
    const asm = new Assembler(code);
    compileStmts(stmts, env(locals), asm);
    g.bodies.set(code, asm.body);
  };

  // Function entries exist before any body compiles, so calls (even recursive) can hold them.
  // A function's locals are slots of an array: its parameters first, then its binders.
  const fnSlots = new Map<string, NonNullable<CompileEnv['slots']>>();
  for (const [name, f] of Object.entries(ir.fns)) {
    const slots = { names: new Map(f.params.map((p, i) => [p.name, i])), count: f.params.length };
    fnSlots.set(name, slots);
    const fold = foldable(f.body) ? { comp: f.body, env: { ...env(typedLocals(f.params)), slots }, count: null } : null;
    g.fns.set(name, { name, params: f.params.map((p) => p.name), slots: f.params.length, reuse: slotsReusable(f.body), spare: null, fold, body: null, at: f.at });
  }
  for (const [name, f] of Object.entries(ir.fns)) {
    const entry = g.fns.get(name);
    const slots = fnSlots.get(name);
    if (!entry || !slots) continue;
    entry.body = compileFnBody(f.body, { ...env(typedLocals(f.params)), slots }, entry);
    entry.slots = slots.count;
  }
  for (const [name, p] of Object.entries(ir.params)) g.params.set(name, compileExpr(p.value, env()));
  for (const [name, v] of Object.entries(ir.vars)) {
    g.varInits.set(name, compileExpr(v.init, env()));
    // Added to in place: a copy per variable was quadratic in the variables reset after one block.
    if (v.reset !== undefined) {
      const names = g.resetsAfter.get(v.reset);
      if (names) names.push(name);
      else g.resetsAfter.set(v.reset, [name]);
    }
  }
  for (const [name, k] of Object.entries(ir.kinds)) {
    g.kindDefaults.set(
      name,
      k.attrs.map((a) => ({ name: a.name, type: a.type, value: a.default ? compileExpr(a.default, env()) : null })),
    );
  }
  for (const key of ir.ranking) {
    const value = compileExpr(key.value, env(new Map([['p', { t: 'player' }]])));
    g.rankKeys.push({ value, desc: key.order !== 'asc', at: key.value.at });
  }
  if (ir.drawIf) g.drawIf = { value: compileExpr(ir.drawIf, env()), at: ir.drawIf.at };

  // Known before any body compiles: a call or block looks up whether triggers follow it.
  ir.triggers.forEach((t, i) => {
    const codes = g.triggersAfter.get(t.after);
    if (codes) codes.push(`trigger:${i}`);
    else g.triggersAfter.set(t.after, [`trigger:${i}`]);
  });
  body('setup', ir.setup);
  body('flow', ir.flow);
  for (const [name, p] of Object.entries(ir.procs)) body(`proc:${name}`, withEnd(name, p), typedLocals(p.params));
  for (const [name, a] of Object.entries(ir.actions)) loadAction(g, name, a, env, body);
  ir.triggers.forEach((t, i) => body(`trigger:${i}`, t.body));
  (ir.reactions ?? []).forEach((r, i) => body(`reaction:${i}`, r.body, reactionLocals(ir, r)));
  for (const [name, target] of g.reacted) compileReacted(g, name, target);
  ir.scenarios.forEach((sc, i) => g.scenarios.set(sc, compileScenario(g, sc, `scenario:${i}`)));
  return g;
}

/** A reaction's locals: the target's arguments under the reaction's names, and the reacting player. */
function reactionLocals(ir: GameIR, r: NonNullable<GameIR['reactions']>[number]): Map<string, TypeIR> {
  const target = Object.hasOwn(ir.actions, r.target) ? ir.actions[r.target] : Object.hasOwn(ir.procs, r.target) ? ir.procs[r.target] : undefined;
  const params = target?.params ?? [];
  const locals = new Map<string, TypeIR>(r.args.map((name, i) => [name, params[i]?.type ?? { t: 'any' }]));
  if (r.reactor !== undefined) locals.set(r.reactor, { t: 'player' });
  return locals;
}

/** A procedure with a result type that runs off its end (a hand-made IR) stops with a rule error there. */
function withEnd(name: string, p: GameIR['procs'][string]): Stmt[] {
  if (p.type === undefined) return p.body;
  return [...p.body, { k: 'fail', message: { k: 'lit', v: msg.noReturn(name), at: p.at }, at: p.at }];
}

function loadAction(
  g: Game,
  name: string,
  a: GameIR['actions'][string],
  env: (locals?: Map<string, TypeIR>) => CompileEnv,
  body: (code: string, stmts: Stmt[], locals?: Map<string, TypeIR>) => void,
): void {
  const locals = typedLocals(a.params);
  const entry: ActionEntry = {
    name,
    title: a.title || name,
    param: a.params[0]?.name ?? null,
    requires: a.requires.map((r) => {
      // Once generated, the test itself is called (not through its tiering wrapper).
      const requirement = { test: null as unknown as ActionEntry['requires'][number]['test'], reason: r.reason, at: r.condition.at };
      requirement.test = compileExpr(r.condition, env(locals), (run) => (requirement.test = run));
      return requirement;
    }),
    at: a.at,
  };
  g.actions.set(name, entry);
  if (a.params.length > 1) {
    const message = msg.actionParams(name);
    g.bodies.set(`action:${name}`, {
      ops: [
        () => {
          throw new RuleError(message, a.at);
        },
      ],
      at: [a.at],
      counts: [true],
    });
    return;
  }
  body(`action:${name}`, a.body, locals);
}
