/**
 * Re-parsing one declaration after an edit inside it, for the editor's language server: a keystroke
 * in a 2,400-line file re-parsed the whole file (most of a rebuild, and most of its garbage). The
 * file is a list of declarations (the game's members, variants, scenarios); when an edit lies
 * strictly inside one, only that declaration is parsed again (the grammar rule that made it, as
 * entry rule) and spliced into the previous tree, whose later nodes shift by the edit's length.
 *
 * It is used only when the result cannot differ from a whole parse (test/dsl/incremental-parse.test.ts
 * compares trees, ranges and diagnostics of both on random edits of every ruleset); anything else
 * gives `undefined` and the caller parses the whole text:
 * - the previous parse had no errors, and the edit lies inside one declaration, after its first
 *   token and before its last character, with whitespace before it and a line end after it (the
 *   parse of what comes before read at most that first token to decide a declaration starts
 *   there: the grammar's declarations start with a keyword; the random edits check this too);
 * - the text is lexed from the declaration's start to the end of the file (the tokens from there
 *   on are exactly a whole parse's: whitespace before the declaration ends every earlier token),
 *   and the declaration's rule, reading those tokens, stops exactly where the old declaration
 *   stopped (plus the edit's length), without a lexing or syntax error on the way: the parser
 *   saw what a whole parse would see next, so it made the same decisions.
 */
import { GrammarAST, isAstNode, type AstNode, type CstNode, type ParseResult } from 'langium';

/** Parses `text` with grammar rule `rule` as entry rule; undefined when the parser threw. */
export type RuleParse = (text: string, rule: string) => ParseResult<AstNode> | undefined;
/** The tokens of `text`, hidden ones included, in order, and whether the lexer failed anywhere. */
export type Lex = (text: string) => { tokens: { image: string; tokenType: unknown }[]; failed: boolean };

/** Langium's CST node fields that a splice must update (its classes keep positions in place). */
interface Leaf extends CstNode {
  readonly tokenType: unknown;
  _offset: number;
  _startLine: number;
  _endLine: number;
  _startColumn: number;
  _endColumn: number;
}
interface Composite extends CstNode {
  content: CstNode[];
  _rangeCache: unknown;
  _astNode: AstNode | undefined;
  container?: Composite;
}
interface Root extends Composite {
  _text: string;
  readonly fullText: string;
}

/** The declaration containing `[from, to)` of the old text, if it is one a splice can replace. */
function declarationAround(root: AstNode, from: number, to: number): AstNode | undefined {
  // Declarations are the list items of the root or of one of its nodes (the game's members).
  for (const [, value] of ownEntries(root)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (!isAstNode(item) || !item.$cstNode) continue;
      const { offset, end } = item.$cstNode;
      if (end <= from || offset >= to) continue;
      if (Array.isArray(value)) return from > offset && to < end ? item : undefined;
      // One node (the game): its own list items.
      for (const [, inner] of ownEntries(item)) {
        if (!Array.isArray(inner)) continue;
        for (const member of inner) {
          if (!isAstNode(member) || !member.$cstNode) continue;
          const m = member.$cstNode;
          if (m.end <= from || m.offset >= to) continue;
          return from > m.offset && to < m.end ? member : undefined;
        }
      }
      return undefined;
    }
  }
  return undefined;
}

function ownEntries(node: AstNode): [string, unknown][] {
  return Object.entries(node).filter(([key]) => !key.startsWith('$'));
}

const block = 256;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;
const isLineEnd = (c: number): boolean => c === 10 || c === 13;

/**
 * The parse of `text`, made from `old` (the parse of the previous text, changed in place) when the
 * edit lies inside one declaration; undefined when a whole parse is needed.
 */
