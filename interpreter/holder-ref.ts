/**
 * A holder named where the compiler can see it (a zone of no owner, a fixed place, a zone of an
 * owner `hand[p]`, a keyed zone `pile[k]`, a place of a per-player board `Board[p].x`) found by its
 * id without its text's lookup (holder-index.ts `holderId`): fixed at load, or one id per player
 * or key made at load. A move, `size`, `pieces`, `topOf`, a loop, `create` and `shuffle` that name
 * their holder so read and write `State.holders` by that id (both engines: compile-effects.ts,
 * compile-quant.ts, codegen/). Any other holder expression (a parameter of type zone, a list's
 * item) is a value, a text, and still takes the text path (holders.ts `holderItems`, `asHolderId`).
 * The errors are the text path's, at the same locations: a bad owner or key fails as
 * compile-expr.ts `holderOfValue` fails, and a holder that may not exist has no ref.
 */
import { describePlace } from './place-values.js';
import { asPlayer } from './holders.js';
import { keyedZoneKey, placeKey, zoneKey } from './holder-keys.js';
import type { CompileEnv } from './compile-expr.js';
import type { CompiledExpr, Ctx } from './context.js';
import { RuleError } from './errors.js';
import type { Expr, Loc } from './ir.js';
import { msg } from './messages.js';
import { own, type Value } from './values.js';

/** The id of a holder from the value of its owner (or key), checked as its text would be. */
export type HolderIdOf = (ctx: Ctx, v: Value) => number;

/**
 * A holder's id: `fixed` (>= 0) at load, else `idOf` the value of `from`; for a holder per player,
 * `bySeat` lists the ids by seat (what `idOf` returns for a player; generated code reads it
 * directly and calls `idOf` for anything else, for its error).
 */
export type HolderRef = { fixed: number } | { fixed: -1; idOf: HolderIdOf; from: Expr; bySeat?: Int32Array };

/**
 * The ref of holder expression `e`, or null when its id is not known this way (not a zone or
 * place, a holder of a per-player board's template, a growing board's place).
 */
export function holderRef(e: Expr, env: CompileEnv): HolderRef | null {
  const table = env.g.holderTable;
  const idOfText = (text: string): number => table.ids.get(text) ?? -1;
  if (e.k === 'zone') {
    const zone = own(env.ir.zones, e.name);
    if (!zone) return null;
    if (zone.keys !== undefined) {
      if (e.key === undefined) return null;
      const ids = new Map(zone.keys.map((k) => [k, idOfText(keyedZoneKey(e.name, k))]));
      if ([...ids.values()].some((id) => id < 0)) return null;
      return { fixed: -1, idOf: keyedZoneId(e.name, ids, e.at), from: e.key };
    }
    if (!zone.perPlayer || e.owner === undefined) return fixed(idOfText(zoneKey(e.name, null)), table.owners);
    return byPlayer((p) => idOfText(zoneKey(e.name, p)), env, e.owner, e.at);
  }
  if (e.k === 'place') {
    const b = own(env.ir.boards, e.board) && env.g.boards.boards.get(e.board);
    if (!b || !b.byName.has(e.name) || b.ir.grows) return null;
    if (e.owner === undefined) return fixed(idOfText(placeKey(e.board, null, e.name)), table.owners);
    // A place of a board that is not per player, named with an owner, is no holder: its text's error.
    if (!b.ir.perPlayer) return null;
    return byPlayer((p) => idOfText(placeKey(e.board, p, e.name)), env, e.owner, e.at);
  }
  return null;
}

/** A holder of no owner, in every game (its id is known, and it belongs to no player). */
function fixed(id: number, owners: Int32Array): HolderRef | null {
  return id >= 0 && owners[id] === -1 ? { fixed: id } : null;
}

/** One holder per player (up to the most the game allows, each of which exists when its player plays). */
function byPlayer(idAt: (p: number) => number, env: CompileEnv, owner: Expr, at: Loc): HolderRef | null {
  const ids = Int32Array.from({ length: env.ir.players.max }, (_, p) => idAt(p));
  if (ids.some((id) => id < 0)) return null;
  const idOf: HolderIdOf = (ctx, o) => ids[asPlayer(ctx, o, at)];
  return { fixed: -1, idOf, from: owner, bySeat: ids };
}

/** `pile[k]` of a zone per key: the copy's id, the error of compile-expr.ts `keyedZoneOf` for no key of it. */
function keyedZoneId(name: string, ids: Map<string, number>, at: Loc): HolderIdOf {
  return (ctx, v) => {
    const id = typeof v === 'string' ? ids.get(v) : undefined;
    if (id === undefined) throw new RuleError(msg.notZoneKey(name, describePlace(ctx.g.boards, v)), at);
    return id;
  };
}

/** The closure engine's: a closure giving holder `e`'s id, or null when it has no ref. */
export function compileHolderId(e: Expr, env: CompileEnv, compile: (e: Expr, env: CompileEnv) => CompiledExpr): ((ctx: Ctx) => number) | null {
  const ref = holderRef(e, env);
  if (ref === null) return null;
  if (ref.fixed >= 0) {
    const id = ref.fixed;
    return () => id;
  }
  const { idOf, from } = ref as Extract<HolderRef, { fixed: -1 }>;
  const x = compile(from, env);
  return (ctx) => idOf(ctx, x(ctx));
}
