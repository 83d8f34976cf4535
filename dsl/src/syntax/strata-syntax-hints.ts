/**
 * Hints for the syntax pitfalls designers meet (docs/language.md, issue 13): `=` for `==`, `then`
 * after `if`, `:` and indentation for braces, a misspelt keyword, a keyword as a name, `end` for
 * `}`, a `roll` inside an expression, a `{` never closed. A hint reads the text around the error:
 * the token found, the one before and the one after.
 */
import { AstUtils, GrammarAST } from 'langium';
import { StrataGrammar } from '../generated/grammar.js';
import { messages } from '../messages.js';
import { suggest } from '../checks/strata-suggest.js';
import { braceBlocks } from './strata-syntax-cascades.js';

const grammarKeywords = (ruleFilter: (name: string) => boolean): Set<string> =>
  new Set(
    StrataGrammar()
      .rules.filter((r) => ruleFilter(r.name))
      .flatMap((r) => AstUtils.streamAllContents(r).filter(GrammarAST.isKeyword).map((k) => k.value).toArray())
      .filter((k) => /^[a-z]\w*$/.test(k)),
  );

/** Every word the language reserves, and those a name may still be (`round`, `top` …). */
let words: { all: Set<string>; soft: Set<string> } | undefined;
function keywords(): { all: Set<string>; soft: Set<string> } {
  words ??= { all: grammarKeywords(() => true), soft: grammarKeywords((name) => name === 'Name') };
  return words;
}

/** Words of other languages with the Strata word a designer means. */
const otherLanguages: Record<string, string> = {
  function: 'fn',
  func: 'fn',
  fun: 'fn',
  def: 'fn',
  procedure: 'proc',
  parameter: 'param',
  foreach: 'for',
  print: 'log',
  elif: 'else if',
  elsif: 'else if',
  elseif: 'else if',
};

interface Around {
  found: string;
  before: string;
  after: string;
  line: string;
  previousLine: string;
}

const tokenPattern = /[A-Za-z_]\w*|\d+|"(?:\\.|[^"\\])*"|==|!=|<=|>=|\+=|-=|->|=>|\.\.|\S/y;

function tokenAt(text: string, offset: number): string {
  tokenPattern.lastIndex = offset;
  return tokenPattern.exec(text)?.[0] ?? '';
}

function around(text: string, offset: number): Around {
  const found = tokenAt(text, offset);
  let b = offset - 1;
  while (b >= 0 && /\s/.test(text.charAt(b))) b--;
  let start = b;
  while (start > 0 && /\w/.test(text.charAt(start)) && /\w/.test(text.charAt(start - 1))) start--;
  const before = b >= 0 ? tokenAt(text, start) : '';
  let a = offset + found.length;
  while (a < text.length && /\s/.test(text.charAt(a))) a++;
  const after = tokenAt(text, a);
  const lineStart = text.lastIndexOf('\n', offset - 1) + 1;
  const lineEnd = text.indexOf('\n', offset);
  const line = text.slice(lineStart, lineEnd < 0 ? text.length : lineEnd);
  const previousLines = text.slice(0, Math.max(0, lineStart - 1)).split('\n');
  let previousLine = '';
  while (previousLines.length && !(previousLine = previousLines.pop() ?? '').trim());
  return { found, before, after, line, previousLine };
}

const expects = (message: string, what: string): boolean => new RegExp(`^Expected .*${what}.* here, but found`).test(message);

/**
 * The `{` most likely left open: the last one before `offset` whose `}` is not where the `{`'s line
 * starts (a `{` left open shifts every `}` after it), else one with no `}` at all.
 */
