/**
 * The Strata intermediate representation: the one source of truth for the shape of a compiled game.
 * The compiler in dsl/ emits it, the interpreter runs it, the editor draws from it, and
 * schemas/ir.schema.json is generated from these types (a test fails when the schema is stale).
 *
 * Names are resolved by the compiler: every reference says what it refers to (`local`, `param`,
 * `var`, …), so the interpreter needs no scopes. Every node that can fail at run time carries `at`,
 * its place in the source, so rule errors point at file, line and column.
 */

/** A source location: file (as given to the compiler), 1-based line and column. */
export interface Loc {
  file: string;
  line: number;
  col: number;
}

/** A whole compiled game, for one variant, complete: a variant's IR is self-contained. */
export interface GameIR {
  format: 'strata-ir/1';
  /** The game's declared name (an identifier). */
  name: string;
  title: string;
  /** The variant this IR was compiled for, or null for the base game. */
  variant: string | null;
  /** Every variant declared for this game, base first: names offered by tools. */
  variants: VariantInfo[];
  players: PlayersIR;
  params: Record<string, ParamIR>;
  enums: Record<string, EnumIR>;
  kinds: Record<string, KindIR>;
  zones: Record<string, ZoneIR>;
  boards: Record<string, BoardIR>;
  dice: Record<string, DieIR>;
  vars: Record<string, VarIR>;
  fns: Record<string, FnIR>;
  procs: Record<string, ProcIR>;
  actions: Record<string, ActionIR>;
  triggers: TriggerIR[];
  /** `reaction` members, in file order (absent: none). */
  reactions?: ReactionIR[];
  setup: Stmt[];
  flow: Stmt[];
  /** Final ranking keys, most important first; higher is better unless `order` is `asc`. */
  ranking: RankKeyIR[];
  /** `draw if cond` of the ranking: when cond holds at the end, the game is a draw (all share the place). */
  drawIf?: Expr;
  scenarios: ScenarioIR[];
  /** How the game looks in tools (the `presentation` section); the interpreter ignores it. */
  presentation?: PresentationIR;
}

/**
 * How pieces, boards and zones look, by name: tools draw from it, play never reads it. Attribute
 * values are keyed by their text (`plants`, `true`, `3`).
 */
export interface PresentationIR {
  kinds: Record<string, LookIR>;
  boards: Record<string, BoardLookIR>;
  zones: Record<string, LookIR>;
}

/** One look: every field optional, a missing one is the tool's default. */
export interface StyleIR {
  /** A CSS colour (`#rgb`, `#rrggbb` or a colour name), or `owner`: the owner's seat colour. */
  colour?: string;
  /** A short label or symbol written on the piece or place. */
  label?: string;
  /** Pieces: `disc`, `square` or `card`; zones: `cards`, `pile` or `row`; boards' places: `rect`, `circle` or `hex`. */
  shape?: string;
  /** Attributes whose values are written on the piece (a card's face), in order. */
  face?: string[];
}

/** A look, and looks per value of attributes (`Tile by species { plants: {…} }`), later ones on top. */
export interface LookIR extends StyleIR {
  by?: LookByIR[];
  at: Loc;
}

export interface LookByIR {
  attr: string;
  values: Record<string, StyleIR>;
}

/** A board's look: its places' looks (by their attributes) and how the board is laid out. */
export interface BoardLookIR extends LookIR {
  /**
   * `polar`: places on rings around a centre, the ring from the value of attribute `ring` (its
   * values in order, innermost first), the sector from attribute `sector`; drawn as ring segments.
   * `positions`: at `at` (any unit). `line`: a track drawn as one straight row. Missing: the
   * tool's layout for the board's shape.
   */
  layout?: 'polar' | 'positions' | 'line';
  ring?: string;
  sector?: string;
  /** Place name to position (`layout: positions`, or for the places it names only). */
  positions?: Record<string, { x: number; y: number }>;
  /**
   * Where bars are drawn on edges between places: tables (variables) keyed by edges, maybe by player
   * first, a bar where true; or parameters listing pairs of place names (printed on the board).
   */
  edges?: string[];
}

