/**
 * A compiled body's instructions run by one generated function (README "Generated code"): a
 * `switch (pc)` whose cases call each instruction directly, instead of the VM loop's indirect
 * `ops[pc](ctx)` through one call site shared by every instruction of every game. It runs while
 * its frame stays on top and nothing is pending, then hands back to the VM loop (vm.ts), which
 * pops, switches frames, ends the game, and alone runs scenarios' stops and rule coverage.
 */
import { FALLS, jumpTarget, STAYS } from '../assembler.js';
import { LIMITS, type Body, type Ctx } from '../context.js';
import { msg } from '../messages.js';
import type { Frame } from '../state.js';
import { _, int, join, type Code } from './emit.js';
import { instantiate } from './instantiate.js';
import { RUNTIME } from './runtime.js';

/** Runs the body's instructions from `top.pc`; returns the statement count so far (`steps`). */
export type BodyRunner = (ctx: Ctx, top: Frame, steps: number) => number;

/** The runner of `body`, or null where code cannot be made. */
export function generateRunner(body: Body): BodyRunner | null {
  const n = body.ops.length;
  const cases: Code[] = [];
  // K: the instructions' places; H: the located error, its message, and the body's instructions,
  // read when called: a tiered instruction, once generated, takes its wrapper's place there
  // (tier.ts), and a runner made before holding the wrappers called them for good.
  for (let pc = 0; pc < n; pc++) {
    // A jump (of a loop, of an `if` with `else`) sets the pc here: no call, and nothing it could
    // change is checked after it.
    const to = body.counts[pc] ? undefined : jumpTarget(body.ops[pc]);
    if (to !== undefined && Number.isSafeInteger(to.pc) && to.pc >= 0) {
      cases.push(_`case ${int(pc)}: top.pc = ${int(to.pc)}; continue;`);
      continue;
    }
    const count = body.counts[pc]
      ? _`if (++steps > ${int(LIMITS.statements)}) err(M, K[${int(pc)}]); `
      : _``;
    // An instruction known to leave the frame on top and nothing pending needs no check after it
    // (assembler.ts `Flow`): one that never jumps falls through to the next case, one that may
    // jump goes back to the switch.
    const flow = body.flow?.[pc];
    const next = flow === FALLS ? _`` : flow === STAYS ? _` continue;` : _` break;`;
    cases.push(_`case ${int(pc)}: top.pc = ${int(pc + 1)}; ${count}OPS[${int(pc)}](ctx);${next}`);
  }
  const src = (name: Code): Code => _`"use strict";
const err = H[0], M = H[1], OPS = H[2];
return function ${name}(ctx, top, steps) {
const s = ctx.s;
for (;;) {
switch (top.pc) {
${join(cases, _`
`)}
default: return steps;
}
if (s.pending !== null || s.ended || s.stack[s.stack.length - 1] !== top) return steps;
}
};`;
  return instantiate<BodyRunner>('b', src, body.at, [RUNTIME.err, msg.stepLimit(LIMITS.statements), body.ops]);
}
