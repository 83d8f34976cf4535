/**
 * How the summary shows the subject of an open flow block. A state keeps a block's subject as a
 * bare value, and players are numbers at run time: `round of roundNumber` in round 1 must read
 * `round of 1`, not `round of P2`. A number is shown as a player only for a `turn` (a player's
 * turn) or when every block of that kind and name in the rules has a subject typed as a player.
 */
import type { GameIR, Json, ParamDeclIR, Stmt, TypeIR } from '../interpreter/ir.js';
import type { OpenBlock } from '../interpreter/state.js';
import { elementType, inferType, type TypeEnv } from '../interpreter/types.js';
import { compact, playerName } from './format.js';
import { withPlaceTexts } from '../interpreter/place-values.js';

type BlockStmt = Extract<Stmt, { k: 'block' }>;

function blockKey(kind: string, name: string | null | undefined): string {
  return `${kind}|${name ?? ''}`;
}

/** The statement lists inside a statement: `then`/`else` of an `if`, the `body` of loops and blocks. */
function innerBodies(st: Stmt): Stmt[][] {
  const bodies: Stmt[][] = [];
  for (const [key, v] of Object.entries(st)) {
    if ((key === 'then' || key === 'else' || key === 'body') && Array.isArray(v)) bodies.push(v as Stmt[]);
  }
  return bodies;
}

/**
 * Walks statements in order and reports each flow block with the static type of its subject: the
 * IR's (the checker's, `ty`) when it has one; for IR without types, inferred with the locals typed
 * as the interpreter does (one flat namespace per body).
 */
function walk(stmts: Stmt[], env: TypeEnv, found: (b: BlockStmt, t: TypeIR) => void): void {
  for (const st of stmts) {
    switch (st.k) {
      case 'let':
        env.locals.set(st.name, inferType(st.value, env));
        break;
      case 'for':
        env.locals.set(st.name, elementType(inferType(st.coll, env)));
        break;
      case 'repeat':
        if (st.name) env.locals.set(st.name, { t: 'number' });
        break;
      case 'simultaneous':
        env.locals.set(st.name, { t: 'player' });
        break;
      case 'choose':
        env.locals.set(st.result ?? st.binder, st.labelAs);
        break;
      case 'block':
        if (st.subject) found(st, inferType(st.subject, env));
        break;
      default:
        break;
    }
    for (const inner of innerBodies(st)) walk(inner, env, found);
  }
}

/** Keys (`kind|name`) of the flow blocks whose subject is a player wherever they appear. */
export function playerSubjectBlocks(ir: GameIR): Set<string> {
  const player = new Set<string>();
  const other = new Set<string>();
  const found = (b: BlockStmt, t: TypeIR): void => {
    (t.t === 'player' ? player : other).add(blockKey(b.kind, b.name));
  };
  const body = (stmts: Stmt[], params: ParamDeclIR[] = []): void =>
    walk(stmts, { ir, locals: new Map(params.map((p) => [p.name, p.type])) }, found);
  body(ir.setup);
  body(ir.flow);
  for (const p of Object.values(ir.procs)) body(p.body, p.params);
  for (const a of Object.values(ir.actions)) body(a.body, a.params);
  for (const t of ir.triggers) body(t.body);
  for (const r of ir.reactions ?? []) body(r.body);
  for (const key of other) player.delete(key);
  return player;
}

/** `of 1`, `of P2`, `of Grid.r1c1`: a block's subject as text, or '' without one. */
export function subjectText(b: OpenBlock, playerBlocks: ReadonlySet<string>, ir?: GameIR): string {
  const v: Json = b.subject;
  // A place (a negative number: interpreter/place-values.ts) by its text, as before place ids.
  const place = typeof v === 'number' && v < 0 ? withPlaceTexts(ir, v) : null;
  if (typeof place === 'string') return ` of ${place}`;
  if (v === null) return '';
  if (typeof v === 'number') {
    const asPlayer = Number.isInteger(v) && v >= 0 && (b.kind === 'turn' || playerBlocks.has(blockKey(b.kind, b.name)));
    return ` of ${asPlayer ? playerName(v) : String(v)}`;
  }
  return ` of ${typeof v === 'string' ? v : compact(withPlaceTexts(ir, v), 40)}`;
}
