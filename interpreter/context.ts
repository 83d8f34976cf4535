/**
 * The loaded game (static facts and compiled code) and the context an expression or instruction
 * runs in. Compiled code is closures over these shapes; nothing here is per-state except Ctx.
 */
import type { Label } from './assembler.js';
import type { BoardIndex } from './boards.js';
import type { BinaryOp, GameIR, Loc, ScenarioIR, TypeIR, Visibility } from './ir.js';
import type { Frame, State } from './state.js';
import type { Value } from './values.js';

export type CompiledExpr = (ctx: Ctx) => Value;
/** One VM instruction. The run loop has already advanced the frame's pc; jumps overwrite it. */
export type Op = (ctx: Ctx) => void;

/** A compiled statement list: instructions, their source locations, and which count as statements. */
export interface Body {
  ops: Op[];
  at: Loc[];
  counts: boolean[];
}

export interface FnEntry {
  name: string;
  params: string[];
  /** How many slots a call of the body needs (its parameters first, then its binders). */
  slots: number;
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

export interface Game {
  readonly ir: GameIR;
  /** A hash of the IR, for saved games (`SavedGame.ruleset`). */
  readonly hash: string;
  readonly bodies: Map<string, Body>;
  readonly fns: Map<string, FnEntry>;
  readonly actions: Map<string, ActionEntry>;
  /** Action, procedure, flow block name or kind → trigger body codes, in declaration order. */
  readonly triggersAfter: Map<string, string[]>;
  /** Flow block name or kind → variables reset when it ends. */
  readonly resetsAfter: Map<string, string[]>;
  /** The flow blocks of each compiled body (by code), for `end round` and the like. */
  readonly blockMarks: Map<string, BlockMark[]>;
  readonly boards: BoardIndex;
  /** `seats[n]` lists the players of an n-player game (frozen: shared by every state). */
  readonly seats: number[][];
  readonly zones: Map<string, ZoneInfo>;
  readonly params: Map<string, CompiledExpr>;
  readonly varInits: Map<string, CompiledExpr>;
  /** Names of table variables whose first key is a player (hidden rows, simultaneous snapshots). */
  readonly playerTables: Set<string>;
  readonly rankKeys: { value: CompiledExpr; desc: boolean; at: Loc }[];
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
      at: Loc;
    }
  | { k: 'reject'; label: string; at: Loc }
  | { k: 'run'; count: number | null; at: Loc }
  | { k: 'roll'; die: string; face: CompiledExpr; faces: CompiledExpr[]; at: Loc };

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
  slots: Value[];
  /** The VM frame being run, for jumps and suspension; null while evaluating outside the VM. */
  frame: Frame | null;
  /** Depth of nested function calls. */
  depth: number;
  /** Parameters under evaluation (a cycle is a rule error). */
  evaluating: Set<string>;
}

export function makeCtx(g: Game, s: State, locals: Record<string, Value> = {}): Ctx {
  return { g, s, locals, slots: [], frame: null, depth: 0, evaluating: new Set() };
}

export const LIMITS = {
  statements: 1_000_000,
  whileIterations: 10_000,
  callDepth: 200,
  pieces: 100_000,
  rangeLength: 1_000_000,
  runMoves: 100_000,
} as const;
