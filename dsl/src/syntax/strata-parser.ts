/**
 * Langium's parser with Chevrotain's error-description lookahead cut to one token, and bounded
 * nesting.
 *
 * To describe a syntax error Chevrotain enumerates every token path up to `maxLookahead` (3) through
 * the rule; through Strata's expression rules that took minutes for a `move` with nothing after it.
 * Parsing itself predicts with LL(*) and reads only one token ahead directly, so it is unaffected; the
 * messages list first tokens only anyway (strata-syntax-messages.ts).
 *
 * The parser is recursive descent: each bracket costs stack. Text whose brackets nest past
 * `limits.brackets` is refused before parsing, with a located error; any other stack overflow (a
 * very long `not not …`) becomes a located error too, and the parser's state is reset so that the
 * next document parses normally (a thrown overflow used to leave it mid-rule for every later file).
 */
import { AstUtils, DatatypeSymbol, GrammarAST, LangiumParser, isAstNode, type AstNode, type AstReflection, type LangiumCoreServices, type ParseResult } from 'langium';
import { LLStarLookaheadStrategy, type LLStarLookaheadOptions } from 'chevrotain-allstar';
import { StrataCstNodeBuilder } from './strata-cst-builder.js';
import { buildStrataParser, buildsOwnRules, internalized } from './strata-parser-builder.js';
import { StrataLookaheadStrategy } from './strata-lookahead.js';
import { limits } from './strata-limits.js';
import { reparseDeclaration } from './strata-incremental-parse.js';
import { messages } from '../messages.js';

type ParseOptions = Parameters<LangiumParser['parse']>[1];
type IToken = ParseResult['parserErrors'][number]['token'];

export class StrataParser extends LangiumParser {
  constructor(services: LangiumCoreServices) {
    super(services);
    Object.assign(this.wrapper, { maxLookahead: 1 });
    // The same ALL(*) lookahead, built for less (strata-lookahead.ts); set before the rules are
    // analysed (createStrataParser's `finalize`).
    const wrapper = this.wrapper as unknown as { lookaheadStrategy: unknown };
    const langiums = wrapper.lookaheadStrategy;
    if (langiums instanceof LLStarLookaheadStrategy) {
      const { logging, incomplete } = langiums as unknown as LLStarLookaheadOptions;
      wrapper.lookaheadStrategy = new StrataLookaheadStrategy({ logging, incomplete });
    }
    const self = this as unknown as LangiumParserInternals;
    // A rule call without assignment (each operator level an operand passes through) merges the
    // node being built into the called rule's result: without Langium's `Object.entries` array.
    self.assignWithoutOverride = assignWithoutOverride;
    // Langium's `construct` and `getAssignment`, without an array of a type's properties per node
    // built and with one map lookup per token and rule call instead of two (see below).
    self.construct = construct;
    self.getAssignment = getAssignment;
    // Langium's `assign` starts a list property empty and pushes its first item (room for 17).
    self.assign = assign;
    // No list made for the comments before a token when there are none (most tokens).
    self.extractHiddenTokens = extractHiddenTokens;
    // Child lists of syntax nodes made to size (strata-cst-builder.ts).
    self.nodeBuilder = new StrataCstNodeBuilder();
    // A rule's node type internalized (strata-parser-builder.ts `internalized`), as its nodes' `$type`.
    const ruleType = self.computeRuleType;
    self.computeRuleType = function (this: LangiumParserInternals, rule: unknown) {
      const type = ruleType.call(this, rule);
      return typeof type === 'string' ? internalized(type) : type;
    };
  }