function unclosedLine(text: string, offset: number): { line: number; never: boolean } | undefined {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  const lineOf = (at: number): number => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  };
  const lineStart = (at: number): number => text.lastIndexOf('\n', at - 1) + 1;
  const indent = (at: number): number => /^[ \t]*/.exec(text.slice(lineStart(at)))![0].length;
  let suspect: number | undefined;
  let unclosed: number | undefined;
  for (const b of braceBlocks(text)) {
    if (b.open >= offset) break;
    if (b.close >= text.length) {
      unclosed ??= b.open;
      continue;
    }
    const closeIsFirst = /^[ \t]*$/.test(text.slice(lineStart(b.close), b.close));
    if (lineOf(b.close) !== lineOf(b.open) && closeIsFirst && b.close - lineStart(b.close) !== indent(b.open)) suspect = b.open;
  }
  if (suspect !== undefined) return { line: lineOf(suspect), never: false };
  return unclosed === undefined ? undefined : { line: lineOf(unclosed), never: true };
}

/** A hint for the syntax error `message` at `offset` of `text`, if a known pitfall fits. */
export function syntaxHint(text: string, offset: number, message: string): string | undefined {
  const { found, before, after, line, previousLine } = around(text, offset);
  const { all, soft } = keywords();
  const condition = /^\s*(\}?\s*else\s+)?(if|while|expect|requires)\b/.test(line) || /\b(where|until)\b/.test(line);
  if (found === '=' && condition && !expects(message, "'='")) return messages.hintCompare();
  if (found === '==' && expects(message, "'='")) return messages.hintAssignNotCompare();
  if (found === 'then') return messages.hintIfThen();
  if (found === ':' && expects(message, "'\\{'")) return messages.hintBraces();
  if (/^Expected ':' here/.test(message) || (before === ':' && expects(message, 'a type'))) return messages.hintTypeColon();
  if (found === 'draw' && before === 'game') return messages.hintDrawIf();
  if (found === 'end' || before === 'end') return messages.hintEnd();
  if (found === 'return') return messages.hintNoReturn();
  if (['roll', 'choose', 'create'].includes(found) && expects(message, 'a value')) return messages.hintWholeValue(found);
  if (['roll', 'choose', 'create'].includes(after) && /^[-+*/%<>=!]/.test(found)) return messages.hintWholeValue(after);
  if (isIncrement(text, offset, found.length)) return messages.hintIncrement();
  if (after === '==' && expects(message, 'a statement')) return messages.hintAssignNotCompare();
  if (/^([-+*/%<>]|==|!=|<=|>=|and|or)$/.test(found) && (all.has(after) || after === '}' || after === '')) {
    if (!['-', 'not'].includes(found) || expects(message, "'\\}'")) return messages.hintMissingOperand(found);
  }
  if (found === 'of' && expects(message, "'in'")) return messages.hintForIn();
  if (found === '-' && /^\s*players\b/.test(line)) return messages.hintRange();
  if (/^\s*call\b.*\)\s*\(.*\)\s*$/.test(previousLine) || /^\s*call\b.*\)\s*\(.*\)/.test(line)) {
    if (expects(message, "'='")) return messages.hintCallTwice();
  }
  if (all.has(found) && !soft.has(found) && expects(message, 'a name')) return messages.hintKeywordAsName(found);
  if (/^[A-Za-z_]\w*$/.test(found) && !all.has(found)) {
    const other = otherLanguages[found.toLowerCase()];
    if (other === 'else if') return messages.hintElseIf();
    if (other) return messages.hintDidYouMean(other);
    const near = suggest(found, all);
    if (near) return messages.hintDidYouMean(near);
  }
  if (expects(message, "'\\}'")) {
    const open = unclosedLine(text, offset);
    if (open) return open.never ? messages.hintNeverClosed(open.line) : messages.hintUnclosed(open.line);
    if (message.endsWith(`found ${messages.endOfFile()}.`)) return messages.hintMissingClose();
  }
  return undefined;
}

/** `x++` or `x--` near `offset`: exactly two signs, right after a name (not a run of `-` signs). */
function isIncrement(text: string, offset: number, length: number): boolean {
  const m = /\+\+|--/.exec(text.slice(offset, offset + length + 4));
  if (!m) return false;
  const sign = (i: number): boolean => text.charAt(i) === '+' || text.charAt(i) === '-';
  let a = offset + m.index;
  while (a > 0 && sign(a - 1)) a--;
  let b = offset + m.index;
  while (b < text.length && sign(b)) b++;
  return b - a === 2 && /[\w)\]]/.test(text.charAt(a - 1));
}