/**
 * The allowed player counts: every count from `min` to `max`, or, when `counts` is given, exactly
 * those (sorted; `min` and `max` are then its first and last).
 */
export interface PlayersIR {
  min: number;
  max: number;
  counts?: number[];
}

export interface VariantInfo {
  name: string;
  title: string;
  base: string | null;
}

export interface ParamIR {
  value: Expr;
  doc?: string;
  at: Loc;
}

export interface EnumIR {
  values: string[];
  at: Loc;
}

export interface KindIR {
  attrs: AttrIR[];
  /**
   * A tile's sides, clockwise from the top (4 on square boards, 6 on hex), each cut in `parts`.
   * Pieces of the kind then also have the attributes `edges` (a value per side, unrotated),
   * `rotation` (clockwise turns) and `segments` (records whose `ports` name the sides they touch).
   */
  edges?: { sides: string[]; parts: number };
  doc?: string;
  at: Loc;
}

export interface AttrIR {
  name: string;
  type: TypeIR;
  default?: Expr;
}

/** Who sees a holder's contents: everyone, its owner only, nobody, or only the top piece. */
export type Visibility = 'all' | 'owner' | 'none' | 'top';

export interface ZoneIR {
  kind: string | null;
  perPlayer: boolean;
  /**
   * A zone with one copy per key (`per Colour`, `per Board`, `per kind`): the keys, as values
   * (enum value names, place strings, kind names). Its copies belong to nobody.
   */
  keys?: string[];
  visibility: Visibility;
  doc?: string;
  at: Loc;
}

export type BoardShapeIR =
  | { type: 'graph' }
  | { type: 'square'; width: number; height: number; neighbours: 4 | 8 }
  | { type: 'hex'; radius: number }
  | { type: 'track'; length: number };

/**
 * A board: a fixed set of places (each a holder of pieces) with attributes and adjacency.
 * Grids, hex boards and tracks list their generated places too, so every consumer reads one shape.
 * Place values at run time are strings `Board.name` (`Board@P.name` on a per-player board).
 */
export interface BoardIR {
  shape: BoardShapeIR;
  perPlayer: boolean;
  places: PlaceIR[];
  /**
   * A growing board: its places all exist from the start, but only those created in play (a piece
   * put on an empty one next to the map) make up the board; the state lists them in order.
   */
  grows?: boolean;
  /** Undirected unless `directed`. Grids and hex boards list their neighbour pairs here. */
  links: LinkIR[];
  doc?: string;
  at: Loc;
}

export interface PlaceIR {
  name: string;
  /** Grid column and row (from 1), hex axial coordinates, or track index (from 0). */
  x?: number;
  y?: number;
  q?: number;
  r?: number;
  attrs: Record<string, Json>;
}

export interface LinkIR {
  from: string;
  to: string;
  directed: boolean;
  attrs: Record<string, Json>;
}

export interface DieIR {
  faces: Expr[];
  at: Loc;
}

export type KeyIR = { type: 'player' } | { type: 'value'; of: TypeIR };

export interface VarIR {
  type: TypeIR;
  /** Empty for a single value; otherwise a table indexed by these keys (`per player, Area`). */
  keys: KeyIR[];
  init: Expr;
  /** `owner`: a table whose first key is a player is seen only by that player. */
  visibility: Visibility;
  /** The flow block kind or name at whose end the variable returns to `init`. */
  reset?: string;
  doc?: string;
  at: Loc;
}

export interface FnIR {
  params: ParamDeclIR[];
  type?: TypeIR;
  body: Expr;
  doc?: string;
  at: Loc;
}

export interface ParamDeclIR {
  name: string;
  type: TypeIR;
}

export interface ProcIR {
  params: ParamDeclIR[];
  /** The result type of a procedure that gives a value (`proc f(): T`, ended by `return`). */
  type?: TypeIR;
  body: Stmt[];
  doc?: string;
  at: Loc;
}

