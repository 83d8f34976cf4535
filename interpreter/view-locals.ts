/**
 * Which locals of the VM stack a view must mask: the stack stays in views (it is where the rules
 * stand), but a local may hold what the viewer cannot see. Masked (read none):
 * - a local that received another player's secret choice, or a choice of an open simultaneous
 *   block by another player (named by the choice's log entry); for a simultaneous choice, only in
 *   the frames that outlive the chooser's part (the frame running the block and those below it),
 *   not in the frames of the part running now, which reuse the names;
 * - a piece-valued local (a piece, or a list of pieces) that holds a piece hidden from the viewer
 *   (a face-down card's id: the id would tell which card it is, by the order the rules create them);
 * - a local whose definition reads a hidden piece's attribute (`field` of a piece in a zone the
 *   viewer cannot see into), or a variable or table row hidden from the viewer;
 * - a local whose definition reads a masked local (a `let` copied from a secret choice, an
 *   attribute of a hidden card held in a local), transitively;
 * - a local that received the value of a procedure that may return a secret choice or hidden
 *   state (`returnsHidden`): for every viewer, the chooser too, since where it came from is not
 *   traced at run time.
 * The definitions are found once per game by walking each body's statements (one flat namespace
 * of locals per frame, as the compiler has it). What flows only through a condition (`if secret > 2
 * { x = 1 }`) is not traced.
 */
import type { Game } from './context.js';
import type { Expr, ParamDeclIR, Stmt, TypeIR } from './ir.js';
import type { Json } from './ir.js';
import type { LogEntry, State } from './state.js';
import { elementType, inferType, type TypeEnv } from './types.js';

/** Where a definition reads hidden state: always hidden, or hidden unless a local names the viewer. */
type Source = { unless: string | null };

interface LocalFacts {
  /** Locals its definitions read. */
  deps: Set<string>;
  /** Hidden state its definitions read. */
  sources: Source[];
  /** Whether it holds pieces (a piece or a list of pieces). */
  pieces: boolean;
}

interface BodyFacts {
  locals: Map<string, LocalFacts>;
  /** Whether the body runs a simultaneous block itself. */
  simultaneous: boolean;
}

const cache = new WeakMap<Game, Map<string, BodyFacts | null>>();

function bodyOf(g: Game, code: string): { stmts: Stmt[]; params: ParamDeclIR[] } | null {
  const ir = g.ir;
  if (code === 'flow') return { stmts: ir.flow, params: [] };
  if (code === 'setup') return { stmts: ir.setup, params: [] };
  const [kind, name] = [code.slice(0, code.indexOf(':')), code.slice(code.indexOf(':') + 1)];
  if (kind === 'proc' && Object.hasOwn(ir.procs, name)) return { stmts: ir.procs[name].body, params: ir.procs[name].params };
  if (kind === 'action' && Object.hasOwn(ir.actions, name)) return { stmts: ir.actions[name].body, params: ir.actions[name].params };
  if (kind === 'trigger') {
    const t = ir.triggers[Number(name)];
    return t ? { stmts: t.body, params: [] } : null;
  }
  return null;
}

function holdsPieces(t: TypeIR): boolean {
  return t.t === 'piece' || (t.t === 'list' && t.of.t === 'piece');
}

/** The locals an expression reads, and the hidden state it reads. */
function reads(g: Game, e: unknown, deps: Set<string>, sources: Source[], underField = false): void {
  if (Array.isArray(e)) {
    for (const x of e) reads(g, x, deps, sources, underField);
    return;
  }
  if (e === null || typeof e !== 'object') return;
  const x = e as Expr;
  switch (x.k) {
    case 'local':
      deps.add(x.name);
      return;
    case 'var': {
      const decl = g.ir.vars[x.name];
      if (decl && decl.visibility !== 'all') {
        const key = x.keys[0];
        // A player-keyed table visible to its owner: the row of a local naming the viewer is seen.
        const unless = decl.visibility === 'owner' && g.playerTables.has(x.name) && key?.k === 'local' ? key.name : null;
        sources.push({ unless });
      }
      break;
    }
    case 'zone': {
      const z = g.zones.get(x.name);
      if (underField && z && z.visibility !== 'all') sources.push({ unless: z.visibility === 'owner' && x.owner?.k === 'local' ? x.owner.name : null });
      break;
    }
    case 'field':
      reads(g, x.obj, deps, sources, true);
      return;
    default:
      break;
  }
  for (const v of Object.values(x)) if (typeof v === 'object') reads(g, v, deps, sources, underField);
}