  override parse<T extends AstNode = AstNode>(input: string, options?: ParseOptions): ParseResult<T> {
    const tooDeep = bracketsPastLimit(input, limits.brackets);
    if (tooDeep !== undefined) return this.refused<T>(input, tooDeep, messages.tooManyBrackets(limits.brackets));
    const tooMany = prefixRunPastLimit(input, limits.prefixRun);
    if (tooMany !== undefined) return this.refused<T>(input, tooMany, messages.tooManyPrefixOperators(limits.prefixRun));
    try {
      return this.parseLinked<T>(input, options);
    } catch (error) {
      // A stack overflow (nesting the bracket limit does not see), or any other crash of the parser:
      // a located error on this document, and a parser ready for the next.
      // Where the parser was; past the last token (the tree was read, then built too deep), the end.
      const at = (this.wrapper as unknown as { LA(i: number): IToken }).LA(1).startOffset;
      this.reset();
      const end = Math.max(0, input.trimEnd().length - 1);
      const message = error instanceof RangeError ? messages.tooDeepToRead() : messages.internalCheckError(String(error));
      return this.refused<T>(input, Number.isFinite(at) && at >= 0 ? at : end, message);
    }
  }

  /**
   * The parse of `input` made from `old`, the parse of the previous text (changed in place), when
   * the edit lies inside one declaration (strata-incremental-parse.ts); undefined: parse it whole.
   */
  reparse<T extends AstNode>(old: ParseResult<T>, input: string): ParseResult<T> | undefined {
    // A declaration spliced into the old tree changes its depth: the nesting check walks it again.
    nestedPastLimit.delete(old.value);
    // The limits hold for the whole text (a declaration alone nests one bracket less).
    if (bracketsPastLimit(input, limits.brackets) !== undefined || prefixRunPastLimit(input, limits.prefixRun) !== undefined) return undefined;
    const parseRule = (text: string, rule: string): ParseResult | undefined => {
      try {
        return this.parseLinked(text, { rule });
      } catch {
        this.reset();
        return undefined;
      }
    };
    const lex = (text: string) => {
      const result = this.lexer.tokenize(text);
      const tokens = [...result.tokens, ...(result.hidden ?? [])].sort((a, b) => a.startOffset - b.startOffset);
      return { tokens, failed: result.errors.length > 0 || (result.report?.diagnostics.length ?? 0) > 0 };
    };
    return reparseDeclaration(old, input, parseRule, lex);
  }

  /**
   * Langium's `parse` (langium/lib/parser/langium-parser.js, MIT), with its last step, setting
   * every node's `$container`, `$containerProperty` and `$containerIndex`, done by `linkContainers`:
   * Langium's `linkContentToContainer` made an `Object.entries` array, a pair per property and a
   * closure per list for each node (a tenth of a compile's allocations).
   */
  private parseLinked<T extends AstNode>(input: string, options: ParseOptions = {}): ParseResult<T> {
    const self = this as unknown as LangiumParserInternals;
    self.heights.length = 0;
    self.heightUnknown = false;
    self.nodeBuilder.buildRootNode(input);
    const lexerResult = (self.lexerResult = this.lexer.tokenize(input));
    this.wrapper.input = lexerResult.tokens;
    const ruleMethod = options?.rule ? this.allRules.get(options.rule) : this.mainRule;
    if (!ruleMethod) throw new Error(options?.rule ? `No rule found with name '${options.rule}'` : 'No main rule available.');
    const result = self.doParse(ruleMethod) as T;
    self.nodeBuilder.addHiddenNodes(lexerResult.hidden);
    this.unorderedGroups.clear();
    self.lexerResult = undefined;
    const parserErrors = this.wrapper.errors;
    if (!this.linksWhileParsing()) {
      if (options?.rule) linkContainers(result);
      else nestedPastLimit.set(result, linkContainers(result, 0, limits.nesting) ?? null);
    } else if (!options?.rule) {
      // Containers are linked; the nesting check's answer needs a walk only when the tree may
      // nest past the limit: its height, counted while parsing (the walk too after an error).
      const clean = parserErrors.length === 0 && lexerResult.errors.length === 0 && !self.heightUnknown && self.lastBuilt === result;
      nestedPastLimit.set(result, clean && self.lastHeight <= limits.nesting ? null : (linkContainers(result, 0, limits.nesting) ?? null));
    }
    // The finished tree is let go of by the parser and its CST builder (they held it until the next parse).
    self.lastBuilt = undefined;
    self.nodeBuilder.buildRootNode('');
    const parsed = { value: result, lexerErrors: lexerResult.errors, lexerReport: lexerResult.report, parserErrors };
    // The tokens are not needed past the parse (the tree holds what it needs of them); held by
    // the parser, they lived on until the next parse, through the collections of a whole build.
    this.wrapper.input = NO_TOKENS;
    return parsed;
  }

