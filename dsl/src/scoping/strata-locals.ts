/**
 * Local names visible at a point, innermost first: `let` (after it, in its block and the blocks
 * inside), a bare `choose` and `play … as` (after them), loop and binder names (in their body or
 * expression), `let … in` (in its body), parameters (in their fn, proc or action), and the `p` of
 * ranking keys.
 */
import type { AstNode, AstNodeDescription } from 'langium';
import {
  isAction,
  isBlock,
  isChoose,
  isComprehension,
  isCompFor,
  isFn,
  isFor,
  isLambdaExpr,
  isLet,
  isLetExpr,
  isPlay,
  isProc,
  isQuantifier,
  isRankKey,
  isReaction,
  isAssign,
  type Choose,
  isRepeat,
  isSimultaneous,
} from '../generated/ast.js';
import type { Declaration } from './strata-scope-computation.js';
import { nameOf } from '../syntax/strata-ast-utils.js';

/** The implicit local of ranking keys (bound to each player in turn). */
export const RANK_PLAYER = 'p';

/** Locals visible at a node, innermost first, as a list sharing its tail with the parent's. */
export interface LocalChain extends Declaration {
  next: LocalChain | undefined;
  /** Its description in a scope, made when a name first finds it (strata-scope-provider.ts). */
  description?: AstNodeDescription;
}

/**
 * Per node (a fresh AST on every whole parse; a spliced one calls forgetLocals), kept on the node itself under a symbol
 * (a WeakMap lookup was a fifth of linking): its chain, `null` for none. Every reference asks, and
 * the references of one statement share nearly all of it: computed once per ancestor.
 */
const CHAIN = Symbol('locals');
const MADE = Symbol('locals made');
type WithChain = AstNode & { [CHAIN]?: LocalChain | null; [MADE]?: number };

/**
 * Forgets every chain computed so far: after an edit spliced into a tree (the editor's incremental
 * parse), a kept node's chain may hold descriptions with positions the edit moved. Chains are
 * kept with the generation they were made in, so this is a counter, not a walk over every node.
 */
export function forgetLocals(): void {
  generation++;
}
let generation = 0;

export function localsAt(start: AstNode): Declaration[] {
  const out: Declaration[] = [];
  for (let c = localChain(start); c; c = c.next) out.push(c);
  return out;
}

export function localChain(start: AstNode): LocalChain | undefined {
  const known = (start as WithChain)[CHAIN];
  if (known !== undefined && (start as WithChain)[MADE] === generation) return known ?? undefined;
  const parent = start.$container;
  let chain = parent ? localChain(parent) : undefined;
  if (parent) {
    // Added outermost first, so the innermost ends up at the head.
    const own: Declaration[] = [];
    bindingsFor(parent, start, own);
    for (let i = own.length - 1; i >= 0; i--) chain = { ...own[i]!, next: chain };
  }
  (start as WithChain)[CHAIN] = chain ?? null;
  (start as WithChain)[MADE] = generation;
  return chain;
}

/** What `parent` binds for its `child`, innermost first. */
function bindingsFor(parent: AstNode, child: AstNode, out: Declaration[]): void {
  const property = child.$containerProperty;
  if (isBlock(parent)) {
    const index = parent.statements.indexOf(child as (typeof parent.statements)[number]);
    // Later statements see earlier bindings; the nearest one wins, so walk backwards.
    for (let i = index - 1; i >= 0; i--) {
      const statement = parent.statements[i];
      // `by first q in …` leaves q naming who answered.
      const first = firstChooser(statement);
      if (first) add(out, first);
      if (isLet(statement) || isChoose(statement) || (isPlay(statement) && statement.name)) add(out, statement);
    }
  } else if (isFor(parent) || isSimultaneous(parent) || (isRepeat(parent) && parent.name)) {
    if (property === 'body') add(out, parent);
  } else if (isChoose(parent)) {
    if (property === 'filter' || property === 'label') add(out, parent);
    // The options too: each chooser may be offered different ones (`range(1, limit[q])`, `1..limit[q]`).
    if (parent.chooser && (property === 'options' || property === 'to' || property === 'filter' || property === 'label' || property === 'prompt')) add(out, parent.chooser);
  } else if (isComprehension(parent)) {
    if (property === 'element' || property === 'filter') {
      const more = parent.more ?? [];
      for (let i = more.length - 1; i >= 0; i--) add(out, more[i]!);
      add(out, parent);
    }
  } else if (isCompFor(parent)) {
    // A further list sees the names before it: `[… for a in A, b in neighbours(a)]`.
    const comp = parent.$container;
    if (property === 'collection' && isComprehension(comp)) {
      const more = comp.more ?? [];
      for (let i = more.indexOf(parent) - 1; i >= 0; i--) add(out, more[i]!);
      add(out, comp);
    }
  } else if (isQuantifier(parent)) {
    if (property === 'filter' || property === 'value') add(out, parent);
  } else if (isLetExpr(parent)) {
    if (property === 'body') add(out, parent);
  } else if (isLambdaExpr(parent)) {
    (parent.params ?? []).forEach((p) => add(out, p));
  } else if (isReaction(parent)) {
    if (property === 'body') {
      (parent.args ?? []).forEach((a) => add(out, a));
      if (parent.reactor) add(out, parent.reactor);
    }
  } else if (isFn(parent) || isProc(parent) || isAction(parent)) {
    (parent.params ?? []).forEach((p) => add(out, p));
  } else if (isRankKey(parent) && parent.$container) {
    add(out, parent.$container, RANK_PLAYER);
  }
}

/** `node` bound under its name (or `name`), when it has one (a function, not a closure per call). */
function add(out: Declaration[], node: AstNode, name = nameOf(node)): void {
  if (name) out.push({ name, node });
}

/** The chooser of a `choose … by first q in …` statement (bare, `let` or assigned), if any. */
function firstChooser(statement: AstNode): AstNode | undefined {
  const value: AstNode | undefined = isLet(statement) || isAssign(statement) ? statement.value : statement;
  return isChoose(value) && (value as Choose).mode === 'first' ? (value as Choose).chooser : undefined;
}
