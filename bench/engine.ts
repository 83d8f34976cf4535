/**
 * A checkout's compiler and interpreter, loaded by path: the current one, and with `--baseline
 * DIR` a second checkout (another commit's worktree) in the same process, so both are measured
 * interleaved on the same machine state. Each checkout resolves its own dependencies.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { rng } from './reference/rng.js';

type Dsl = typeof import('../dsl/index.js');
type Interpreter = typeof import('../interpreter/index.js');

export interface Engine {
  /** `current` or `baseline`. */
  name: string;
  root: string;
  dsl: Dsl;
  interpreter: Interpreter;
  /** The interpreter's engine (`--baseline closure`: this checkout on its closure interpreter). */
  kind?: 'closure' | 'generated';
}

export const currentRoot = resolve(import.meta.dirname, '..');

export async function loadEngine(name: string, root: string): Promise<Engine> {
  const dir = resolve(root);
  for (const part of ['dsl/index.ts', 'interpreter/index.ts', 'node_modules']) {
    if (!existsSync(join(dir, part))) throw new Error(`${dir} is not a Strata checkout with its dependencies installed (no ${part})`);
  }
  const dsl = (await import(pathToFileURL(join(dir, 'dsl/index.ts')).href)) as Dsl;
  const interpreter = (await import(pathToFileURL(join(dir, 'interpreter/index.ts')).href)) as Interpreter;
  return { name, root: dir, dsl, interpreter };
}

/** A compiled and loaded game of one engine. */
export interface Loaded {
  game: ReturnType<Interpreter['loadGame']>;
  players: number[];
}

/** Compiles `file` (one variant) with `engine`; the first error's message when it does not compile. */
export async function compileWith(engine: Engine, file: string, variant?: string): Promise<Loaded | string> {
  const r = await engine.dsl.compileFile(file, variant === undefined ? {} : { variant });
  if (!r.ir) return r.diagnostics.find((d) => d.severity === 'error')?.message ?? 'no IR';
  const { min, max, counts } = r.ir.players;
  const game = engine.kind === undefined ? engine.interpreter.loadGame(r.ir) : engine.interpreter.loadGame(r.ir, { engine: engine.kind });
  return { game, players: counts ?? Array.from({ length: max - min + 1 }, (_, i) => min + i) };
}

/** A random playout's work for the measurement: decisions made. */
export function playoutWork(engine: Engine, loaded: Loaded, players: number): (i: number) => number {
  return (i) => engine.interpreter.randomPlayout(loaded.game, players, i + 1).moves.length;
}

/** A random playout through the integer action API: pure `applyAction` or `applyActionInPlace`. */
export function actionPlayout(engine: Engine, loaded: Loaded, players: number, pure: boolean): (i: number) => number {
  const I = engine.interpreter;
  return (i) => {
    const start = I.newGame(loaded.game, { players, seed: i + 1 });
    if (!start.ok) throw new Error(start.error.message);
    let s = start.value;
    const pick = rng(i + 1);
    let moves = 0;
    for (let n = I.actionCount(s); n > 0; n = I.actionCount(s)) {
      const a = (pick() * n) | 0;
      const next = pure ? I.applyAction(loaded.game, s, a) : I.applyActionInPlace(loaded.game, s, a);
      if (!next.ok) throw new Error(next.error.message);
      s = next.value;
      moves++;
    }
    return moves;
  };
}

/**
 * Compiles a rule file of the current checkout (`file` relative to it) with `engine`; a baseline
 * whose compiler cannot read it (or that lacks it) gets its own copy of the file.
 */
export async function compileForAll(engine: Engine, file: string, variant?: string): Promise<Loaded | string> {
  const r = await compileWith(engine, join(currentRoot, file), variant);
  return typeof r === 'string' && engine.root !== currentRoot ? compileWith(engine, join(engine.root, file), variant) : r;
}