function analyse(g: Game, code: string): BodyFacts | null {
  const body = bodyOf(g, code);
  if (!body) return null;
  const types = new Map<string, TypeIR>(body.params.map((p) => [p.name, p.type]));
  const env: TypeEnv = { ir: g.ir, locals: types };
  const facts: BodyFacts = { locals: new Map(), simultaneous: false };
  const define = (name: string, e: unknown, t: TypeIR | null): void => {
    const f = facts.locals.get(name) ?? { deps: new Set<string>(), sources: [], pieces: false };
    reads(g, e, f.deps, f.sources);
    if (t) {
      types.set(name, t);
      f.pieces ||= holdsPieces(t);
    }
    facts.locals.set(name, f);
  };
  const typeOf = (e: Expr): TypeIR | null => {
    try {
      return inferType(e, env);
    } catch {
      return null;
    }
  };
  for (const p of body.params) define(p.name, null, p.type);
  const walk = (stmts: Stmt[]): void => {
    for (const st of stmts) {
      switch (st.k) {
        case 'let':
          define(st.name, st.value, typeOf(st.value));
          break;
        case 'set':
          if (st.target.k === 'local') define(st.target.name, st.value, typeOf(st.value));
          break;
        case 'for': {
          const t = typeOf(st.coll);
          define(st.name, st.coll, t ? elementType(t) : null);
          break;
        }
        case 'choose': {
          const t = typeOf(st.options);
          const elem = t ? elementType(t) : null;
          define(st.binder, st.options, elem);
          if (st.result) define(st.result, st.options, elem);
          break;
        }
        case 'create':
          if (st.name) define(st.name, null, { t: 'piece', kind: st.kind });
          break;
        case 'call':
          if (st.result) {
            define(st.result, null, g.ir.procs[st.proc]?.type ?? null);
            // A value a procedure returns from a secret choice or hidden state is hidden wholly.
            if (returnsHidden(g, st.proc)) facts.locals.get(st.result)!.sources.push({ unless: null });
          }
          break;
        case 'simultaneous':
          facts.simultaneous = true;
          break;
        default:
          break;
      }
      if (st.k === 'if') walk(st.then), walk(st.else);
      else if ('body' in st && Array.isArray(st.body)) walk(st.body);
    }
  };
  walk(body.stmts);
  return facts;
}

/**
 * Whether procedure `name` may return what a view hides: a `return` whose value reads (through
 * the procedure's locals) a secret choice, hidden state, or the value of such a procedure.
 */
function returnsHidden(g: Game, name: string, seen = new Set<string>()): boolean {
  if (seen.has(name) || !Object.hasOwn(g.ir.procs, name)) return false;
  seen.add(name);
  const facts = factsOf(g, `proc:${name}`);
  if (!facts) return false;
  const hidden = new Set<string>();
  const deps = new Set<string>();
  const sources: Source[] = [];
  const walk = (stmts: Stmt[]): void => {
    for (const st of stmts) {
      if (st.k === 'choose' && st.secret) hidden.add(st.result ?? st.binder);
      if (st.k === 'call' && st.result && returnsHidden(g, st.proc, seen)) hidden.add(st.result);
      if (st.k === 'return') reads(g, st.value, deps, sources);
      if (st.k === 'if') walk(st.then), walk(st.else);
      else if ('body' in st && Array.isArray(st.body)) walk(st.body);
    }
  };
  walk(g.ir.procs[name].body);
  if (sources.length > 0) return true;
  // The procedure's locals that read hidden state or a hidden local, transitively.
  for (const [local, f] of facts.locals) if (f.sources.length > 0) hidden.add(local);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [local, f] of facts.locals) {
      if (!hidden.has(local) && [...f.deps].some((d) => hidden.has(d))) {
        hidden.add(local);
        changed = true;
      }
    }
  }
  return [...deps].some((d) => hidden.has(d));
}

function factsOf(g: Game, code: string): BodyFacts | null {
  let byCode = cache.get(g);
  if (!byCode) cache.set(g, (byCode = new Map()));
  if (!byCode.has(code)) {
    // Marked first: a procedure that calls itself finds no facts of itself while they are made.
    byCode.set(code, null);
    byCode.set(code, analyse(g, code));
  }
  return byCode.get(code) ?? null;
}

/** The piece ids a value holds (a piece or a list of pieces). */
function pieceIds(v: Json): number[] {
  if (typeof v === 'number') return [v];
  if (Array.isArray(v)) return v.filter((x): x is number => typeof x === 'number');
  return [];
}

/**
 * Masks the locals of `out`'s stack that the viewer `v` may not read. `out` is the view being
 * built (its pieces already hidden); `hiddenLog` the log entries of choices hidden from `v`.
 */
export function maskLocals(g: Game, out: State, v: number | null, hiddenLog: LogEntry[]): void {
  const stack = out.stack;
  const masked = stack.map(() => new Set<string>());
  // The deepest frame that runs a simultaneous block: frames above it belong to the part running now.
  let simulFrame = -1;
  for (let i = 0; i < stack.length; i++) if (factsOf(g, stack[i].code)?.simultaneous) simulFrame = i;
  for (const e of hiddenLog) {
    if (e.into === undefined) continue;
    const upTo = e.during && !e.secret && out.simul.length > 0 && simulFrame >= 0 ? simulFrame : stack.length - 1;
    for (let i = 0; i <= upTo; i++) if (Object.hasOwn(stack[i].locals, e.into)) masked[i].add(e.into);
  }
  stack.forEach((frame, i) => {
    const facts = factsOf(g, frame.code);
    const set = masked[i];
    if (facts) {
      for (const [name, f] of facts.locals) {
        if (!Object.hasOwn(frame.locals, name) || set.has(name)) continue;
        const value = frame.locals[name];
        if (f.pieces && pieceIds(value).some((id) => out.pieces[id]?.hidden === true)) set.add(name);
        else if (f.sources.some((s) => s.unless === null || frame.locals[s.unless] !== v)) set.add(name);
      }
      // Copies of masked locals, until nothing changes (each round masks at least one more).
      for (let changed = true; changed; ) {
        changed = false;
        for (const [name, f] of facts.locals) {
          if (set.has(name) || !Object.hasOwn(frame.locals, name)) continue;
          for (const d of f.deps) {
            if (set.has(d) && d !== name) {
              set.add(name);
              changed = true;
              break;
            }
          }
        }
      }
    }
    for (const name of set) frame.locals[name] = null;
  });
}