export function reparseDeclaration<T extends AstNode>(old: ParseResult<T>, text: string, parseRule: RuleParse, lex: Lex): ParseResult<T> | undefined {
  const model = old.value;
  const rootCst = model.$cstNode as Root | undefined;
  if (!rootCst || old.lexerErrors.length > 0 || old.parserErrors.length > 0 || (old.lexerReport?.diagnostics.length ?? 0) > 0) return undefined;
  const before = rootCst.fullText;
  if (before === text) return undefined;
  // The edit: [start, oldEnd) of the old text became [start, newEnd) of the new one.
  const shorter = Math.min(before.length, text.length);
  // Compared a block at a time first (a character at a time is most of the cost on 128 kB).
  let start = 0;
  while (start + block <= shorter && before.startsWith(text.slice(start, start + block), start)) start += block;
  while (start < shorter && before.charCodeAt(start) === text.charCodeAt(start)) start++;
  let tail = 0;
  while (tail + block <= shorter - start && before.endsWith(text.slice(text.length - tail - block, text.length - tail), before.length - tail)) tail += block;
  while (tail < shorter - start && before.charCodeAt(before.length - 1 - tail) === text.charCodeAt(text.length - 1 - tail)) tail++;
  const oldEnd = before.length - tail;
  const delta = text.length - before.length;

  const comment = commentAround(rootCst, start, oldEnd);
  if (comment) return reLexComment(old, comment, text, delta, lex);
  const declaration = declarationAround(model, start, oldEnd);
  const cst = declaration?.$cstNode as Composite | undefined;
  if (!declaration || !cst) return undefined;
  const from = cst.offset;
  const to = cst.end + delta;
  // Its first token unchanged: what came before decided, reading it, that a declaration starts here.
  if (start < firstLeaf(cst).end) return undefined;
  if (from === 0 || !isSpace(text.charCodeAt(from - 1)) || !(to === text.length || isLineEnd(text.charCodeAt(to)))) return undefined;
  const call = cst.grammarSource;
  if (!GrammarAST.isRuleCall(call) || !GrammarAST.isParserRule(call.rule.ref)) return undefined;

  const parsed = parseRule(text.slice(from), call.rule.ref.name);
  if (!parsed || parsed.lexerErrors.length > 0 || (parsed.lexerReport?.diagnostics.length ?? 0) > 0) return undefined;
  const made = parsed.value;
  const madeCst = made.$cstNode as Composite | undefined;
  if (!madeCst || made.$type !== declaration.$type) return undefined;
  // It must stop where the old declaration stopped: then, and only then, the rest is unparsed.
  const length = to - from;
  const kept = madeCst.content.filter((n) => !(n.hidden && n.offset >= length));
  const last = [...kept].reverse().find((n) => !n.hidden);
  if (!last || last.end !== length) return undefined;
  const errors = parsed.parserErrors;
  if (to === text.length ? errors.length > 0 : errors.length !== 1 || errors[0]!.name !== 'NotAllInputParsedException' || errors[0]!.token.startOffset < length) {
    return undefined;
  }

  const container = declaration.$container!;
  const property = declaration.$containerProperty!;
  const index = declaration.$containerIndex;
  const holder = (container as unknown as Record<string, unknown>)[property];
  if (!Array.isArray(holder) || index === undefined || holder[index] !== declaration) return undefined;

  // Splice (nothing was changed before this point): the new declaration's nodes, placed where it
  // starts, go into the old one's CST node.
  const startLine = (firstLeaf(cst) as Leaf)._startLine;
  const startColumn = (firstLeaf(cst) as Leaf)._startColumn;
  const oldLastLine = (lastLeaf(cst) as Leaf)._endLine;
  for (const child of kept) {
    forLeaves(child, (leaf) => {
      if (leaf._startLine === 0) leaf._startColumn += startColumn;
      if (leaf._endLine === 0) leaf._endColumn += startColumn;
      leaf._offset += from;
      leaf._startLine += startLine;
      leaf._endLine += startLine;
    });
  }
  const newLastLine = (lastLeafOf(kept) as Leaf)._endLine;
  // Every later node moves by the edit (the declaration ends its line, so no column changes).
  shiftAfter(rootCst, cst.end, delta, oldLastLine, newLastLine - oldLastLine, 0);
  for (const child of kept) (child as Composite).container = cst;
  cst.content = kept;
  cst._astNode = made;
  cst._rangeCache = undefined;
  rootCst._text = text;

  Object.assign(made, { $container: container, $containerProperty: property, $containerIndex: index, $cstNode: cst });
  holder[index] = made;
  return { value: model, lexerErrors: [], lexerReport: parsed.lexerReport, parserErrors: [] };
}