export interface RequirementIR {
  condition: Expr;
  reason: string;
}

export interface ActionIR {
  params: ParamDeclIR[];
  title: string;
  requires: RequirementIR[];
  body: Stmt[];
  doc?: string;
  at: Loc;
}

/** Runs after the named action, procedure or flow block finishes. */
export interface TriggerIR {
  name: string;
  after: string;
  body: Stmt[];
  at: Loc;
}

/**
 * Runs when the action or procedure `target` happens: `before` its body (and may `cancel` it) or
 * `after` it (before the triggers after it). With `reactor`, once per player whose seat `by`
 * allows, in seat order from the acting player's left; without, once.
 */
export interface ReactionIR {
  name: string;
  target: string;
  timing: 'before' | 'after';
  /** The local holding the reacting player, when the reaction runs once per player. */
  reactor?: string;
  /** Whose actions it reacts to, seen from the reacting player: anyone's, others', its own. */
  by: 'any' | 'other' | 'self';
  /** The locals receiving the target's arguments, in order (fewer than it has: the rest unnamed). */
  args: string[];
  body: Stmt[];
  at: Loc;
}

export interface RankKeyIR {
  /** Evaluated with the local `p` bound to each player. */
  value: Expr;
  order: 'asc' | 'desc';
}

/**
 * Static types, as the checker inferred them; the interpreter uses them only to show values (labels,
 * logs, text joins, `str`).
 */
export type TypeIR =
  | { t: 'number' }
  | { t: 'bool' }
  | { t: 'text' }
  | { t: 'player' }
  | { t: 'piece'; kind?: string }
  | { t: 'place'; board?: string }
  | { t: 'zone' }
  | { t: 'enum'; name: string }
  | { t: 'list'; of: TypeIR }
  /** A record; `fields` when its fields' types are known (the groups of `rankGroups`). */
  | { t: 'record'; fields?: Record<string, TypeIR> }
  | { t: 'fn' }
  /** A reference to a procedure: its name at run time. */
  | { t: 'proc' }
  | { t: 'none' }
  | { t: 'any' };

/** Plain JSON data, as it appears in the IR and in states. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

// ------------------------------------------------------------------------------------- expressions

export type BinaryOp =
  | '+' | '-' | '*' | '/' | '%'
  | '==' | '!=' | '<' | '<=' | '>' | '>='
  | 'and' | 'or' | 'in';

export type QuantOp = 'count' | 'sum' | 'any' | 'all' | 'min' | 'max' | 'argmax' | 'argmin';

/**
 * `ty`: the checker's static type of the expression, put there by the compiler wherever the checker
 * knows one (it leaves `any` out). IR made without it (by hand, or saved by an older version) is
 * typed at load by interpreter/types.ts instead.
 */
