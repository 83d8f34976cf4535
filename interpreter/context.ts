/**
 * The loaded game (static facts and compiled code) and the context an expression or instruction
 * runs in. Compiled code is closures over these shapes; nothing here is per-state except Ctx.
 */
import type { Label } from './assembler.js';
import type { BoardIndex } from './boards.js';
import type { HolderTable } from './holder-index.js';
import type { CompileEnv } from './compile-expr.js';
import type { BinaryOp, Expr, GameIR, Loc, ScenarioIR, TypeIR, Visibility } from './ir.js';
import type { ReactedTarget } from './reactions.js';
import type { Frame, State } from './state.js';
import type { Value } from './values.js';
import { RuleError } from './errors.js';
import { msg } from './messages.js';

export type CompiledExpr = (ctx: Ctx) => Value;
/** One VM instruction. The run loop has already advanced the frame's pc; jumps overwrite it. */
export type Op = (ctx: Ctx) => void;

/** A compiled statement list: instructions, their source locations, and which count as statements. */
export interface Body {
  ops: Op[];
  at: Loc[];
  counts: boolean[];
  /** What each instruction may do to the VM (assembler.ts `Flow`); none: each may do anything. */
  flow?: number[];
  /**
   * The generated engine's runner of these instructions (codegen/gen-body.ts), made when the body
   * first runs; null when there is none (the closure engine, or code cannot be made).
   */
  runner?: ((ctx: Ctx, top: Frame, steps: number) => number) | null;
  /** Entries of the VM into this body so far, until its runner is made (see Game.tierUp). */
  entries?: number;
}

export interface FnEntry {
  name: string;
  params: string[];
  /** How many slots a call of the body needs (its parameters first, then its binders). */
  slots: number;
  /** Whether calls reuse one slots array (slot-reuse.ts), and the array given back by the last call. */
  reuse: boolean;
  spare: (Value | undefined)[] | null;
  /**
   * For a body that is a comprehension of its binder (codegen/gen-fn.ts: `foldable`): the body,
   * the environment it compiles in (its slots), and its count once made; null for any other.
   */
  fold: { comp: Extract<Expr, { k: 'comp' }>; env: CompileEnv; count: CompiledExpr | null } | null;
  body: CompiledExpr | null;
  at: Loc;
}

export interface ActionEntry {
  name: string;
  title: string;
  param: string | null;
  requires: { test: CompiledExpr; reason: string; at: Loc }[];
  at: Loc;
}

/**
 * A flow block of a compiled body: while it is open, the frame's local `mark` holds
 * `[its index in state.blocks, how many simultaneous blocks were open]`; `after` is just past it.
 */
export interface BlockMark {
  mark: string;
  after: Label;
}

export interface ZoneInfo {
  perPlayer: boolean;
  visibility: Visibility;
}

/** How expressions run: generated JavaScript (the default) or the closure interpreter (the reference). */
export type Engine = 'closure' | 'generated';

export interface Game {
  readonly ir: GameIR;
  /** The engine asked for; `generated` compiles to closures all the same where code cannot be made (codegen/instantiate.ts). */
  readonly engine: Engine;
  /** Generated engine: runs of an expression, statement or body before it is generated (codegen/tier.ts; 0: all at load). */
  readonly tierUp: number;
  /** A hash of the IR, for saved games (`SavedGame.ruleset`). */
  readonly hash: string;
  readonly bodies: Map<string, Body>;
  readonly fns: Map<string, FnEntry>;
  readonly actions: Map<string, ActionEntry>;
  /** Action, procedure, flow block name or kind → trigger body codes, in declaration order. */
  readonly triggersAfter: Map<string, string[]>;
  /** Actions and procedures with reactions, by name: they run through a `react:` body (reactions.ts). */
  readonly reacted: Map<string, ReactedTarget>;
  /** Flow block name or kind → variables reset when it ends. */
  readonly resetsAfter: Map<string, string[]>;
  /** The flow blocks of each compiled body (by code), for `end round` and the like. */
  readonly blockMarks: Map<string, BlockMark[]>;
  readonly boards: BoardIndex;
  /** Every holder by integer id (its name, its player), and the ids of board lists (holder-index.ts). */
  readonly holderTable: HolderTable;
  /** `seats[n]` lists the players of an n-player game (frozen: shared by every state). */
  readonly seats: number[][];
  readonly zones: Map<string, ZoneInfo>;
  readonly params: Map<string, CompiledExpr>;
  readonly varInits: Map<string, CompiledExpr>;
  /** Names of table variables whose first key is a player (hidden rows, simultaneous snapshots). */
  readonly playerTables: Set<string>;
  readonly rankKeys: { value: CompiledExpr; desc: boolean; at: Loc }[];
  /** The ranking's `draw if` condition, when it has one. */
  drawIf?: { value: CompiledExpr; at: Loc };
  readonly kindDefaults: Map<string, { name: string; type: TypeIR; value: CompiledExpr | null }[]>;
  /** Scenarios of the IR, compiled (others are compiled when first run). */
  readonly scenarios: Map<ScenarioIR, CompiledScenario>;
  /**
   * Rule coverage, off unless set: when a map, the VM counts each instruction it runs under the
   * IR `at` of the statement it came from, once per run of the statement (`strata analyze`
   * reports the rules that never ran and counts rounds by their block).
   */
  coverage?: Map<Loc, number>;
}

