/**
 * A compiled body's instructions run by one generated function (README "Generated code"): a
 * `switch (pc)` whose cases call each instruction directly, instead of the VM loop's indirect
 * `ops[pc](ctx)` through one call site shared by every instruction of every game. It runs while
 * its frame stays on top and nothing is pending, then hands back to the VM loop (vm.ts), which
 * pops, switches frames, ends the game, and alone runs scenarios' stops and rule coverage.
 */
import { jumpTarget } from '../assembler.js';
import { LIMITS, type Body, type Ctx } from '../context.js';
import { msg } from '../messages.js';
import type { Frame } from '../state.js';
import { _, int, join, type Code } from './emit.js';
import { inlineGenerator } from './gen-stmt.js';
import type { Instr } from './instr.js';
import { instantiate } from './instantiate.js';
import { RUNTIME } from './runtime.js';

/** Runs the body's instructions from `top.pc`; returns the statement count so far (`steps`). */
export type BodyRunner = (ctx: Ctx, top: Frame, steps: number) => number;

/**
 * At most this much generated source is written inline in one runner; the instructions past it
 * are called. V8 does not optimise a function past some size (60 KiB of bytecode today), and a
 * huge body is rarely all hot.
 */
const INLINE_SOURCE = 30_000;

/** The runner of `body`, or null where code cannot be made. */
export function generateRunner(body: Body): BodyRunner | null {
  const n = body.ops.length;
  const cases: Code[] = [];
  // K: the instructions, then their places, then each inline instruction's constants and helpers;
  // H: the one helper (the located error).
  const K: unknown[] = [...body.ops, ...body.at];
  let room = INLINE_SOURCE;
  for (let pc = 0; pc < n; pc++) {
    // A jump (of a loop, of an `if` with `else`) sets the pc here: no call, and nothing it could
    // change is checked after it.
    const to = body.counts[pc] ? undefined : jumpTarget(body.ops[pc]);
    if (to !== undefined && Number.isSafeInteger(to.pc) && to.pc >= 0) {
      cases.push(_`case ${int(pc)}: top.pc = ${int(to.pc)}; continue;`);
      continue;
    }
    const count = body.counts[pc]
      ? _`if (++steps > ${int(LIMITS.statements)}) err(M, RK[${int(n + pc)}]); `
      : _``;
    // A generated instruction is written inline (its own constants and helpers, its locals read
    // afresh): no call, and not the tier wrapper the body still holds while it warms up.
    const generate = room > 0 ? inlineGenerator(body, pc) : undefined;
    const code = generate === undefined ? null : inline(generate(), K.length);
    if (code !== null && code.code.src.length <= room) {
      room -= code.code.src.length;
      K.push(...code.constants);
      cases.push(_`case ${int(pc)}: {
top.pc = ${int(pc + 1)}; ${count}
${code.code}
break;
}`);
      continue;
    }
    cases.push(_`case ${int(pc)}: top.pc = ${int(pc + 1)}; ${count}K[${int(pc)}](ctx); break;`);
  }
  const src = (name: Code): Code => _`"use strict";
const err = H[0], M = H[1], RK = K;
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
  return instantiate<BodyRunner>('b', src, K, [RUNTIME.err, msg.stepLimit(LIMITS.statements)]);
}

/**
 * An instruction as a block of a case: its constants (`K`) and helpers shadow the runner's, read
 * from the runner's constants at `at` and after; `S` and `L` read as its function would.
 */
function inline(ins: Instr | null, at: number): { code: Code; constants: unknown[] } | null {
  if (ins === null) return null;
  const { g, tail } = ins;
  const helpers = g.helperNames.all().map((h, i) => _`${h} = HH[${int(i)}]`);
  const temps = g.t.all();
  const code = _`const K = RK[${int(at)}], HH = RK[${int(at + 1)}];
${helpers.length > 0 ? _`const ${join(helpers, _`, `)};` : _``}
const S = ctx.slots, L = ctx.locals;
${temps.length > 0 ? _`let ${join(temps, _`, `)};` : _``}
${join(g.lines, _`
`)}
${tail}`;
  return { code, constants: [g.K, g.helpers] };
}
