/** Builds one compiled body: a flat array of instructions with forward and backward jumps. */
import type { Body, Ctx, Op } from './context.js';
import type { Loc } from './ir.js';

/** A jump target, resolved when its place is reached (`mark`). */
export interface Label {
  pc: number;
}

/** The target of each jump instruction: a body's runner (codegen/gen-body.ts) jumps without calling it. */
const jumps = new WeakMap<Op, Label>();

/** Where `op` jumps when it is a jump of `Assembler.jump`. */
export function jumpTarget(op: Op): Label | undefined {
  return jumps.get(op);
}

/**
 * What an instruction may do to the VM beyond its frame's locals, for a body's runner
 * (codegen/gen-body.ts): after LEAVES it checks whether a choice is pending, the game ended or
 * another frame is on top; after STAYS (which never does any of these, but may jump) it goes on at
 * the pc; after FALLS (which also never jumps) it goes straight on to the next instruction.
 */
export const LEAVES = 0;
export const STAYS = 1;
export const FALLS = 2;
export type Flow = typeof LEAVES | typeof STAYS | typeof FALLS;

export class Assembler {
  readonly body: Body & { flow: Flow[] } = { ops: [], at: [], counts: [], flow: [] };
  private hiddenCount = 0;

  constructor(readonly code: string) {}

  get here(): number {
    return this.body.ops.length;
  }

  /**
   * Appends an instruction; `counts` says whether it counts towards the statement limit, `flow`
   * what it may do besides (LEAVES unless known otherwise).
   */
  emit(op: Op, at: Loc, counts = true, flow: Flow = LEAVES): void {
    this.body.ops.push(op);
    this.body.at.push(at);
    this.body.counts.push(counts);
    this.body.flow.push(flow);
  }

  label(): Label {
    return { pc: -1 };
  }

  mark(l: Label): void {
    l.pc = this.here;
  }

  jump(to: Label, at: Loc): void {
    const op: Op = (ctx) => goto(ctx, to);
    jumps.set(op, to);
    this.emit(op, at, false);
  }

  /** A local name no rule can write (`#` is not an identifier character): loop counters and such. */
  hidden(what: string): string {
    return `#${what}${this.hiddenCount++}`;
  }
}

/** Continues the current frame at `l` (instructions run only inside the VM, where a frame is set). */
export function goto(ctx: Ctx, l: Label): void {
  if (ctx.frame) ctx.frame.pc = l.pc;
}
