/**
 * Small builders for hand-written IR in the interpreter's tests. Primitive numbers, strings,
 * booleans and null given where an expression is expected become literals.
 */
import type {
  BinaryOp,
  BoardIR,
  ChooseStmt,
  Expr,
  FlowKind,
  GameIR,
  Json,
  KeyIR,
  LinkIR,
  Loc,
  LValue,
  PlaceIR,
  QuantOp,
  ScenarioIR,
  ScenarioStep,
  Stmt,
  TypeIR,
  VarIR,
  Visibility,
  ZoneIR,
} from '../../interpreter/ir.js';

export const FILE = 'test.strata';
export const loc = (line = 1, col = 1): Loc => ({ file: FILE, line, col });
const AT = loc();

export type Ex = Expr | number | string | boolean | null;
export const x = (e: Ex): Expr => (typeof e === 'object' && e !== null ? e : { k: 'lit', v: e, at: AT });

/** The same node with another location. */
export function at<T extends { at: Loc }>(node: T, line: number, col = 1): T {
  return { ...node, at: loc(line, col) };
}

export const T = {
  number: { t: 'number' },
  bool: { t: 'bool' },
  text: { t: 'text' },
  player: { t: 'player' },
  piece: { t: 'piece' },
  place: { t: 'place' },
  any: { t: 'any' },
  list: (of: TypeIR): TypeIR => ({ t: 'list', of }),
  enumOf: (name: string): TypeIR => ({ t: 'enum', name }),
} satisfies Record<string, TypeIR | ((t: TypeIR) => TypeIR) | ((n: string) => TypeIR)>;

// ------------------------------------------------------------------------------------ expressions
export const E = {
  lit: (v: Json): Expr => ({ k: 'lit', v, at: AT }),
  local: (name: string): Expr => ({ k: 'local', name, at: AT }),
  param: (name: string): Expr => ({ k: 'param', name, at: AT }),
  v: (name: string, ...keys: Ex[]): Expr => ({ k: 'var', name, keys: keys.map(x), at: AT }),
  zone: (name: string, owner?: Ex): Expr =>
    owner === undefined ? { k: 'zone', name, at: AT } : { k: 'zone', name, owner: x(owner), at: AT },
  place: (board: string, name: string, owner?: Ex): Expr =>
    owner === undefined ? { k: 'place', board, name, at: AT } : { k: 'place', board, name, owner: x(owner), at: AT },
  board: (name: string, owner?: Ex): Expr =>
    owner === undefined ? { k: 'board', name, at: AT } : { k: 'board', name, owner: x(owner), at: AT },
  action: (name: string): Expr => ({ k: 'action', name, at: AT }),
  bin: (op: BinaryOp, a: Ex, b: Ex): Expr => ({ k: 'bin', op, a: x(a), b: x(b), at: AT }),
  not: (e: Ex): Expr => ({ k: 'un', op: 'not', x: x(e), at: AT }),
  neg: (e: Ex): Expr => ({ k: 'un', op: '-', x: x(e), at: AT }),
  if: (c: Ex, a: Ex, b: Ex): Expr => ({ k: 'if', c: x(c), then: x(a), else: x(b), at: AT }),
  match: (subject: Ex, cases: [Ex | '_', Ex][]): Expr => ({
    k: 'match',
    subject: x(subject),
    cases: cases.map(([key, value]) => (key === '_' ? { value: x(value) } : { key: x(key), value: x(value) })),
    at: AT,
  }),
  list: (...items: Ex[]): Expr => ({ k: 'list', items: items.map(x), at: AT }),
  rec: (fields: Record<string, Ex>): Expr => ({
    k: 'record',
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, x(v)])),
    at: AT,
  }),
  comp: (name: string, coll: Ex, elem: Ex, filter?: Ex): Expr => ({
    k: 'comp',
    name,
    coll: x(coll),
    elem: x(elem),
    ...(filter === undefined ? {} : { filter: x(filter) }),
    at: AT,
  }),
  quant: (op: QuantOp, name: string, coll: Ex, o: { where?: Ex; of?: Ex } = {}): Expr => ({
    k: 'quant',
    op,
    name,
    coll: x(coll),
    ...(o.where === undefined ? {} : { filter: x(o.where) }),
    ...(o.of === undefined ? {} : { value: x(o.of) }),
    at: AT,
  }),
  field: (obj: Ex, name: string): Expr => ({ k: 'field', obj: x(obj), name, at: AT }),
  index: (obj: Ex, index: Ex): Expr => ({ k: 'index', obj: x(obj), index: x(index), at: AT }),
  call: (fn: string, ...args: Ex[]): Expr => ({ k: 'call', fn, args: args.map(x), at: AT }),
  b: (name: string, ...args: Ex[]): Expr => ({ k: 'builtin', name, args: args.map(x), at: AT }),
  lambda: (params: string[], body: Ex): Expr => ({ k: 'lambda', params, body: x(body), at: AT }),
  proc: (name: string): Expr => ({ k: 'proc', name, at: AT }),
  let: (name: string, value: Ex, body: Ex): Expr => ({ k: 'let', name, value: x(value), body: x(body), at: AT }),
};

