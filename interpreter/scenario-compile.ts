/** Scenario steps compile like the rules: `do` bodies to instruction arrays, expectations to closures. */
import { Assembler } from './assembler.js';
import { compileExpr, type CompileEnv } from './compile-expr.js';
import { compileStmts } from './compile-stmt.js';
import type { CompiledScenario, CompiledStep, Game } from './context.js';
import { assertUnreachable } from './errors.js';
import type { ScenarioIR, ScenarioStep } from './ir.js';
import { inferType } from './types.js';

const COMPARISONS = new Set(['==', '!=', '<', '<=', '>', '>=', 'in']);

export function compileScenario(g: Game, sc: ScenarioIR, prefix: string): CompiledScenario {
  const steps = sc.steps.map((step, i) => compileStep(g, step, `${prefix}:${i}`));
  return { steps };
}

function compileStep(g: Game, step: ScenarioStep, code: string): CompiledStep {
  const env: CompileEnv = { ir: g.ir, g, locals: new Map() };
  switch (step.k) {
    case 'do': {
      const asm = new Assembler(code);
      compileStmts(step.body, env, asm);
      g.bodies.set(code, asm.body);
      return { k: 'do', code, at: step.at };
    }
    case 'expect': {
      const c = step.condition;
      const sides =
        c.k === 'bin' && COMPARISONS.has(c.op)
          ? {
              op: c.op,
              left: compileExpr(c.a, env),
              right: compileExpr(c.b, env),
              lt: inferType(c.a, env),
              rt: inferType(c.b, env),
            }
          : null;
      const viewer = step.viewer !== undefined ? compileExpr(step.viewer, env) : null;
      const out: CompiledStep = { k: 'expect', condition: compileExpr(c, env), sides, viewer, at: step.at };
      if (step.message !== undefined) out.message = step.message;
      return out;
    }
    case 'choose':
    case 'reject':
      return { k: step.k, label: step.label, at: step.at };
    case 'run':
      return { k: 'run', count: step.count, until: step.until !== undefined ? compileExpr(step.until, env) : null, at: step.at };
    case 'roll': {
      const faces = (g.ir.dice[step.die]?.faces ?? []).map((f) => compileExpr(f, env));
      return { k: 'roll', die: step.die, face: compileExpr(step.face, env), faces, at: step.at };
    }
    case 'shuffle':
      return { k: 'shuffle', zone: compileExpr(step.zone, env), top: compileExpr(step.top, env), at: step.at };
    case 'shuffled':
      return { k: 'shuffled', top: compileExpr(step.top, env), type: inferType(step.top, env), at: step.at };
    case 'insert':
      return { k: 'insert', zone: compileExpr(step.zone, env), position: compileExpr(step.position, env), at: step.at };
    case 'pick':
      return { k: 'pick', value: compileExpr(step.value, env), type: inferType(step.value, env), at: step.at };
    default:
      return assertUnreachable(step);
  }
}
