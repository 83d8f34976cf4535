/**
 * The parser's rules built from the grammar, as Langium's `createParser` builds them
 * (langium/lib/parser/parser-builder-base.js, MIT), with the same elements in the same order and
 * the same occurrence numbers, but without allocating while parsing.
 *
 * Langium's builder serves grammars with rule parameters and guards, so every element passes the
 * rule's arguments on: each alternation built its list of alternatives anew (an object and a
 * closure per alternative: 14 for every operand of an expression), each group, `?`, `*` and `+`
 * made a closure and an options object, and each rule call an empty arguments object, at every
 * step of a parse. Strata's grammar has no parameters nor guards, so here every element is one
 * function made once, and Chevrotain gets the same lists and options objects each time (as its
 * performance guide asks). A grammar that uses what this builder does not know (parameters,
 * guards, unordered groups, infix rules, fragments, `EOF`) is built by Langium's `createParser`.
 */
import { GrammarAST, GrammarUtils, createParser, type Grammar, type LangiumParser } from 'langium';

type Method = () => void;
type TokenTypeDictionary = Parameters<typeof createParser>[2];
type RuleMethod = Parameters<LangiumParser['subrule']>[1];
type RuleArgs = Parameters<LangiumParser['subrule']>[4];

/** What every rule call passes on (nothing reads it: no rule has parameters). */
const NO_ARGS: RuleArgs = Object.freeze({});

interface Context {
  parser: LangiumParser;
  tokens: TokenTypeDictionary;
  consume: number;
  optional: number;
  subrule: number;
  many: number;
  or: number;
}

/** Builds `parser`'s rules from `grammar` (Langium's builder when the grammar needs it). */
export function buildStrataParser(grammar: Grammar, parser: LangiumParser, tokens: TokenTypeDictionary): LangiumParser {
  if (!buildsOwnRules(grammar)) return createParser(grammar, parser, tokens);
  for (const rule of reachableRules(grammar)) {
    if (!GrammarAST.isParserRule(rule)) continue;
    const ctx: Context = { parser, tokens, consume: 1, optional: 1, subrule: 1, many: 1, or: 1 };
    parser.rule(rule, buildElement(ctx, rule.definition));
  }
  passNoArguments(parser);
  return parser;
}

/** Whether this builder builds `grammar` (else Langium's does). */
export function buildsOwnRules(grammar: Grammar): boolean {
  return reachableRules(grammar).every(supported);
}

function reachableRules(grammar: Grammar): GrammarAST.AbstractRule[] {
  const reachable = GrammarUtils.getAllReachableRules(grammar, false);
  return grammar.rules.filter((r) => reachable.has(r));
}

/** Whether this builder builds `rule` as Langium's would (terminal rules are the lexer's). */
function supported(rule: GrammarAST.AbstractRule): boolean {
  if (GrammarAST.isTerminalRule(rule)) return true;
  if (!GrammarAST.isParserRule(rule) || rule.fragment || rule.parameters.length > 0) return false;
  const stack: GrammarAST.AbstractElement[] = [rule.definition];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (GrammarAST.isUnorderedGroup(element) || GrammarAST.isEndOfFile(element)) return false;
    if (GrammarAST.isGroup(element) && element.guardCondition) return false;
    if (GrammarAST.isRuleCall(element) && element.arguments.length > 0) return false;
    if (GrammarAST.isRuleCall(element) && GrammarAST.isParserRule(element.rule.ref) && element.rule.ref.fragment) return false;
    if (GrammarAST.isRuleCall(element) && !GrammarAST.isParserRule(element.rule.ref) && !GrammarAST.isTerminalRule(element.rule.ref)) return false;
    if (GrammarAST.isAssignment(element)) stack.push(element.terminal);
    else if (GrammarAST.isGroup(element) || GrammarAST.isAlternatives(element)) stack.push(...element.elements);
    else if (GrammarAST.isCrossReference(element) && element.terminal) stack.push(element.terminal);
  }
  return true;
}

function buildElement(ctx: Context, element: GrammarAST.AbstractElement): Method {
  let method: Method;
  if (GrammarAST.isKeyword(element)) method = buildKeyword(ctx, element);
  else if (GrammarAST.isAction(element)) method = buildAction(ctx, element);
  else if (GrammarAST.isAssignment(element)) method = buildElement(ctx, element.terminal);
  else if (GrammarAST.isCrossReference(element)) method = buildCrossReference(ctx, element);
  else if (GrammarAST.isRuleCall(element)) method = buildRuleCall(ctx, element);
  else if (GrammarAST.isAlternatives(element)) method = buildAlternatives(ctx, element);
  else if (GrammarAST.isGroup(element)) method = buildGroup(ctx, element);
  else throw new Error(`Unexpected element type: ${element.$type}`);
  return wrap(ctx, method, element.cardinality);
}

function buildAction(ctx: Context, action: GrammarAST.Action): Method {
  const type = internalized(GrammarUtils.getTypeName(action));
  return () => ctx.parser.action(type, action);
}