/** The comment (a hidden leaf) holding `[from, to)` after its first character and before its last. */
function commentAround(root: CstNode, from: number, to: number): Leaf | undefined {
  let node: CstNode | undefined = root;
  while (node && 'content' in node) {
    node = (node as Composite).content.find((c) => c.offset <= from && to <= c.end);
  }
  return node && node.hidden && from > node.offset && to < node.end ? (node as Leaf) : undefined;
}

/**
 * An edit inside a comment (the prose between declarations, mostly): the comment is lexed again,
 * alone. It must still be one comment of its kind, ending where it ended (plus the edit's length),
 * and a line comment must still end its line; then every token of a whole lexing is as before.
 */
function reLexComment<T extends AstNode>(old: ParseResult<T>, leaf: Leaf, text: string, delta: number, lex: Lex): ParseResult<T> | undefined {
  const rootCst = old.value.$cstNode as Root;
  const from = leaf.offset;
  const to = leaf.end + delta;
  const image = text.slice(from, to);
  const lexed = lex(image);
  const token = lexed.tokens[0];
  if (lexed.failed || lexed.tokens.length !== 1 || token!.image !== image || token!.tokenType !== leaf.tokenType) return undefined;
  if (!image.startsWith('/*') && !(to === text.length || isLineEnd(text.charCodeAt(to)))) return undefined;
  const oldEnd = leaf.end;
  const oldEndLine = leaf._endLine;
  const oldEndColumn = leaf._endColumn;
  const lines = image.split(/\r\n|\r|\n/);
  const endLine = leaf._startLine + lines.length - 1;
  const endColumn = lines.length === 1 ? leaf._startColumn + image.length : lines.at(-1)!.length;
  shiftAfter(rootCst, oldEnd, delta, oldEndLine, endLine - oldEndLine, endColumn - oldEndColumn);
  (leaf as unknown as { _length: number })._length = image.length;
  leaf._endLine = endLine;
  leaf._endColumn = endColumn;
  rootCst._text = text;
  return { value: old.value, lexerErrors: [], lexerReport: old.lexerReport, parserErrors: [] };
}

/** Moves every leaf from `offset` on by `delta`, and by lines and columns as the edit moved the text. */
function shiftAfter(root: CstNode, offset: number, delta: number, line: number, lineDelta: number, columnDelta: number): void {
  const stack: CstNode[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ('content' in n) {
      const composite = n as Composite;
      // Its range may change (it holds the edit, or comes after it).
      composite._rangeCache = undefined;
      // Children wholly before the edit keep their places; children are in text order, so the
      // walk stops at the last child that ends before it (a composite's end is its last leaf's).
      for (let i = composite.content.length - 1; i >= 0; i--) {
        const c = composite.content[i]!;
        if (c.end < offset) break;
        stack.push(c);
      }
      continue;
    }
    const leaf = n as Leaf;
    if (leaf._offset < offset) continue;
    leaf._offset += delta;
    if (leaf._startLine === line) leaf._startColumn += columnDelta;
    if (leaf._endLine === line) leaf._endColumn += columnDelta;
    leaf._startLine += lineDelta;
    leaf._endLine += lineDelta;
  }
}

function firstLeaf(node: CstNode): CstNode {
  let n = node;
  while ('content' in n && (n as Composite).content.length > 0) n = (n as Composite).content[0]!;
  return n;
}

function lastLeaf(node: CstNode): CstNode {
  let n = node;
  while ('content' in n && (n as Composite).content.length > 0) n = (n as Composite).content.at(-1)!;
  return n;
}

function lastLeafOf(nodes: CstNode[]): CstNode {
  return lastLeaf(nodes.at(-1)!);
}

function forLeaves(node: CstNode, each: (leaf: Leaf) => void): void {
  const stack: CstNode[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if ('content' in n) for (const c of (n as Composite).content) stack.push(c);
    else each(n as Leaf);
  }
}
