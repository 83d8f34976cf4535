/**
 * Leaving early. `break` leaves the innermost loop of its body; `end turn` the innermost open turn,
 * wherever it was opened: in this frame, or in one below (procedures and actions called inside the
 * turn return at once). Every flow block left this way still ends as usual, innermost first, through
 * an exit frame (see compile-flow.ts): it closes the block, schedules its triggers, then resets its
 * variables. Simultaneous blocks left are closed.
 *
 * The frames above the block's own are dropped, except exits already under way (a block closed,
 * its resets still to come): they finish first. So `trigger T after turn { end round }` still
 * resets the turn's variables.
 */
import { goto, type Assembler } from './assembler.js';
import type { CompileEnv, Nest } from './compile-expr.js';
import { EXIT_BLOCK, exitCode, isExitFrame, pushExit } from './compile-flow.js';
import type { Ctx, Op } from './context.js';
import { RuleError } from './errors.js';
import type { Json, Loc, Stmt } from './ir.js';
import { msg } from './messages.js';
import { ownLocals } from './sharing.js';
import { closeSimul } from './simultaneous.js';

/** Bodies of scenario steps: the game's own blocks lie below them and cannot be ended from there. */
const SCENARIO_CODE = 'scenario:';

export function compileBreak(st: Extract<Stmt, { k: 'break' }>, env: CompileEnv, asm: Assembler): void {
  const nest = env.nest ?? [];
  const at = st.at;
  let l = nest.length - 1;
  while (l >= 0 && nest[l].k !== 'loop') l--;
  const loop = nest[l];
  if (loop === undefined || loop.k !== 'loop') {
    const message = msg.breakOutsideLoop();
    asm.emit(() => {
      throw new RuleError(message, at);
    }, at);
    return;
  }
  const crossed = nest.slice(l + 1);
  const blocks = crossed.filter((n): n is Extract<Nest, { k: 'block' }> => n.k === 'block');
  const simultaneous = crossed.filter((n) => n.k === 'simultaneous').length;
  const { end, hidden } = loop;
  asm.emit((ctx) => {
    const { s } = ctx;
    for (let i = 0; i < simultaneous; i++) closeSimul(s);
    for (const name of hidden) ctx.locals[name] = null;
    // The blocks left are the top ones; the innermost block's exit is pushed last: it runs first.
    const first = s.blocks.length - blocks.length;
    blocks.forEach((b, i) => {
      ctx.locals[b.mark] = null;
      pushExit(ctx, b.exit, first + i, at);
    });
    goto(ctx, end);
  }, at);
}

export function compileEndBlock(st: Extract<Stmt, { k: 'endBlock' }>): Op {
  const { kind, at } = st;
  return (ctx) => {
    const { s, g } = ctx;
    let index = s.blocks.length - 1;
    while (index >= 0 && s.blocks[index].kind !== kind) index--;
    if (index < 0) throw new RuleError(msg.noOpenBlock(kind), at);
    for (let depth = s.stack.length - 1; depth >= 0; depth--) {
      const frame = s.stack[depth];
      if (isExitFrame(frame)) {
        // The block is already ending (its exit has not started): it ends with the blocks inside it.
        if (frame.pc === 0 && openedAt(frame.locals[EXIT_BLOCK]) === index) {
          unwind(ctx, depth, index + 1, at);
          return;
        }
        continue;
      }
      const mark = (g.blockMarks.get(frame.code) ?? []).find((m) => openedAt(frame.locals[m.mark]) === index);
      if (mark !== undefined) {
        const simultaneous = simulAt(frame.locals[mark.mark]);
        // Blocks of this frame being left are no longer open (so that a later `end` does not find them).
        for (const m of g.blockMarks.get(frame.code) ?? []) if (openedAt(frame.locals[m.mark]) >= index) ownLocals(s, frame)[m.mark] = null;
        frame.pc = mark.after.pc;
        while (s.simul.length > simultaneous) closeSimul(s);
        unwind(ctx, depth, index, at);
        return;
      }
      if (frame.code.startsWith(SCENARIO_CODE)) throw new RuleError(msg.endBlockFromScenario(kind), at);
    }
    // Every open block was opened by a frame still on the stack: this is an interpreter bug.
    throw new Error(`no frame opened block ${index} (${kind})`);
  };
}

/** The index in `state.blocks` a block mark or an exit frame records, or -1 when none. */
function openedAt(v: Json | undefined): number {
  return Array.isArray(v) && typeof v[0] === 'number' ? v[0] : -1;
}

/** How many simultaneous blocks were open when the block opened. */
function simulAt(v: Json | undefined): number {
  return Array.isArray(v) && typeof v[1] === 'number' ? v[1] : 0;
}

/**
 * Drops the frames above `depth`, then ends every open block from `from` up (innermost first),
 * after the exits already under way in the dropped frames have finished.
 */
function unwind(ctx: Ctx, depth: number, from: number, at: Loc): void {
  const { s } = ctx;
  const underWay = s.stack.slice(depth + 1).filter((f) => isExitFrame(f) && f.pc > 0);
  s.stack.length = depth + 1;
  for (let i = from; i < s.blocks.length; i++) pushExit(ctx, exitCode(s.blocks[i].kind, s.blocks[i].name), i, at);
  for (const frame of underWay) s.stack.push(frame);
}