  /** An empty model with one parse error at `offset` of `input`. */
  private refused<T extends AstNode>(input: string, offset: number, message: string): ParseResult<T> {
    const empty = super.parse<T>('');
    const token = tokenAt(input, offset);
    const error = { name: 'NestingLimit', message, token, resyncedTokens: [], context: { ruleStack: [], ruleOccurrenceStack: [] } };
    return { ...empty, parserErrors: [error] };
  }

  /** After a thrown parse: the rule stack Langium keeps is left mid-rule. */
  private reset(): void {
    (this as unknown as { stack: unknown[] }).stack = [];
  }

  /**
   * Whether this parser's `assign` and `assignWithoutOverride` (below) set every node's container
   * as they place it, and count the tree's height with `construct`: with rules built by
   * strata-parser-builder.ts, whose grammar has no infix rules (Langium builds those nodes
   * without `assign`). Otherwise `linkContainers` links the tree after the parse, as Langium does.
   */
  private linksWhileParsing(): boolean {
    const self = this as unknown as LangiumParserInternals;
    return this.ownRules && self.assign === assign && self.assignWithoutOverride === assignWithoutOverride && self.construct === construct;
  }

  /** Set by createStrataParser when strata-parser-builder.ts built the rules. */
  ownRules = false;
  /**
   * The height of each node being built (0: no child node yet), by its place on Langium's stack of
   * them; `construct` notes the height of the node it finishes (`lastHeight`) and zeroes its place.
   * A node is placed right after it is finished, so `assign` and `assignWithoutOverride` know its
   * height; should one place a node that is not the last finished, the height is unknown.
   */
  heights: number[] = [];
  lastBuilt: unknown = undefined;
  lastHeight = 0;
  heightUnknown = false;
}

/**
 * Langium's `assignWithoutOverride` (langium-parser.js, MIT): `source`'s properties copied into
 * `target` where it has none, lists joined (the source's items first), in the source's order.
 * `target` (a called rule's result) becomes the node being built in place of `source`: the nodes
 * moved over are relinked to it (a joined list's later items move up by the source's length), and
 * the height counted for `source` on the open syntax node takes `target`'s (see `assign`).
 */