export type Expr =
  | { k: 'lit'; v: Json; ty?: TypeIR; at: Loc }
  | { k: 'local'; name: string; ty?: TypeIR; at: Loc }
  | { k: 'param'; name: string; ty?: TypeIR; at: Loc }
  | { k: 'var'; name: string; keys: Expr[]; ty?: TypeIR; at: Loc }
  /** A zone; `owner` picks a player's copy of a per-player zone, `key` a copy of a keyed zone. */
  | { k: 'zone'; name: string; owner?: Expr; key?: Expr; ty?: TypeIR; at: Loc }
  /** A place of a board; `owner` picks the player's copy of a per-player board. */
  | { k: 'place'; board: string; name: string; owner?: Expr; ty?: TypeIR; at: Loc }
  /** All places of a board, in declaration order. */
  | { k: 'board'; name: string; owner?: Expr; ty?: TypeIR; at: Loc }
  | { k: 'action'; name: string; ty?: TypeIR; at: Loc }
  /** A procedure as a value (a reference, run by `invoke`): its name at run time. */
  | { k: 'proc'; name: string; ty?: TypeIR; at: Loc }
  | { k: 'bin'; op: BinaryOp; a: Expr; b: Expr; ty?: TypeIR; at: Loc }
  | { k: 'un'; op: 'not' | '-'; x: Expr; ty?: TypeIR; at: Loc }
  | { k: 'if'; c: Expr; then: Expr; else: Expr; ty?: TypeIR; at: Loc }
  | { k: 'match'; subject: Expr; cases: { key?: Expr; value: Expr }[]; ty?: TypeIR; at: Loc }
  | { k: 'list'; items: Expr[]; ty?: TypeIR; at: Loc }
  | { k: 'record'; fields: Record<string, Expr>; ty?: TypeIR; at: Loc }
  | { k: 'comp'; name: string; coll: Expr; filter?: Expr; elem: Expr; ty?: TypeIR; at: Loc }
  | { k: 'quant'; op: QuantOp; name: string; coll: Expr; filter?: Expr; value?: Expr; ty?: TypeIR; at: Loc }
  /** A piece's attribute, a place's attribute, a record's field, or a built-in property. */
  | { k: 'field'; obj: Expr; name: string; ty?: TypeIR; at: Loc }
  /** A list's item (from 0). */
  | { k: 'index'; obj: Expr; index: Expr; ty?: TypeIR; at: Loc }
  | { k: 'call'; fn: string; args: Expr[]; ty?: TypeIR; at: Loc }
  | { k: 'builtin'; name: string; args: Expr[]; ty?: TypeIR; at: Loc }
  | { k: 'lambda'; params: string[]; body: Expr; ty?: TypeIR; at: Loc }
  /** `let name = value in body`: `body` with the local `name` bound to `value`. */
  | { k: 'let'; name: string; value: Expr; body: Expr; ty?: TypeIR; at: Loc };

// ------------------------------------------------------------------------------------- statements

/** `ty` as on expressions: the target's type (the old value of `+=` is shown by it). */
export type LValue =
  | { k: 'var'; name: string; keys: Expr[]; ty?: TypeIR; at: Loc }
  | { k: 'local'; name: string; ty?: TypeIR; at: Loc }
  | { k: 'field'; obj: Expr; name: string; ty?: TypeIR; at: Loc };

export type FlowKind = 'round' | 'turn' | 'phase' | 'step' | 'period';

export type Stmt =
  | { k: 'let'; name: string; value: Expr; at: Loc }
  | { k: 'set'; target: LValue; op: '=' | '+=' | '-='; value: Expr; at: Loc }
  | { k: 'if'; c: Expr; then: Stmt[]; else: Stmt[]; at: Loc }
  | { k: 'for'; name: string; coll: Expr; body: Stmt[]; at: Loc }
  | { k: 'repeat'; count: Expr; name?: string; body: Stmt[]; at: Loc }
  | { k: 'while'; c: Expr; body: Stmt[]; at: Loc }
  /** Move `pieces` (one or a list), or `count` pieces from `source`, to `target`. */
  | {
      k: 'move';
      pieces?: Expr;
      count?: Expr;
      source?: Expr;
      target: Expr;
      position: 'top' | 'bottom' | 'random';
      at: Loc;
    }
  /** `name`, when given, is the local that receives the list of the pieces made. */
  | { k: 'create'; count: Expr; kind: string; attrs: Record<string, Expr>; target: Expr; name?: string; at: Loc }
  | { k: 'shuffle'; zone: Expr; at: Loc }
  /** Shows pieces (one or a list) to every player, or to `to` (a player or a list of players) only. */
  | { k: 'reveal'; pieces: Expr; to?: Expr; at: Loc }
  /** Turns pieces face down again: only their holder's visibility decides who sees them. */
  | { k: 'hide'; pieces: Expr; at: Loc }
  /** With `count`, the die is rolled that many times and the local holds the list of faces. */
  | { k: 'roll'; die: string; name?: string; count?: number; at: Loc }
  | ChooseStmt
  /** Offers `actions`, or, when `from` is given, the actions named by its list (computed when offered). */
  | { k: 'play'; player: Expr; actions: string[]; from?: Expr; pass?: string; name?: string; at: Loc }
  | { k: 'block'; kind: FlowKind; name?: string; subject?: Expr; body: Stmt[]; at: Loc }
  | { k: 'simultaneous'; name: string; players: Expr; body: Stmt[]; at: Loc }
  /** `end game`. */
  | { k: 'end'; at: Loc }
  /** Leaves the innermost open flow block of `kind` (its triggers and resets run). */
  | { k: 'endBlock'; kind: FlowKind; at: Loc }
  /** Leaves the innermost `for`, `repeat` or `while` of the body (the compiler checks there is one). */
  | { k: 'break'; at: Loc }
  /** In a `before` reaction's own body: the action or procedure reacted to does not run. */
  | { k: 'cancel'; at: Loc }
  | { k: 'log'; message: Expr; at: Loc }
  | { k: 'fail'; message: Expr; at: Loc }
  /** `result`, when given, is the local that receives the value the procedure `return`s. */
  | { k: 'call'; proc: string; args: Expr[]; result?: string; at: Loc }
  /** Ends the running procedure, giving `value` to its caller's `result` local. */
  | { k: 'return'; value: Expr; at: Loc }
  /** Calls the procedure `target` refers to (a `proc` value), then the triggers after it. */
  | { k: 'invoke'; target: Expr; args: Expr[]; at: Loc }
  | { k: 'eval'; value: Expr; at: Loc };

