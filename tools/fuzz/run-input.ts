/**
 * One fuzz input through the whole pipeline: check and compile (rule files), schema validation,
 * loadGame, newGame, a bounded seeded playout with every player's view checked, scores; or a
 * saved game's validation and replay. Refusals (diagnostics, schema errors, RuleError, typed
 * errors, error Results) are the expected answer to bad input; anything else is a finding.
 */
import { compileText } from '../../dsl/index.js';
import { apply, legalMoves, loadGame, newGame, ranking, replay, RuleError, undo, view, type Game, type State } from '../../interpreter/index.js';
import type { GameIR } from '../../interpreter/ir.js';
import { validateIR, validateSavedGame } from '../../schemas/validate.js';
import { viewLeaks } from '../../test/conformance/view-leaks.js';
import type { Material } from './inputs.js';

export type Category =
  | 'internal-error'
  | 'compiled-ir-invalid'
  | 'schema-valid-ir-crashes-load'
  | 'view-leak'
  | 'hang'
  | 'out-of-memory';

export type Outcome =
  | { verdict: 'ok' | 'refused'; stage: string }
  | { verdict: 'finding'; stage: string; category: Category; message: string };

/** Moves played per input: enough to reach hidden information and the first rounds' rules. */
export const playoutMoves = 50;

const builtinErrors = new Set(['Error', 'TypeError', 'RangeError', 'SyntaxError', 'ReferenceError', 'EvalError', 'URIError', 'AggregateError', 'InternalError']);

/** A RuleError, or an error class of Strata's own (named `…Error`, not a JavaScript built-in). */
export function isTypedError(e: unknown): boolean {
  if (e instanceof RuleError) return true;
  return e instanceof Error && /^[A-Z]\w*Error$/.test(e.name) && !builtinErrors.has(e.name);
}

/** The message and the first stack frame: enough to tell one bug from another. */
export function describeError(e: unknown): string {
  if (!(e instanceof Error)) return `thrown ${typeof e}: ${String(e).slice(0, 200)}`;
  const frame = e.stack?.split('\n').find((l) => l.trimStart().startsWith('at '))?.trim() ?? '';
  return `${e.name}: ${e.message.slice(0, 300)}${frame ? ` [${frame.replace(/\(.*[\\/](?=[^\\/]*\))/, '(')}]` : ''}`;
}

/** Diagnostics that report a crash inside the checker or compiler rather than a problem of the file. */
const crashDiagnostic = /An error occurred|internal error|Maximum call stack|is not a function|Cannot read propert|undefined is not|is not iterable/i;

class Finding {
  constructor(
    readonly stage: string,
    readonly category: Category,
    readonly message: string,
  ) {}
}

function stageRun<T>(stage: string, category: Category, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (e instanceof Finding || isTypedError(e)) throw e;
    throw new Finding(stage, category, describeError(e));
  }
}

/** A seeded pick of moves, independent of the game's own generator. */
function picker(seed: number): (n: number) => number {
  let x = (seed * 2654435761) >>> 0 || 1;
  return (n) => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x % n;
  };
}

function checkViews(g: Game, ir: GameIR, s: State, stage: string): void {
  const leaks = stageRun(stage, 'internal-error', () => {
    view(g, s, null);
    return viewLeaks(g, ir, s);
  });
  if (leaks.length > 0) throw new Finding(stage, 'view-leak', leaks.slice(0, 3).join('; '));
}

function play(ir: GameIR, loadCategory: Category, seed: number): Outcome {
  const g = stageRun('load', loadCategory, () => loadGame(ir));
  const players = ir.players.counts?.[0] ?? ir.players.min;
  const start = stageRun('start', 'internal-error', () => newGame(g, { players, seed }));
  if (!start.ok) return { verdict: 'refused', stage: 'start' };
  let s = start.value;
  const pick = picker(seed);
  for (let n = 0; n < playoutMoves && !s.ended; n++) {
    checkViews(g, ir, s, `view after ${n} moves`);
    const moves = stageRun('play', 'internal-error', () => legalMoves(g, s));
    if (moves.length === 0) break;
    const move = moves[pick(moves.length)]!;
    const r = stageRun(`move ${n + 1}`, 'internal-error', () => apply(g, s, move));
    if (!r.ok) {
      if (r.error.code === 'rule-error') return { verdict: 'refused', stage: `move ${n + 1}` };
      throw new Finding(`move ${n + 1}`, 'internal-error', `a legal move was refused: ${r.error.code}: ${r.error.message.slice(0, 200)}`);
    }
    s = r.value;
  }
  checkViews(g, ir, s, 'view at the end');
  stageRun('ranking', 'internal-error', () => ranking(g, s));
  return { verdict: 'ok', stage: 'played' };
}

async function runUnguarded(m: Material, seed: number): Promise<Outcome> {
  switch (m.kind) {
    case 'rules': {
      const result = await compileText([{ uri: 'file:///fuzz.strata', text: m.text }]);
      const crash = result.diagnostics.find((d) => d.code === 'internal' || crashDiagnostic.test(d.message));
      if (crash) return { verdict: 'finding', stage: 'check', category: 'internal-error', message: crash.message.slice(0, 300) };
      const invalid = result.diagnostics.find((d) => d.code === 'ir-invalid');
      if (invalid) return { verdict: 'finding', stage: 'compile', category: 'compiled-ir-invalid', message: invalid.message.slice(0, 300) };
      if (!result.ir) return { verdict: 'refused', stage: 'check' };
      return play(result.ir, 'internal-error', seed);
    }
    case 'ir': {
      if (!validateIR(m.ir).valid) return { verdict: 'refused', stage: 'schema' };
      return play(m.ir, 'schema-valid-ir-crashes-load', seed);
    }
    case 'saved': {
      if (!validateSavedGame(m.saved).valid) return { verdict: 'refused', stage: 'schema' };
      const g = loadGame(m.ir);
      const r = stageRun('replay', 'internal-error', () => replay(g, m.saved));
      checkViews(g, m.ir, r.state, 'view after replay');
      if (r.state.moves.length > 0) {
        const back = stageRun('undo', 'internal-error', () => undo(g, r.state));
        if (back.ok) checkViews(g, m.ir, back.value, 'view after undo');
      }
      return { verdict: r.divergence ? 'refused' : 'ok', stage: 'replay' };
    }
  }
}

export async function runMaterial(m: Material, seed: number): Promise<Outcome> {
  try {
    return await runUnguarded(m, seed);
  } catch (e) {
    if (e instanceof Finding) return { verdict: 'finding', stage: e.stage, category: e.category, message: e.message };
    if (isTypedError(e)) return { verdict: 'refused', stage: 'typed error' };
    return { verdict: 'finding', stage: 'unknown', category: 'internal-error', message: describeError(e) };
  }
}