function assignWithoutOverride(this: LangiumParserInternals, target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown> {
  for (const name in source) {
    if (!Object.hasOwn(source, name)) continue;
    const existingValue = source[name];
    const newValue = target[name];
    if (newValue === undefined) {
      target[name] = existingValue;
      if (Array.isArray(existingValue)) {
        for (const item of existingValue) if (isAstNode(item)) (item as Contained).$container = target as unknown as AstNode;
      } else if (isAstNode(existingValue)) (existingValue as Contained).$container = target as unknown as AstNode;
    } else if (Array.isArray(newValue) && Array.isArray(existingValue)) {
      const shift = existingValue.length;
      for (const item of existingValue) if (isAstNode(item)) (item as Contained).$container = target as unknown as AstNode;
      for (const item of newValue) if (isAstNode(item)) (item as Contained).$containerIndex! += shift;
      existingValue.push(...(newValue as unknown[]));
      target[name] = existingValue;
    }
  }
  if (target === this.lastBuilt) raiseHeight(this, this.lastHeight);
  else this.heightUnknown = true;
  target['$cstNode'] = undefined;
  return target;
}

/** The members of Langium's parser that `parseLinked`, `construct` and `getAssignment` use (private there). */
interface LangiumParserInternals {
  nodeBuilder: { buildRootNode(input: string): void; addHiddenNodes(tokens: IToken[]): void; construct(node: object): void; readonly current: object };
  current: Record<string, unknown>;
  heights: number[];
  lastBuilt: unknown;
  lastHeight: number;
  heightUnknown: boolean;
  linker: { buildReference(...args: unknown[]): unknown; buildMultiReference(...args: unknown[]): unknown };
  linkCstNode(item: unknown): void;
  extractHiddenTokens(token: IToken): IToken[];
  assign(operator: string, feature: string, value: unknown, cstNode: unknown, crossRef: Assignment['crossRef']): void;
  assignWithoutOverride(target: Record<string, unknown>, source: Record<string, unknown>): Record<string, unknown>;
  lexerResult: unknown;
  doParse(rule: unknown): AstNode;
  isRecording(): boolean;
  stack: Record<string | symbol, unknown>[];
  converter: { convert(value: unknown, cst: unknown): unknown };
  constructInfix(node: object, precedence: unknown): unknown;
  operatorPrecedence: Map<unknown, unknown>;
  astReflection: AstReflection;
  assignmentMap: Map<GrammarAST.AbstractElement, Assignment>;
  construct(): unknown;
  computeRuleType(rule: unknown): unknown;
  getAssignment(feature: GrammarAST.AbstractElement): Assignment;
}

type Assignment = { assignment: GrammarAST.Assignment | undefined; crossRef: 'single' | 'multi' | undefined };

/**
 * Langium's `construct` (langium-parser.js, MIT): the rule's node is done. Its properties with a
 * default value (empty lists, false) are set from a list made once per type, where Langium's
 * `assignMandatoryProperties` made an array of the type's properties for every node.
 */
function construct(this: LangiumParserInternals): unknown {
  if (this.isRecording()) return undefined;
  const place = this.stack.length - 1;
  const obj = this.stack.pop()!;
  const height = this.heights[place] ?? 0;
  this.heights[place] = 0;
  this.nodeBuilder.construct(obj);
  if ('$infixName' in obj) return this.constructInfix(obj, this.operatorPrecedence.get(obj['$infixName']));
  if (obj['$type'] === DatatypeSymbol) return this.converter.convert(obj['value'], obj['$cstNode']);
  for (const [name, value] of defaultsOf(this.astReflection, obj['$type'] as string)) {
    if (obj[name] === undefined) obj[name] = Array.isArray(value) ? copyDefault(value) : value;
  }
  this.lastBuilt = obj;
  this.lastHeight = height;
  return obj;
}

/** Per reflection and type: the properties with a default value, and that value. */
const defaultsByReflection = new WeakMap<AstReflection, Map<string, [string, unknown][]>>();

function defaultsOf(reflection: AstReflection, type: string): [string, unknown][] {
  let byType = defaultsByReflection.get(reflection);
  if (!byType) defaultsByReflection.set(reflection, (byType = new Map()));
  let defaults = byType.get(type);
  if (!defaults) {
    defaults = Object.values(reflection.getTypeMetaData(type).properties)
      .filter((p) => p.defaultValue !== undefined)
      .map((p): [string, unknown] => [p.name, p.defaultValue]);
    byType.set(type, defaults);
  }
  return defaults;
}

/** Langium's `copyDefaultValue`: a list default is copied (nested lists too), so nodes do not share it. */
function copyDefault(value: unknown): unknown {
  return Array.isArray(value) ? value.map(copyDefault) : value;
}

/**
 * Langium's `assign` (langium-parser.js, MIT): a value found for `feature` of the node being
 * built. A list property's first item makes a list of one (Langium pushed it into an empty list,
 * which V8 gives room for 17; the parser makes thousands of such lists, most of one item).
 */
function assign(this: LangiumParserInternals, operator: string, feature: string, value: unknown, cstNode: unknown, crossRef: Assignment['crossRef']): void {
  const obj = this.current;
  let item: unknown;
  if (crossRef === 'single' && typeof value === 'string') item = this.linker.buildReference(obj, feature, cstNode, value);
  else if (crossRef === 'multi' && typeof value === 'string') item = this.linker.buildMultiReference(obj, feature, cstNode, value);
  else item = value;
  // The assigned node is fully constructed at this point, so its CST node is linked to it.
  this.linkCstNode(item);
  // A node placed here is linked to its container at once (Langium's parse walked the whole tree
  // after parsing for that, `linkContentToContainer`), and the height of the node being built,
  // counted on its open syntax node, is raised past the item's.
  let node: Contained | undefined;
  if (item === this.lastBuilt) {
    node = item as Contained;
    raiseHeight(this, this.lastHeight + 1);
  } else if (isAstNode(item)) {
    node = item as Contained;
    this.heightUnknown = true;
  }
  switch (operator) {
    case '=':
      obj[feature] = item;
      if (node) {
        node.$container = obj as unknown as AstNode;
        node.$containerProperty = feature;
      }
      break;
    case '?=':
      obj[feature] = true;
      break;
    case '+=': {
      const list = obj[feature];
      let index = 0;
      if (Array.isArray(list)) index = list.push(item) - 1;
      else obj[feature] = [item];
      if (node) {
        node.$container = obj as unknown as AstNode;
        node.$containerProperty = feature;
        node.$containerIndex = index;
      }
    }
  }
}

/** The node being built (the top of Langium's stack) has at least `height` (StrataParser.heights). */
function raiseHeight(parser: LangiumParserInternals, height: number): void {
  const place = parser.stack.length - 1;
  const known = parser.heights[place];
  if (known === undefined || known < height) parser.heights[place] = height;
}

/** No comments before a token (shared, never added to: the CST builder adds no empty list). */
const NO_TOKENS: IToken[] = Object.freeze([]) as unknown as IToken[];

/**
 * Langium's `extractHiddenTokens` (langium-parser.js, MIT): the comments the lexer found before
 * `token`, taken off its list. Langium made an empty list for every token with none before it
 * (a `splice` of nothing while comments remain further on).
 */
function extractHiddenTokens(this: LangiumParserInternals & { lexerResult: { hidden: IToken[] } }, token: IToken): IToken[] {
  const hidden = this.lexerResult.hidden;
  if (hidden.length === 0 || hidden[0]!.startOffset > token.startOffset) return NO_TOKENS;
  const offset = token.startOffset;
  for (let i = 1; i < hidden.length; i++) if (hidden[i]!.startOffset > offset) return hidden.splice(0, i);
  return hidden.splice(0, hidden.length);
}

/** Langium's `getAssignment` (langium-parser.js, MIT), one lookup when the answer is known. */
function getAssignment(this: LangiumParserInternals, feature: GrammarAST.AbstractElement): Assignment {
  let known = this.assignmentMap.get(feature);
  if (known === undefined) {
    const assignment = AstUtils.getContainerOfType(feature, GrammarAST.isAssignment);
    known = {
      assignment,
      crossRef: assignment && GrammarAST.isCrossReference(assignment.terminal) ? (assignment.terminal.isMulti ? 'multi' : 'single') : undefined,
    };
    this.assignmentMap.set(feature, known);
  }
  return known;
}

/**
 * What Langium's `linkContentToContainer(node, { deep: true })` does, in the same order: every
 * node below `node` gets its container, the property holding it and, in a list, its index.
 * Recursive like Langium's (an AST nested past the stack is reported by `parse`, as before).
 * With `limit`, it also answers the nesting check's question on the way (limit-checks.ts, which
 * walked every node again): the node it reports, the first `limit + 1` levels below the root in
 * its walk (children last to first), which is the last such node in this walk (children first to last).
 */
export function linkContainers(node: AstNode, depth = 0, limit = Infinity): AstNode | undefined {
  let found: AstNode | undefined;
  const record = node as unknown as Record<string, unknown>;
  for (const name in record) {
    if (name.charCodeAt(0) === 36 /* $ */ || !Object.hasOwn(record, name)) continue;
    const value = record[name];
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (!isAstNode(item)) continue;
        const contained = item as Contained;
        contained.$container = node;
        contained.$containerProperty = name;
        contained.$containerIndex = index;
        found = linkContainers(item, depth + 1, limit) ?? found;
      }
    } else if (isAstNode(value)) {
      const contained = value as Contained;
      contained.$container = node;
      contained.$containerProperty = name;
      found = linkContainers(value, depth + 1, limit) ?? found;
    }
  }
  // The check stops at a node past the limit: what lies below it is not asked.
  return depth === limit + 1 ? node : found;
}

