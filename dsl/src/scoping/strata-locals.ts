/**
 * Local names visible at a point, innermost first: `let` (after it, in its block and the blocks
 * inside), a bare `choose` and `play … as` (after them), loop and binder names (in their body or
 * expression), `let … in` (in its body), parameters (in their fn, proc or action), and the `p` of
 * ranking keys.
 */
import type { AstNode, AstNodeDescription } from 'langium';
import {
  Action,
  Choose,
  CompFor,
  Comprehension,
  Fn,
  For,
  LambdaExpr,
  LetExpr,
  Proc,
  Quantifier,
  RankKey,
  Reaction,
  Repeat,
  Simultaneous,
  reflection,
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
  type Block,
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
  if (known(start)) return kept(start);
  const parent = start.$container;
  if (parent && isBlock(parent)) return statementChain(parent, start);
  let chain = parent ? localChain(parent) : undefined;
  if (parent) {
    // Added outermost first, so the innermost ends up at the head.
    const own: Declaration[] = [];
    bindingsFor(parent, start, own);
    for (let i = own.length - 1; i >= 0; i--) chain = { name: own[i]!.name, node: own[i]!.node, next: chain };
  }
  return remember(start, chain);
}

function remember(node: AstNode, chain: LocalChain | undefined): LocalChain | undefined {
  (node as WithChain)[CHAIN] = chain ?? null;
  (node as WithChain)[MADE] = generation;
  return chain;
}

/** Whether `node` has a chain made since the last forgetLocals. */
function known(node: AstNode): boolean {
  return (node as WithChain)[CHAIN] !== undefined && (node as WithChain)[MADE] === generation;
}

/** The chain kept on a `known` node. */
function kept(node: AstNode): LocalChain | undefined {
  return (node as WithChain)[CHAIN] ?? undefined;
}

/**
 * The chain of a block's statement: what the statement before it binds, in front of that
 * statement's chain. Made for every statement up to `child` from the nearest one already made, so
 * a block costs its length, not its length squared (each statement used to walk all before it).
 */
function statementChain(block: Block, child: AstNode): LocalChain | undefined {
  const statements = block.statements as AstNode[];
  const at = child.$containerIndex;
  const index = at !== undefined && statements[at] === child ? at : statements.indexOf(child);
  if (index < 0) return remember(child, localChain(block));
  let from = index;
  while (from > 0 && !known(statements[from]!)) from--;
  // The first statement sees what the block sees.
  let chain = known(statements[from]!) ? kept(statements[from]!) : remember(statements[0]!, localChain(block));
  for (let i = from + 1; i <= index; i++) {
    const before = statements[i - 1]!;
    if (isLet(before) || isChoose(before) || (isPlay(before) && before.name)) chain = link(before, chain);
    // `by first q in …` leaves q naming who answered (innermost: in front of the statement).
    const first = firstChooser(before);
    if (first) chain = link(first, chain);
    remember(statements[i]!, chain);
  }
  return chain;
}

/** `node` under its name in front of `chain`, when it has a name. */
function link(node: AstNode, chain: LocalChain | undefined): LocalChain | undefined {
  const name = nameOf(node);
  return name ? { name, node, next: chain } : chain;
}

/**
 * The types bindingsFor binds names in, with their subtypes: every ancestor of every reference
 * is asked, and most bind nothing (a set lookup instead of fourteen `isX` checks).
 */
const binders = new Set(
  [For, Simultaneous, Repeat, Choose, Comprehension, CompFor, Quantifier, LetExpr, LambdaExpr, Reaction, Fn, Proc, Action, RankKey].flatMap((t) => [t.$type, ...reflection.getAllSubTypes(t.$type)]),
);

/** What `parent` binds for its `child`, innermost first (a block's statements: statementChain). */
function bindingsFor(parent: AstNode, child: AstNode, out: Declaration[]): void {
  if (!binders.has(parent.$type)) return;
  const property = child.$containerProperty;
  if (isFor(parent) || isSimultaneous(parent) || (isRepeat(parent) && parent.name)) {
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