export type CompiledStep =
  | { k: 'do'; code: string; at: Loc }
  | { k: 'choose'; label: string; at: Loc }
  | {
      k: 'expect';
      condition: CompiledExpr;
      /** For a comparison: its two sides, to show their values when it fails. */
      sides: { op: BinaryOp; left: CompiledExpr; right: CompiledExpr; lt: TypeIR; rt: TypeIR } | null;
      message?: string;
      viewer: CompiledExpr | null;
      at: Loc;
    }
  | { k: 'reject'; label: string; at: Loc }
  | { k: 'run'; count: number | null; until: CompiledExpr | null; at: Loc }
  | { k: 'roll'; die: string; face: CompiledExpr; faces: CompiledExpr[]; at: Loc }
  | { k: 'shuffle'; zone: CompiledExpr; top: CompiledExpr; at: Loc }
  /** `type`: of the forced list, to show its items in messages. */
  | { k: 'shuffled'; top: CompiledExpr; type: TypeIR; at: Loc }
  | { k: 'insert'; zone: CompiledExpr; position: CompiledExpr; at: Loc }
  | { k: 'pick'; value: CompiledExpr; type: TypeIR; at: Loc };

export interface CompiledScenario {
  steps: CompiledStep[];
}

export interface Ctx {
  readonly g: Game;
  readonly s: State;
  /**
   * The locals in scope: a frame's (always JSON, written only through checked statements) or a
   * function call's (which may also hold a function value passed as an argument).
   */
  locals: Record<string, Value>;
  /** The locals of the function call being evaluated, by slot (see CompileEnv.slots). */
  slots: (Value | undefined)[];
  /** The VM frame being run, for jumps and suspension; null while evaluating outside the VM. */
  frame: Frame | null;
  /** Depth of nested function calls. */
  depth: number;
  /** Parameters under evaluation (a cycle is a rule error); made when first needed (a context is made per move). */
  evaluating: Set<string> | null;
  /**
   * Evaluation steps spent since this context was made (one per decision: from one choice to the
   * next): function calls, items visited by loops and quantifiers, items of lists made.
   */
  steps: number;
  /**
   * A random playout's run (playout.ts): a choice suspends with a LeanPending (lean-pending.ts),
   * which the playout takes at once or makes full before anyone else sees the state.
   */
  lean: boolean;
  /**
   * Set by a scenario only: the player whose choice waits while a `do` runs (for `chooser`), and
   * the view an `expect view of P` asks about (for `visible` and `logged`).
   */
  scenario?: { waiting: number | null; view: State | null };
}

export function makeCtx(g: Game, s: State, locals: Record<string, Value> = {}): Ctx {
  return { g, s, locals, slots: [], frame: null, depth: 0, evaluating: null, steps: 0, lean: false };
}

/** Spends `n` evaluation steps; past the budget, a rule error located at `at`. */
export function spend(ctx: Ctx, n: number, at: Loc): void {
  if ((ctx.steps += n) > LIMITS.evalSteps) throw new RuleError(msg.evalLimit(LIMITS.evalSteps), at);
}

/** A list made by the rules: past the size limit, a rule error; its items are spent. */
export function madeList<T>(ctx: Ctx, list: T[], at: Loc): T[] {
  if (list.length > LIMITS.listLength) throw new RuleError(msg.listLimit(LIMITS.listLength), at);
  spend(ctx, list.length, at);
  return list;
}

/** A text made by the rules: past the size limit, a rule error. */
export function madeText(text: string, at: Loc): string {
  if (text.length > LIMITS.textLength) throw new RuleError(msg.textLimit(LIMITS.textLength), at);
  return text;
}

export const LIMITS = {
  statements: 1_000_000,
  whileIterations: 10_000,
  callDepth: 200,
  /** Reactions to reactions (a reaction whose body runs an action or procedure that has reactions). */
  reactionDepth: 8,
  pieces: 100_000,
  rangeLength: 1_000_000,
  runMoves: 100_000,
  /**
   * Evaluation steps per decision (see Ctx.steps). The bundled rulesets spend at most about 6,000
   * (measured over random playouts); the budget stops a runaway within about a second.
   */
  evalSteps: 5_000_000,
  /** Items of one list made by the rules. */
  listLength: 1_000_000,
  /** Characters of one text made by the rules. */
  textLength: 1_000_000,
  /** Nesting of the IR's expressions and statements, checked while loading. */
  irDepth: 600,
  /**
   * Nesting of the IR as JSON (objects and arrays), and its values when written out: checked
   * first, without recursion, since a document built in memory may share objects (json-shape.ts).
   * An expression level takes at most three JSON levels (a match case). Values: the largest
   * bundled IR has 60,000 and a board of the language's largest size 250,000; loading and
   * validating a million takes about a second (5 million took minutes: a fuzz finding).
   */
  jsonDepth: 2_000,
  jsonValues: 1_000_000,
  /**
   * Places of all boards once loaded, a per-player board once per seat of the largest player count
   * and once for its template (place-count.ts). The language allows boards of 10,000 places.
   */
  places: 100_000,
  /** Players of a game (the language's own limit: dsl/src/syntax/strata-limits.ts). */
  players: 100,
} as const;