/**
 * One decision: the player picks one value of `options` (each bound to `binder` for `filter` and
 * `label`). `pass` adds a last option whose value is `none`. `result` names the local that
 * receives the value. `secret`: other players see that a choice was made, not which.
 */
export interface ChooseStmt {
  k: 'choose';
  result?: string;
  binder: string;
  player: Expr;
  /** The list of options; with `to`, the lowest number of the range `options..to`. */
  options: Expr;
  /** `choose n in a..b`: the options are the whole numbers from `options` to `to`, offered by their bounds. */
  to?: Expr;
  filter?: Expr;
  label?: Expr;
  /** How to label an option without `label`: by the element type the checker inferred. */
  labelAs: TypeIR;
  /** The question asked, as text (evaluated when the choice is offered). */
  prompt?: Expr;
  pass?: string;
  secret: boolean;
  at: Loc;
}

// ------------------------------------------------------------------------------------- scenarios

export interface ScenarioIR {
  name: string;
  players: number;
  seed: number;
  steps: ScenarioStep[];
  at: Loc;
}

export type ScenarioStep =
  | { k: 'do'; body: Stmt[]; at: Loc }
  | { k: 'choose'; label: string; at: Loc }
  /** With `viewer`: `canSee` and `logged` in the condition answer for that player's view. */
  | { k: 'expect'; condition: Expr; message?: string; viewer?: Expr; at: Loc }
  | { k: 'reject'; label: string; at: Loc }
  /** Random choices: `count` of them, to the end (null), or with `until`, until it holds (checked before each statement). */
  | { k: 'run'; count: number | null; until?: Expr; at: Loc }
  /** Forces the next roll of `die` to give `face` (which must be one of its faces). */
  | { k: 'roll'; die: string; face: Expr; at: Loc }
  /** Forces the next shuffle of `zone`: the pieces of `top` (found when it happens) come first, in order. */
  | { k: 'shuffle'; zone: Expr; top: Expr; at: Loc }
  /** Forces the next `shuffled(l)`: the items of `top` (found when it happens) come first, in order. */
  | { k: 'shuffled'; top: Expr; at: Loc }
  /**
   * Forces where the next piece moved into `zone` at `random` goes: `position` from the top (1 is
   * the top), counted with the piece in it, evaluated when it happens.
   */
  | { k: 'insert'; zone: Expr; position: Expr; at: Loc }
  /** Forces the next random pick (`pickRandom`) to give `value` (found when it happens). */
  | { k: 'pick'; value: Expr; at: Loc };