export const add = (a: Ex, b: Ex): Expr => E.bin('+', a, b);
export const eq = (a: Ex, b: Ex): Expr => E.bin('==', a, b);
export const lt = (a: Ex, b: Ex): Expr => E.bin('<', a, b);
export const and = (a: Ex, b: Ex): Expr => E.bin('and', a, b);
export const L = E.local;

// ------------------------------------------------------------------------------------ statements
type MoveOpts = { pieces?: Ex; count?: Ex; source?: Ex; to: Ex; position?: 'top' | 'bottom' | 'random' };

export const S = {
  let: (name: string, value: Ex): Stmt => ({ k: 'let', name, value: x(value), at: AT }),
  set: (target: Expr, value: Ex, op: '=' | '+=' | '-=' = '='): Stmt => ({
    k: 'set',
    target: target as LValue,
    op,
    value: x(value),
    at: AT,
  }),
  if: (c: Ex, then: Stmt[], otherwise: Stmt[] = []): Stmt => ({ k: 'if', c: x(c), then, else: otherwise, at: AT }),
  for: (name: string, coll: Ex, body: Stmt[]): Stmt => ({ k: 'for', name, coll: x(coll), body, at: AT }),
  repeat: (count: Ex, body: Stmt[], name?: string): Stmt => ({
    k: 'repeat',
    count: x(count),
    ...(name === undefined ? {} : { name }),
    body,
    at: AT,
  }),
  while: (c: Ex, body: Stmt[]): Stmt => ({ k: 'while', c: x(c), body, at: AT }),
  move: (o: MoveOpts): Stmt => ({
    k: 'move',
    ...(o.pieces === undefined ? {} : { pieces: x(o.pieces) }),
    ...(o.count === undefined ? {} : { count: x(o.count) }),
    ...(o.source === undefined ? {} : { source: x(o.source) }),
    target: x(o.to),
    position: o.position ?? 'top',
    at: AT,
  }),
  create: (count: Ex, kind: string, target: Ex, attrs: Record<string, Ex> = {}, name?: string): Stmt => ({
    k: 'create',
    count: x(count),
    kind,
    attrs: Object.fromEntries(Object.entries(attrs).map(([k, v]) => [k, x(v)])),
    target: x(target),
    ...(name === undefined ? {} : { name }),
    at: AT,
  }),
  shuffle: (zone: Ex): Stmt => ({ k: 'shuffle', zone: x(zone), at: AT }),
  roll: (die: string, name?: string): Stmt => ({ k: 'roll', die, ...(name === undefined ? {} : { name }), at: AT }),
  choose: (o: {
    into?: string;
    binder?: string;
    by: Ex;
    from: Ex;
    where?: Ex;
    label?: Ex;
    labelAs?: TypeIR;
    prompt?: Ex;
    pass?: string;
    secret?: boolean;
  }): ChooseStmt => ({
    k: 'choose',
    ...(o.into === undefined ? {} : { result: o.into }),
    binder: o.binder ?? 'c',
    player: x(o.by),
    options: x(o.from),
    ...(o.where === undefined ? {} : { filter: x(o.where) }),
    ...(o.label === undefined ? {} : { label: x(o.label) }),
    labelAs: o.labelAs ?? T.any,
    ...(o.prompt === undefined ? {} : { prompt: x(o.prompt) }),
    ...(o.pass === undefined ? {} : { pass: o.pass }),
    secret: o.secret ?? false,
    at: AT,
  }),
  play: (player: Ex, actions: string[], o: { pass?: string; as?: string } = {}): Stmt => ({
    k: 'play',
    player: x(player),
    actions,
    ...(o.pass === undefined ? {} : { pass: o.pass }),
    ...(o.as === undefined ? {} : { name: o.as }),
    at: AT,
  }),
  block: (kind: FlowKind, body: Stmt[], o: { name?: string; subject?: Ex } = {}): Stmt => ({
    k: 'block',
    kind,
    ...(o.name === undefined ? {} : { name: o.name }),
    ...(o.subject === undefined ? {} : { subject: x(o.subject) }),
    body,
    at: AT,
  }),
  simultaneous: (name: string, players: Ex, body: Stmt[]): Stmt => ({
    k: 'simultaneous',
    name,
    players: x(players),
    body,
    at: AT,
  }),
  end: (): Stmt => ({ k: 'end', at: AT }),
  endBlock: (kind: FlowKind, line = 1): Stmt => ({ k: 'endBlock', kind, at: loc(line) }),
  break: (line = 1): Stmt => ({ k: 'break', at: loc(line) }),
  invoke: (target: Ex, ...args: Ex[]): Stmt => ({ k: 'invoke', target: x(target), args: args.map(x), at: AT }),
  log: (message: Ex): Stmt => ({ k: 'log', message: x(message), at: AT }),
  fail: (message: Ex): Stmt => ({ k: 'fail', message: x(message), at: AT }),
  call: (proc: string, ...args: Ex[]): Stmt => ({ k: 'call', proc, args: args.map(x), at: AT }),
  eval: (value: Ex): Stmt => ({ k: 'eval', value: x(value), at: AT }),
  reveal: (pieces: Ex): Stmt => ({ k: 'reveal', pieces: x(pieces), at: AT }),
};

