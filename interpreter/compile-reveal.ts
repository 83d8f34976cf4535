/** `reveal x`, `reveal x to p`, `hide x`: who sees pieces wherever they lie (views follow, view.ts). */
import { compileExpr, type CompileEnv } from './compile-expr.js';
import type { Ctx, Op } from './context.js';
import { asPieceId, asPlayer } from './holders.js';
import type { Json, Loc, Stmt } from './ir.js';
import { writablePiece } from './sharing.js';
import type { Value } from './values.js';

type Of<K extends Stmt['k']> = Extract<Stmt, { k: K }>;

/** One piece or a list of pieces (a holder read as its pieces by the compiler). */
function piecesOf(ctx: Ctx, v: Value, at: Loc): number[] {
  return (Array.isArray(v) ? (v as Json[]) : [v]).map((x) => asPieceId(ctx, x, at));
}

export function compileReveal(st: Of<'reveal'> | Of<'hide'>, env: CompileEnv): Op {
  const pieces = compileExpr(st.pieces, env);
  const at = st.at;
  if (st.k === 'hide') {
    return (ctx) => {
      for (const id of piecesOf(ctx, pieces(ctx), at)) {
        const piece = writablePiece(ctx.s, id);
        delete piece.shown;
        delete piece.shownTo;
      }
    };
  }
  const to = st.to ? compileExpr(st.to, env) : null;
  return (ctx) => {
    const ids = piecesOf(ctx, pieces(ctx), at);
    if (to === null) {
      for (const id of ids) writablePiece(ctx.s, id).shown = true;
      return;
    }
    const who = to(ctx);
    const players = (Array.isArray(who) ? who : [who]).map((p) => asPlayer(ctx, p, at));
    for (const id of ids) {
      const piece = writablePiece(ctx.s, id);
      // A new list each time: states made by `apply` share pieces' fields (sharing.ts).
      const seen = new Set([...(piece.shownTo ?? []), ...players]);
      piece.shownTo = [...seen].sort((a, b) => a - b);
    }
  };
}
