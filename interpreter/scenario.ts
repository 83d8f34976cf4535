/**
 * Runs a scenario: a new game with the scenario's players and seed, then its steps in order.
 * Failed expectations and rejections are collected; a step that cannot be carried out (a choice not
 * on offer, a rule error) ends the run, since later steps would not mean what they say.
 */
import { applyInPlace, newGame } from './api.js';
import { makeCtx, LIMITS, type CompiledScenario, type CompiledStep, type Game } from './context.js';
import { display } from './display.js';
import { assertUnreachable, guard, RuleError } from './errors.js';
import type { Loc, ScenarioIR } from './ir.js';
import { msg } from './messages.js';
import { randomAction } from './bots/random.js';
import { asJson, equal } from './values.js';
import { compileScenario } from './scenario-compile.js';
import type { State } from './state.js';
import { run } from './vm.js';

export interface ScenarioFailure {
  message: string;
  at: Loc;
}

export interface ScenarioResult {
  name: string;
  passed: boolean;
  failures: ScenarioFailure[];
}

function compiled(g: Game, sc: ScenarioIR): CompiledScenario {
  let c = g.scenarios.get(sc);
  if (!c) {
    // A scenario that is not part of the IR: compiled once, and cached like the others.
    c = compileScenario(g, sc, `scenario:extra${g.scenarios.size}`);
    g.scenarios.set(sc, c);
  }
  return c;
}

export function runScenario(g: Game, sc: ScenarioIR): ScenarioResult {
  const failures: ScenarioFailure[] = [];
  const done = (): ScenarioResult => ({ name: sc.name, passed: failures.length === 0, failures });
  const start = newGame(g, { players: sc.players, seed: sc.seed });
  if (!start.ok) {
    failures.push({ message: msg.scenarioSetup(start.error.message), at: start.error.at ?? sc.at });
    return done();
  }
  const s = start.value;
  const steps = compiled(g, sc).steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const r = guard(() => runStep(g, s, step, i));
    if (!r.ok) {
      failures.push({ message: msg.stepFailed(step.at, r.error.message), at: r.error.at ?? step.at });
      return done();
    }
    if (r.value.failure !== null) failures.push({ message: r.value.failure, at: step.at });
    if (r.value.fatal) return done();
  }
  return done();
}

interface StepOutcome {
  failure: string | null;
  fatal: boolean;
}

const passed: StepOutcome = { failure: null, fatal: false };

function runStep(g: Game, s: State, step: CompiledStep, index: number): StepOutcome {
  switch (step.k) {
    case 'do':
      return runDo(g, s, step.code, step.at);
    case 'choose': {
      const r = applyInPlace(g, s, step.label);
      return r.ok ? passed : { failure: msg.stepFailed(step.at, r.error.message), fatal: true };
    }
    case 'expect': {
      const ctx = makeCtx(g, s);
      const holds = step.condition(ctx);
      if (holds === true) return passed;
      let detail = step.message;
      if (step.sides) {
        const left = display(g, s, step.sides.left(ctx), step.sides.lt);
        const right = display(g, s, step.sides.right(ctx), step.sides.rt);
        detail = [detail, msg.expectValues(left, step.sides.op, right)].filter((x) => x).join(' ');
      }
      return { failure: msg.expectFailed(step.at, detail), fatal: false };
    }
    case 'reject': {
      const found = s.pending?.labels.includes(step.label) ?? false;
      return found ? { failure: msg.rejectFailed(step.label, step.at), fatal: false } : passed;
    }
    case 'run':
      return runRandom(g, s, step.count, step.at, index);
    case 'roll':
      return forceRoll(g, s, step);
    default:
      return assertUnreachable(step);
  }
}

/** Runs a `do` body on top of the game's stack, then offers the pending choice again. */
function runDo(g: Game, s: State, code: string, at: Loc): StepOutcome {
  const floor = s.stack.length;
  const waiting = s.pending;
  const wasOver = s.ended;
  s.pending = null;
  s.ended = false;
  s.stack.push({ code, pc: 0, locals: {} });
  run(makeCtx(g, s), floor);
  if (s.pending !== null) {
    s.stack.length = floor;
    s.pending = waiting;
    s.ended = wasOver;
    return { failure: msg.stepFailed(at, msg.choiceInDo()), fatal: true };
  }
  if (wasOver) s.ended = true;
  else if (!s.ended && waiting !== null) run(makeCtx(g, s));
  return passed;
}

/** `roll D face`: the next roll of D gives `face` (queued after faces forced earlier). */
function forceRoll(g: Game, s: State, step: Extract<CompiledStep, { k: 'roll' }>): StepOutcome {
  const ctx = makeCtx(g, s);
  const face = asJson(step.face(ctx), step.at);
  if (!step.faces.some((f) => equal(f(ctx), face))) {
    throw new RuleError(msg.notAFace(display(g, s, face), step.die), step.at);
  }
  s.forcedRolls = { ...s.forcedRolls, [step.die]: [...(s.forcedRolls?.[step.die] ?? []), face] };
  return passed;
}

/** Seeded random choices: the random bot (bots/random.ts), seeded by the game's seed and the step. */
function runRandom(g: Game, s: State, count: number | null, at: Loc, index: number): StepOutcome {
  const seed = (s.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  const limit = count ?? LIMITS.runMoves;
  let made = 0;
  while (!s.ended && made < limit) {
    const p = s.pending;
    if (p === null) break;
    const r = applyInPlace(g, s, { player: p.player, label: p.labels[randomAction(seed, s.moves.length, p.labels.length)] });
    if (!r.ok) throw new RuleError(r.error.message, r.error.at ?? at);
    made++;
  }
  if (count === null && !s.ended) return { failure: msg.stepFailed(at, msg.runDidNotEnd(made)), fatal: true };
  return passed;
}
