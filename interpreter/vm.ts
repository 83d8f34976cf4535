/**
 * The VM: a stack of frames in the state, each naming a compiled body and a pc. The loop runs
 * instructions until a choice is pending, the game ends, or (for a scenario's `do`) the stack
 * returns to the height it started from. Nothing is kept outside the state between two calls.
 */
import { LIMITS, type Body, type Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { Json, Loc } from './ir.js';
import { msg } from './messages.js';
import { revealLog } from './simultaneous.js';
import { noteChange, ownLocals, replaceLog } from './sharing.js';
import { generateRunner } from './codegen/gen-body.js';
import type { State } from './state.js';

export function pushFrame(ctx: Ctx, code: string, locals: Record<string, Json>, at: Loc): void {
  if (ctx.s.stack.length >= LIMITS.callDepth) throw new RuleError(msg.depthLimit(LIMITS.callDepth), at);
  ctx.s.stack.push({ code, pc: 0, locals });
}

/** Schedules the triggers that run after `after` (pushed in reverse so they run in order). */
export function pushTriggers(ctx: Ctx, after: readonly string[], at: Loc): void {
  if (after.length === 1) {
    // The common case (after an action or a procedure), without a list made per call.
    const codes = ctx.g.triggersAfter.get(after[0]);
    if (codes !== undefined) for (let i = codes.length - 1; i >= 0; i--) pushFrame(ctx, codes[i], {}, at);
    return;
  }
  // A trigger follows one name, so the lists of `after` share no code (a search for repeats was
  // quadratic in a hand-made IR's triggers).
  const codes = after.flatMap((name) => ctx.g.triggersAfter.get(name) ?? []);
  for (let i = codes.length - 1; i >= 0; i--) pushFrame(ctx, codes[i], {}, at);
}

/** Ends the game now: nothing more runs, nothing is pending, everything becomes visible. */
export function endGame(s: State): void {
  s.ended = true;
  s.stack = [];
  s.blocks = [];
  s.pending = null;
  if (s.simul.length > 0) {
    replaceLog(s, revealLog(s.log, s.simul[0].logStart));
    s.simul = [];
  }
}

/** How a new game's start is watched and resumed (start-template.ts). */
export interface RunFrom {
  /** Statements already counted against the limit in this run (the run being resumed). */
  steps: number;
  /** Called before every instruction, one at a time: false stops the run there. */
  before?: () => boolean;
}

/**
 * Runs until a choice is pending or the game ends. With `floor` > 0 (a scenario's `do` on top of
 * a running game), stops when the stack is back to `floor` frames instead of ending the game.
 * With `stop` (a scenario's `run until`), also stops before any statement when `stop()` holds.
 * With `from`, goes on counting statements from `from.steps`, and stops where `from.before` says.
 * Returns the statements counted.
 */
export function run(ctx: Ctx, floor = 0, stop?: () => boolean, from?: RunFrom): number {
  const { g, s } = ctx;
  noteChange(s);
  let steps = from === undefined ? 0 : from.steps;
  const before = from?.before;
  let frame = null as State['stack'][number] | null;
  let body: Body | undefined;
  const coverage = g.coverage;
  // The generated engine runs the body's instructions in its runner while the frame stays on
  // top; scenarios' stops and rule coverage need the loop below, one instruction at a time.
  const runners = stop === undefined && coverage === undefined && before === undefined && g.engine === 'generated';
  while (s.pending === null && !s.ended) {
    const depth = s.stack.length;
    if (depth <= floor) {
      if (floor === 0) endGame(s);
      return steps;
    }
    const top = s.stack[depth - 1];
    if (top !== frame || body === undefined) {
      frame = top;
      body = g.bodies.get(top.code);
      if (body === undefined) throw new Error(`no compiled body "${top.code}"`);
      ctx.frame = top;
      ctx.locals = ownLocals(s, top);
    }
    const pc = top.pc;
    if (pc >= body.ops.length) {
      s.stack.pop();
      continue;
    }
    if (runners) {
      let runner = body.runner;
      // Made once the body was entered tierUp times (codegen/tier.ts); until then, the loop below.
      if (runner === undefined && (body.entries = (body.entries ?? 0) + 1) > g.tierUp) runner = body.runner = generateRunner(body);
      if (runner !== undefined && runner !== null) {
        steps = runner(ctx, top, steps);
        continue;
      }
    }
    if (before !== undefined && !before()) return steps;
    top.pc = pc + 1;
    if (body.counts[pc]) {
      if (stop !== undefined && stop()) {
        top.pc = pc;
        return steps;
      }
      if (++steps > LIMITS.statements) throw new RuleError(msg.stepLimit(LIMITS.statements), body.at[pc]);
      if (coverage !== undefined) coverage.set(body.at[pc], (coverage.get(body.at[pc]) ?? 0) + 1);
    }
    body.ops[pc](ctx);
  }
  return steps;
}