// ------------------------------------------------------------------------------------ declarations
export function variable(type: TypeIR, init: Ex, o: { keys?: KeyIR[]; visibility?: Visibility; reset?: string } = {}): VarIR {
  return {
    type,
    keys: o.keys ?? [],
    init: x(init),
    visibility: o.visibility ?? 'all',
    ...(o.reset === undefined ? {} : { reset: o.reset }),
    at: AT,
  };
}

export const perPlayer: KeyIR = { type: 'player' };
export const keyOf = (of: TypeIR): KeyIR => ({ type: 'value', of });

export function zone(o: { kind?: string; perPlayer?: boolean; visibility?: Visibility } = {}): ZoneIR {
  return { kind: o.kind ?? null, perPlayer: o.perPlayer ?? false, visibility: o.visibility ?? 'all', at: AT };
}

export function kind(attrs: Record<string, [TypeIR, Ex?]> = {}): GameIR['kinds'][string] {
  return {
    attrs: Object.entries(attrs).map(([name, [type, dflt]]) =>
      dflt === undefined ? { name, type } : { name, type, default: x(dflt) },
    ),
    at: AT,
  };
}

function link(from: string, to: string): LinkIR {
  return { from, to, directed: false, attrs: {} };
}

/** A square grid with the places and links the compiler emits (`r{row}c{col}`, x = col, y = row). */
export function squareBoard(width: number, height: number, neighbours: 4 | 8 = 4, perPlayerBoard = false): BoardIR {
  const places: PlaceIR[] = [];
  const links: LinkIR[] = [];
  const name = (c: number, r: number): string => `r${r}c${c}`;
  for (let r = 1; r <= height; r++) for (let c = 1; c <= width; c++) places.push({ name: name(c, r), x: c, y: r, attrs: {} });
  const steps = neighbours === 8 ? [[1, 0], [0, 1], [1, 1], [-1, 1]] : [[1, 0], [0, 1]];
  for (let r = 1; r <= height; r++) {
    for (let c = 1; c <= width; c++) {
      for (const [dx, dy] of steps) {
        const c2 = c + dx;
        const r2 = r + dy;
        if (c2 >= 1 && c2 <= width && r2 >= 1 && r2 <= height) links.push(link(name(c, r), name(c2, r2)));
      }
    }
  }
  return { shape: { type: 'square', width, height, neighbours }, perPlayer: perPlayerBoard, places, links, at: AT };
}

