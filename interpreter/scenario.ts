/**
 * Runs a scenario: a new game with the scenario's players and seed, then its steps in order.
 * Failed expectations and rejections are collected; a step that cannot be carried out (a choice not
 * on offer, a rule error) ends the run, since later steps would not mean what they say.
 */
import { applyInPlace, createGame } from './api.js';
import { optionLabel, takeChoice } from './choices.js';
import { optionCount, optionIndex } from './range-choice.js';
import { makeCtx, LIMITS, type CompiledExpr, type CompiledScenario, type CompiledStep, type Game } from './context.js';
import { display } from './display.js';
import { queueForced, unusedForced, type Forced } from './forced.js';
import { asHolder } from './holders.js';
import { assertUnreachable, guard, RuleError } from './errors.js';
import type { Loc, ScenarioIR } from './ir.js';
import { msg } from './messages.js';
import { randomAction } from './bots/random.js';
import { asJson, equal } from './values.js';
import { compileScenario } from './scenario-compile.js';
import type { State } from './state.js';
import { view } from './view.js';
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

/**
 * Where the flow stands between steps: not started (the game is made, its setup waits: forced
 * random outcomes queue before the first roll), stopped mid-flow by `run until`, or at a choice
 * point (a choice waits or the game is over).
 */
type Phase = 'unstarted' | 'paused' | 'settled';

interface Runner {
  g: Game;
  s: State;
  phase: Phase;
}

export function runScenario(g: Game, sc: ScenarioIR): ScenarioResult {
  const failures: ScenarioFailure[] = [];
  const done = (): ScenarioResult => ({ name: sc.name, passed: failures.length === 0, failures });
  const start = createGame(g, { players: sc.players, seed: sc.seed });
  if (!start.ok) {
    failures.push({ message: msg.scenarioSetup(start.error.message), at: start.error.at ?? sc.at });
    return done();
  }
  const runner: Runner = { g, s: start.value, phase: 'unstarted' };
  const steps = compiled(g, sc).steps;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    const r = guard(() => runStep(runner, step, i));
    if (!r.ok) {
      failures.push({ message: msg.stepFailed(step.at, r.error.message), at: r.error.at ?? step.at });
      return done();
    }
    if (r.value.failure !== null) failures.push({ message: r.value.failure, at: step.at });
    if (r.value.fatal) return done();
  }
  // A forced shuffle or pick that never happened: the scenario does not test what it says.
  for (const f of unusedForced(runner.s)) failures.push({ message: msg.forcedUnused(forcedText(f)), at: f.at });
  return done();
}

interface StepOutcome {
  failure: string | null;
  fatal: boolean;
}

const passed: StepOutcome = { failure: null, fatal: false };

/** Runs the flow on to the next choice point (from the start, or from where `run until` stopped). */
function settle(r: Runner): void {
  if (r.phase !== 'settled' && r.s.pending === null && !r.s.ended) run(makeCtx(r.g, r.s));
  r.phase = 'settled';
}

function runStep(r: Runner, step: CompiledStep, index: number): StepOutcome {
  const { g, s } = r;
  // `roll` queues a face and `run until` runs from wherever the flow stands; `expect` and `do`
  // act where `run until` stopped; everything else waits for the next choice point.
  if (!forces(step) && !(step.k === 'run' && step.until !== null)) {
    if (r.phase === 'unstarted' || (r.phase === 'paused' && step.k !== 'expect' && step.k !== 'do')) settle(r);
  }
  switch (step.k) {
    case 'do':
      return runDo(g, s, step.code, step.at);
    case 'choose': {
      const res = applyInPlace(g, s, step.label);
      return res.ok ? passed : { failure: msg.stepFailed(step.at, res.error.message), fatal: true };
    }
    case 'expect':
      return expectStep(g, s, step);
    case 'reject': {
      const found = s.pending !== null && optionIndex(s.pending, step.label) >= 0;
      return found ? { failure: msg.rejectFailed(step.label, step.at), fatal: false } : passed;
    }
    case 'run':
      if (step.until !== null) return runUntil(r, step.until, step.at, index);
      return runRandom(g, s, step.count, step.at, index);
    case 'roll':
      return forceRoll(g, s, step);
    case 'shuffle': {
      const ctx = makeCtx(g, s);
      const holder = asHolder(ctx, step.zone(ctx), step.at);
      queueForced(s, { k: 'shuffle', holder, zoneText: display(g, s, holder), top: step.top, at: step.at });
      return passed;
    }
    case 'shuffled':
      queueForced(s, { k: 'shuffled', top: step.top, type: step.type, at: step.at });
      return passed;
    case 'insert': {
      const ctx = makeCtx(g, s);
      const holder = asHolder(ctx, step.zone(ctx), step.at);
      queueForced(s, { k: 'insert', holder, zoneText: display(g, s, holder), position: step.position, at: step.at });
      return passed;
    }
    case 'pick':
      queueForced(s, { k: 'pick', value: step.value, type: step.type, at: step.at });
      return passed;
    default:
      return assertUnreachable(step);
  }
}