/**
 * Per root of a whole parse: the node the nesting check reports (null: none), found while linking
 * containers. A root whose tree changed since (an edit spliced in) has none and is walked again.
 */
const nestedPastLimit = new WeakMap<AstNode, AstNode | null>();

/** The node nested past `limits.nesting` that the nesting check reports in `root`'s tree, null for none; undefined: not known, walk it. */
export function knownNestedPastLimit(root: AstNode): AstNode | null | undefined {
  return nestedPastLimit.get(root);
}

type Contained = { $container?: AstNode; $containerProperty?: string; $containerIndex?: number };

/** The offset of the first bracket that opens past `limit` others (outside texts and comments). */
export function bracketsPastLimit(text: string, limit: number): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* \ */) i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 40 || c === 91 || c === 123 /* ( [ { */) {
      if (++depth > limit) return i;
    } else if ((c === 41 || c === 93 || c === 125) && depth > 0) depth--;
  }
  return undefined;
}

/**
 * The offset of the first prefix operator (`-`, `not`) past `limit` in a row. Each nests like a
 * bracket, and where a declaration is expected the parser's lookahead reads a run of them again
 * at every token: 2,000 `-` signs took 20 s before this bound.
 */
export function prefixRunPastLimit(text: string, limit: number): number | undefined {
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92 /* \ */) i++;
      run = 0;
    } else if (c === 47 /* / */ && (text.charCodeAt(i + 1) === 47 || text.charCodeAt(i + 1) === 42)) {
      // Comments are skipped (a `-` after one still continues the run).
      if (text.charCodeAt(i + 1) === 47) while (i < text.length && text.charCodeAt(i) !== 10) i++;
      else {
        const end = text.indexOf('*/', i + 2);
        i = end < 0 ? text.length : end + 1;
      }
    } else if (c === 45 /* - */ && text.charCodeAt(i + 1) !== 62 /* > */) {
      if (++run > limit) return i;
    } else if (c === 110 /* n */ && text.startsWith('not', i) && !isWordChar(text.charCodeAt(i - 1)) && !isWordChar(text.charCodeAt(i + 3))) {
      if (++run > limit) return i;
      i += 2;
    } else run = 0;
  }
  return undefined;
}

function isWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** A one-character token at `offset`, for a diagnostic's position (lines and columns 1-based). */
function tokenAt(text: string, offset: number): IToken {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  const column = offset - lineStart + 1;
  return {
    image: text.charAt(offset),
    startOffset: offset,
    endOffset: offset,
    startLine: line,
    startColumn: column,
    endLine: line,
    endColumn: column,
    tokenTypeIdx: 0,
    tokenType: { name: 'NestingLimit' } as IToken['tokenType'],
  };
}

export function createStrataParser(services: LangiumCoreServices): LangiumParser {
  const strata = new StrataParser(services);
  const parser = buildStrataParser(services.Grammar, strata, services.parser.Lexer.definition);
  strata.ownRules = buildsOwnRules(services.Grammar);
  parser.finalize();
  return parser;
}