/**
 * `name` as V8 keeps a property name: one string per text (internalized). A node's `$type` is
 * compared with literals and used as a key at every node of every pass; read from the grammar's
 * JSON, names longer than ten characters were copies (`ScenarioExpect`, `Comprehension`, …),
 * compared character by character.
 */
export function internalized(name: string): string {
  return Object.keys({ [name]: 0 })[0] ?? name;
}

function buildRuleCall(ctx: Context, ruleCall: GrammarAST.RuleCall): Method {
  const rule = ruleCall.rule.ref;
  if (GrammarAST.isParserRule(rule)) {
    const idx = ctx.subrule++;
    let subrule: RuleMethod | undefined;
    return () => ctx.parser.subrule(idx, (subrule ??= getRule(ctx, rule.name)), false, ruleCall, NO_ARGS);
  }
  if (GrammarAST.isTerminalRule(rule)) {
    const idx = ctx.consume++;
    const token = getToken(ctx, rule.name);
    return () => ctx.parser.consume(idx, token, ruleCall);
  }
  throw new Error(`Undefined rule: ${ruleCall.rule.$refText}`);
}

function buildAlternatives(ctx: Context, alternatives: GrammarAST.Alternatives): Method {
  if (alternatives.elements.length === 1) return buildElement(ctx, alternatives.elements[0]!);
  const alts = alternatives.elements.map((element) => ({ ALT: buildElement(ctx, element) }));
  const idx = ctx.or++;
  return () => ctx.parser.alternatives(idx, alts);
}

function buildGroup(ctx: Context, group: GrammarAST.Group): Method {
  const methods = group.elements.map((e) => buildElement(ctx, e));
  return () => {
    for (let i = 0; i < methods.length; i++) methods[i]!();
  };
}

function buildCrossReference(ctx: Context, crossRef: GrammarAST.CrossReference, terminal = crossRef.terminal): Method {
  if (!terminal) {
    const type = crossRef.type.ref;
    const assignTerminal = type ? GrammarUtils.findNameAssignment(type)?.terminal : undefined;
    if (!assignTerminal) throw new Error(`Could not find name assignment for type: ${crossRef.type.$refText}`);
    return buildCrossReference(ctx, crossRef, assignTerminal);
  }
  if (GrammarAST.isRuleCall(terminal) && GrammarAST.isParserRule(terminal.rule.ref)) {
    const rule = terminal.rule.ref;
    const idx = ctx.subrule++;
    let subrule: RuleMethod | undefined;
    return () => ctx.parser.subrule(idx, (subrule ??= getRule(ctx, rule.name)), false, crossRef, NO_ARGS);
  }
  if (GrammarAST.isRuleCall(terminal) && GrammarAST.isTerminalRule(terminal.rule.ref)) {
    const idx = ctx.consume++;
    const token = getToken(ctx, terminal.rule.ref.name);
    return () => ctx.parser.consume(idx, token, crossRef);
  }
  if (GrammarAST.isKeyword(terminal)) {
    const idx = ctx.consume++;
    const token = getToken(ctx, terminal.value);
    return () => ctx.parser.consume(idx, token, crossRef);
  }
  throw new Error('Could not build cross reference parser');
}

function buildKeyword(ctx: Context, keyword: GrammarAST.Keyword): Method {
  const idx = ctx.consume++;
  const token = getToken(ctx, keyword.value);
  return () => ctx.parser.consume(idx, token, keyword);
}

function wrap(ctx: Context, method: Method, cardinality: '*' | '+' | '?' | undefined): Method {
  if (!cardinality) return method;
  const options = { DEF: method };
  if (cardinality === '*') {
    const idx = ctx.many++;
    return () => ctx.parser.many(idx, options);
  }
  if (cardinality === '+') {
    const idx = ctx.many++;
    return () => ctx.parser.atLeastOne(idx, options);
  }
  const idx = ctx.optional++;
  return () => ctx.parser.optional(idx, options);
}

function getRule(ctx: Context, name: string): RuleMethod {
  const rule = ctx.parser.getRule(name);
  if (!rule) throw new Error(`Rule "${name}" not found."`);
  return rule;
}

function getToken(ctx: Context, name: string): TokenTypeDictionary[string] {
  const token = ctx.tokens[name];
  if (!token) throw new Error(`Token "${name}" not found."`);
  return token;
}

/**
 * Langium hands each rule call's arguments to Chevrotain in a new `{ ARGS: [args] }`; with no
 * parameters in the grammar they are always the same empty object, so one options object serves.
 */
function passNoArguments(parser: LangiumParser): void {
  const wrapper = (parser as unknown as { wrapper: { subrule(idx: number, rule: RuleMethod, options: unknown): unknown; wrapSubrule: unknown } }).wrapper;
  const options = Object.freeze({ ARGS: Object.freeze([NO_ARGS]) });
  wrapper.wrapSubrule = function (this: typeof wrapper, idx: number, rule: RuleMethod): unknown {
    return this.subrule(idx, rule, options);
  };
}
