/**
 * Reactions (`reaction R(q: player) when A(p) by other before { … }`). An action or procedure that
 * has reactions runs through a body of its own, `react:<name>`, pushed instead of the target's body:
 * it runs the `before` reactions, then (unless one cancelled) the target's body, the `after`
 * reactions and the triggers after the target. Its locals hold the arguments, the plan of reactions
 * still to run and whether the target was cancelled, so it stops at any choice and resumes from a
 * JSON state like every other frame.
 *
 * Order, for one run of the target: the reactions without a reacting player, in file order; then
 * for each player in seat order from the acting player's left (the acting player last; from the
 * first seat when the target has no acting player), that player's reactions in file order. The
 * acting player is an action's parameter, or a procedure's first parameter of type player.
 */
import { Assembler, goto } from './assembler.js';
import { LIMITS, type Ctx, type Game } from './context.js';
import { RuleError } from './errors.js';
import type { GameIR, Json, Loc, ReactionIR } from './ir.js';
import { msg } from './messages.js';
import { ownLocals } from './sharing.js';
import { pushFrame, pushTriggers } from './vm.js';

const ARGS = '#args';
const PLAN = '#plan';
const NEXT = '#next';
const CANCELLED = '#cancelled';
const WRAPPER = 'react:';

export interface ReactedTarget {
  /** The body that runs the target with its reactions. */
  code: string;
  /** The target's own body and its parameters' names (the locals its arguments go to). */
  body: string;
  params: string[];
  /** Which argument is the acting player, or -1. */
  actor: number;
  before: number[];
  after: number[];
}

/** The targets that have reactions, by name (an action and a procedure never share a name). */
export function reactedTargets(ir: GameIR): Map<string, ReactedTarget> {
  const out = new Map<string, ReactedTarget>();
  (ir.reactions ?? []).forEach((r, i) => {
    let entry = out.get(r.target);
    if (!entry) {
      const action = Object.hasOwn(ir.actions, r.target) ? ir.actions[r.target] : undefined;
      const proc = Object.hasOwn(ir.procs, r.target) ? ir.procs[r.target] : undefined;
      const params = (action ?? proc)?.params;
      if (params === undefined) return;
      const actor = action ? (params.length > 0 ? 0 : -1) : params.findIndex((p) => p.type.t === 'player');
      const body = action ? `action:${r.target}` : `proc:${r.target}`;
      entry = { code: `${WRAPPER}${r.target}`, body, params: params.map((p) => p.name), actor, before: [], after: [] };
      out.set(r.target, entry);
    }
    (r.timing === 'before' ? entry.before : entry.after).push(i);
  });
  return out;
}

/**
 * Runs `name` with its reactions: pushes its `react:` frame (the caller has checked it has
 * reactions). Reactions to reactions nest up to LIMITS.reactionDepth, then a rule error at `at`.
 */
export function pushReacted(ctx: Ctx, target: ReactedTarget, args: Json[], at: Loc): void {
  let depth = 0;
  for (const f of ctx.s.stack) if (f.code.startsWith(WRAPPER)) depth++;
  if (depth >= LIMITS.reactionDepth) throw new RuleError(msg.reactionDepth(LIMITS.reactionDepth), at);
  pushFrame(ctx, target.code, { [ARGS]: args, [PLAN]: null, [NEXT]: 0, [CANCELLED]: false }, at);
}

/** The reactions to run, as `[reaction index, reacting player or none]`, in the documented order. */
function plan(g: Game, numPlayers: number, target: ReactedTarget, reactions: number[], args: Json[]): Json[] {
  const all = g.ir.reactions ?? [];
  const actorValue = target.actor >= 0 ? args[target.actor] : null;
  const actor = typeof actorValue === 'number' && actorValue >= 0 && actorValue < numPlayers ? actorValue : null;
  const out: Json[] = [];
  for (const i of reactions) if (all[i].reactor === undefined) out.push([i, null]);
  for (let k = 1; k <= numPlayers; k++) {
    const q = actor === null ? k - 1 : (actor + k) % numPlayers;
    for (const i of reactions) {
      const r = all[i];
      if (r.reactor === undefined) continue;
      if (r.by === 'other' && q === actor) continue;
      if (r.by === 'self' && q !== actor) continue;
      out.push([i, q]);
    }
  }
  return out;
}

function reactionLocals(r: ReactionIR, args: Json[], player: Json): Record<string, Json> {
  const locals: Record<string, Json> = {};
  r.args.forEach((name, i) => {
    locals[name] = i < args.length ? args[i] : null;
  });
  if (r.reactor !== undefined) locals[r.reactor] = player;
  return locals;
}

/** Compiles the `react:` body of a target with reactions. */
export function compileReacted(g: Game, name: string, target: ReactedTarget): void {
  const all = g.ir.reactions ?? [];
  const at = all[target.before[0] ?? target.after[0]].at;
  const asm = new Assembler(target.code);
  const runPlan = (timing: number[], done: ReturnType<Assembler['label']>): void => {
    asm.emit((ctx) => {
      ctx.locals[PLAN] = plan(ctx.g, ctx.s.numPlayers, target, timing, ctx.locals[ARGS] as Json[]);
      ctx.locals[NEXT] = 0;
    }, at, false);
    const head = asm.label();
    asm.mark(head);
    asm.emit((ctx) => {
      const steps = ctx.locals[PLAN] as [number, Json][];
      const i = ctx.locals[NEXT] as number;
      if (ctx.locals[CANCELLED] === true || i >= steps.length) {
        ctx.locals[PLAN] = null;
        goto(ctx, done);
        return;
      }
      ctx.locals[NEXT] = i + 1;
      const [index, player] = steps[i];
      pushFrame(ctx, `reaction:${index}`, reactionLocals(all[index], ctx.locals[ARGS] as Json[], player), all[index].at);
    }, at, false);
    asm.jump(head, at);
  };
  const body = asm.label();
  const end = asm.label();
  runPlan(target.before, body);
  asm.mark(body);
  asm.emit((ctx) => {
    if (ctx.locals[CANCELLED] === true) {
      goto(ctx, end);
      return;
    }
    const args = ctx.locals[ARGS] as Json[];
    const locals: Record<string, Json> = {};
    target.params.forEach((p, i) => {
      locals[p] = i < args.length ? args[i] : null;
    });
    pushFrame(ctx, target.body, locals, at);
  }, at, false);
  const triggers = asm.label();
  runPlan(target.after, triggers);
  asm.mark(triggers);
  const after = [name];
  asm.emit((ctx) => pushTriggers(ctx, after, at), at, false);
  asm.mark(end);
  g.bodies.set(target.code, asm.body);
}

/** `cancel`: marks the run of the target below the running `before` reaction as cancelled. */
export function cancelOp(at: Loc): (ctx: Ctx) => void {
  return (ctx) => {
    const stack = ctx.s.stack;
    const below = stack[stack.length - 2];
    const here = stack[stack.length - 1];
    if (below === undefined || !below.code.startsWith(WRAPPER) || !here.code.startsWith('reaction:') || !isBefore(ctx.g, here.code)) {
      throw new RuleError(msg.cancelOutside(), at);
    }
    ownLocals(ctx.s, below)[CANCELLED] = true;
  };
}

function isBefore(g: Game, code: string): boolean {
  return g.ir.reactions?.[Number(code.slice('reaction:'.length))]?.timing === 'before';
}