function expectStep(g: Game, s: State, step: Extract<CompiledStep, { k: 'expect' }>): StepOutcome {
  const ctx = makeCtx(g, s);
  if (step.viewer !== null) {
    const p = step.viewer(ctx);
    if (typeof p !== 'number' || !Number.isInteger(p) || p < 0 || p >= s.numPlayers) {
      throw new RuleError(msg.notAViewer(display(g, s, asJson(p, step.at))), step.at);
    }
    ctx.scenario = { waiting: null, view: view(g, s, p) };
  }
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

/** Runs a `do` body on top of the game's stack, then offers the pending choice again. */
function runDo(g: Game, s: State, code: string, at: Loc): StepOutcome {
  const floor = s.stack.length;
  const waiting = s.pending;
  const wasOver = s.ended;
  s.pending = null;
  s.ended = false;
  s.stack.push({ code, pc: 0, locals: {} });
  const ctx = makeCtx(g, s);
  // `chooser` in the body is the player whose choice waits.
  ctx.scenario = { waiting: waiting?.player ?? null, view: null };
  run(ctx, floor);
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

/**
 * `run until cond`: random (seeded) choices until cond holds, checked before every statement and
 * at every choice point, so the flow can stop mid-round. Bounded by the random-move limit.
 */
function runUntil(r: Runner, until: CompiledExpr, at: Loc, index: number): StepOutcome {
  const { g, s } = r;
  // The one random bot, on a seed of its own per step, so two `run until`s choose independently.
  const seed = (s.seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0;
  const holds = (): boolean => until(makeCtx(g, s)) === true;
  let made = 0;
  for (;;) {
    if (holds()) {
      r.phase = s.pending === null && !s.ended ? 'paused' : 'settled';
      return passed;
    }
    if (s.pending === null && !s.ended) {
      run(makeCtx(g, s), 0, holds);
      continue;
    }
    if (s.ended || made >= LIMITS.runMoves) {
      r.phase = 'settled';
      return { failure: msg.stepFailed(at, msg.runUntilNever(made, s.ended)), fatal: true };
    }
    const p = s.pending;
    if (p === null) continue;
    takeChoice(s, randomAction(seed, s.moves.length, optionCount(p)));
    made++;
  }
}

function forcedText(f: Forced): string {
  switch (f.k) {
    case 'shuffle':
      return `a shuffle of ${f.zoneText}`;
    case 'shuffled':
      return 'a shuffled() list';
    case 'insert':
      return `a random insert into ${f.zoneText}`;
    case 'pick':
      return 'a random pick';
    default:
      return assertUnreachable(f);
  }
}

/** Steps that force a random outcome: queued where the flow stands, even before the setup runs. */
function forces(step: CompiledStep): boolean {
  return step.k === 'roll' || step.k === 'shuffle' || step.k === 'shuffled' || step.k === 'insert' || step.k === 'pick';
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
    const r = applyInPlace(g, s, { player: p.player, label: optionLabel(p, randomAction(seed, s.moves.length, optionCount(p))) });
    if (!r.ok) throw new RuleError(r.error.message, r.error.at ?? at);
    made++;
  }
  if (count === null && !s.ended) return { failure: msg.stepFailed(at, msg.runDidNotEnd(made)), fatal: true };
  return passed;
}
