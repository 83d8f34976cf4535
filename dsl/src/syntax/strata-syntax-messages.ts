/**
 * Syntax errors in a designer's words: "Expected '}' here, but found 'phase'." rather than
 * Chevrotain's token dumps. Terminals read as what they are (a name, a number, a text in quotes).
 */
import { AstUtils, DefaultLexerErrorMessageProvider, GrammarAST, LangiumParserErrorMessageProvider } from 'langium';
import { StrataGrammar } from '../generated/grammar.js';
import { messages } from '../messages.js';

type Provider = LangiumParserErrorMessageProvider;
type MismatchOptions = Parameters<Provider['buildMismatchTokenMessage']>[0];
type NotAllInputOptions = Parameters<Provider['buildNotAllInputParsedMessage']>[0];
type NoViableOptions = Parameters<Provider['buildNoViableAltMessage']>[0];
type EarlyExitOptions = Parameters<Provider['buildEarlyExitMessage']>[0];
type TokenType = MismatchOptions['expected'];
type Token = MismatchOptions['actual'];

const terminals: Record<string, string> = {
  ID: 'a name',
  INT: 'a whole number',
  STRING: 'a text in quotes',
  EOF: messages.endOfFile(),
};

/** When many tokens would do, say what kind of thing was expected. */
const ruleWords: Record<string, string> = {
  Model: 'a `game`, `variant`, `scenario` or `use`',
  Member: 'a declaration (players, param, enum, kind, zone, board, die, var, fn, proc, action, trigger, setup, flow, rank)',
  Statement: 'a statement',
  ...Object.fromEntries(
    [
      ...['Expression', 'Or', 'And', 'Not', 'Comparison', 'Additive', 'Multiplicative', 'Unary'],
      ...['Postfix', 'Primary', 'LetValue', 'LetBound', 'LetAnd', 'LetNot', 'LetComparison', 'Chain', 'CallTarget'],
    ].map(
      (rule) => [rule, 'a value'],
    ),
  ),
  TypeRef: 'a type',
  Name: 'a name',
  BoardShape: 'a board shape (graph, square, hex, track)',
  Change: 'a change (set, replace, add, remove)',
  ScenarioItem: 'a scenario step (players, seed, do, choose, expect, reject, run)',
};

const MAX_LISTED = 6;

/** The keywords a name may also be (`round`, `top` …): listed as "a name", not one by one. */
const softKeywords: Set<string> = (() => {
  const rule = StrataGrammar().rules.find((r) => r.name === 'Name');
  return new Set(rule ? AstUtils.streamAllContents(rule).filter(GrammarAST.isKeyword).map((k) => k.value) : []);
})();

function tokenName(type: TokenType): string {
  return type.name.endsWith(':KW') ? type.name.slice(0, -3) : type.name;
}

function label(type: TokenType): string {
  const name = tokenName(type);
  return terminals[name] ?? `'${name}'`;
}

function found(token: Token | undefined): string {
  if (!token || token.tokenType?.name === 'EOF' || token.image === '') return messages.endOfFile();
  return `'${token.image}'`;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}

function expectedFromPaths(paths: TokenType[][], ruleName: string): string[] {
  const tokens = paths.map((p) => p[0]).filter((t): t is TokenType => t !== undefined);
  const takesName = tokens.some((t) => tokenName(t) === 'ID');
  const first = unique(tokens.filter((t) => !(takesName && softKeywords.has(tokenName(t)))).map(label));
  // A number and `not` both fit only where an expression starts.
  if (first.includes(terminals['INT']!) && first.includes("'not'")) return [ruleWords['Expression']!];
  if (first.length <= MAX_LISTED && first.length > 0) return first;
  // Langium marks rule names with an invisible suffix.
  const rule = ruleName.replace(/[^\w]/g, '');
  return [ruleWords[rule] ?? `${first.slice(0, MAX_LISTED).join(', ')} …`];
}

export class StrataParserErrorMessageProvider extends LangiumParserErrorMessageProvider {
  override buildMismatchTokenMessage({ expected, actual }: MismatchOptions): string {
    if (tokenName(expected) === 'EOF') return messages.syntaxAfterEnd(found(actual));
    return messages.syntaxExpected([label(expected)], found(actual));
  }

  override buildNotAllInputParsedMessage({ firstRedundant }: NotAllInputOptions): string {
    return messages.syntaxAfterEnd(found(firstRedundant));
  }

  override buildNoViableAltMessage({ expectedPathsPerAlt, actual, ruleName }: NoViableOptions): string {
    return messages.syntaxExpected(expectedFromPaths(expectedPathsPerAlt.flat(), ruleName), found(actual[0]));
  }

  override buildEarlyExitMessage({ expectedIterationPaths, actual, ruleName }: EarlyExitOptions): string {
    return messages.syntaxExpected(expectedFromPaths(expectedIterationPaths, ruleName), found(actual[0]));
  }
}

/** Characters of other languages, with what Strata writes instead. */
const characterHints: Record<string, () => string> = {
  '&': messages.hintAnd,
  '|': messages.hintOr,
  '!': messages.hintNot,
  ';': messages.hintNoSemicolon,
  "'": messages.hintDoubleQuotes,
};

export class StrataLexerErrorMessageProvider extends DefaultLexerErrorMessageProvider {
  override buildUnexpectedCharactersMessage(fullText: string, startOffset: number, length: number): string {
    const text = fullText.substring(startOffset, startOffset + length);
    const hint = characterHints[text.charAt(0)]?.();
    return hint ? `${messages.syntaxBadCharacter(text)} ${hint}` : messages.syntaxBadCharacter(text);
  }
}