const hexName = (q: number, r: number): string => `h${q < 0 ? `m${-q}` : q}_${r < 0 ? `m${-r}` : r}`;

export function hexBoard(radius: number): BoardIR {
  const places: PlaceIR[] = [];
  const links: LinkIR[] = [];
  const inside = (q: number, r: number): boolean => Math.max(Math.abs(q), Math.abs(r), Math.abs(q + r)) <= radius;
  for (let q = -radius; q <= radius; q++) {
    for (let r = -radius; r <= radius; r++) if (inside(q, r)) places.push({ name: hexName(q, r), q, r, attrs: {} });
  }
  for (const p of places) {
    for (const [dq, dr] of [[1, 0], [0, 1], [-1, 1]]) {
      const q = (p.q ?? 0) + dq;
      const r = (p.r ?? 0) + dr;
      if (inside(q, r)) links.push(link(p.name, hexName(q, r)));
    }
  }
  return { shape: { type: 'hex', radius }, perPlayer: false, places, links, at: AT };
}

export function trackBoard(length: number): BoardIR {
  const places: PlaceIR[] = Array.from({ length }, (_, i) => ({ name: `t${i}`, x: i, attrs: {} }));
  const links = places.slice(1).map((p, i) => link(places[i].name, p.name));
  return { shape: { type: 'track', length }, perPlayer: false, places, links, at: AT };
}

export function graphBoard(
  spaces: Record<string, Record<string, Json>>,
  edges: [string, string, Record<string, Json>?][],
  perPlayerBoard = false,
): BoardIR {
  return {
    shape: { type: 'graph' },
    perPlayer: perPlayerBoard,
    places: Object.entries(spaces).map(([name, attrs]) => ({ name, attrs })),
    links: edges.map(([from, to, attrs]) => ({ from, to, directed: false, attrs: attrs ?? {} })),
    at: AT,
  };
}

export function scenario(name: string, steps: ScenarioStep[], o: { players?: number; seed?: number } = {}): ScenarioIR {
  return { name, players: o.players ?? 2, seed: o.seed ?? 1, steps, at: AT };
}

export const step = {
  do: (body: Stmt[], line = 1): ScenarioStep => ({ k: 'do', body, at: loc(line) }),
  choose: (label: string, line = 1): ScenarioStep => ({ k: 'choose', label, at: loc(line) }),
  expect: (condition: Ex, line = 1, message?: string): ScenarioStep => ({
    k: 'expect',
    condition: x(condition),
    ...(message === undefined ? {} : { message }),
    at: loc(line),
  }),
  reject: (label: string, line = 1): ScenarioStep => ({ k: 'reject', label, at: loc(line) }),
  run: (count: number | null, line = 1): ScenarioStep => ({ k: 'run', count, at: loc(line) }),
  runUntil: (until: Ex, line = 1): ScenarioStep => ({ k: 'run', count: null, until: x(until), at: loc(line) }),
  expectViewOf: (viewer: Ex, condition: Ex, line = 1): ScenarioStep => ({ k: 'expect', condition: x(condition), viewer: x(viewer), at: loc(line) }),
  roll: (die: string, face: Ex, line = 1): ScenarioStep => ({ k: 'roll', die, face: x(face), at: loc(line) }),
};

/** A complete GameIR with empty defaults. */
export function game(parts: Partial<GameIR> = {}): GameIR {
  return {
    format: 'strata-ir/1',
    name: 'test',
    title: 'Test',
    variant: null,
    variants: [{ name: 'test', title: 'Test', base: null }],
    players: { min: 1, max: 4 },
    params: {},
    enums: {},
    kinds: {},
    zones: {},
    boards: {},
    dice: {},
    vars: {},
    fns: {},
    procs: {},
    actions: {},
    triggers: [],
    setup: [],
    flow: [],
    ranking: [],
    scenarios: [],
    ...parts,
  };
}
