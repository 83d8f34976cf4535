/**
 * One error per real mistake. After a syntax error the parser recovers by guessing, and its guesses
 * produce follow-up errors (a `}` "expected" at the next statement, a declaration "not expected" at
 * the end of the game) and checker errors on the half-read statement. This keeps the first syntax
 * error of each damaged part and drops what follows from it:
 *
 * - the damaged part of an error inside a declaration's body (`flow { … }`, an action's body, a
 *   block of a scenario) is that whole body, outermost braces below the game's;
 * - of an error among the declarations themselves, up to the next line that starts a declaration;
 * - a "the file should end" error after an earlier syntax error is the parser closing the game early;
 * - checker errors inside a damaged part, names a linking error cannot find that occur in a damaged
 *   part (a declaration lost to the error), and warnings of a file with syntax errors (unused names
 *   that its lost statements used) are dropped too: they return, correct, once the file parses.
 *
 * Braces are matched on the text (texts in quotes and comments skipped), since the tree is what the
 * error damaged.
 */
import type { LangiumDocument } from 'langium';
import { messages } from '../messages.js';

type LspDiagnostic = NonNullable<LangiumDocument['diagnostics']>[number];

const PARSING = 'parsing-error';
const LEXING = 'lexing-error';
const LINKING = 'linking-error';

/** Words that start a declaration, a variant's change or a scenario step (a new part after an error). */
const partStarts = new Set([
  ...['players', 'param', 'enum', 'kind', 'zone', 'board', 'die', 'var', 'fn', 'proc', 'action', 'trigger'],
  ...['setup', 'flow', 'rank', 'set', 'replace', 'add', 'remove', 'seed', 'do', 'choose', 'expect', 'reject'],
  ...['run', 'roll', 'game', 'variant', 'scenario', 'use'],
]);

interface Block {
  open: number;
  /** Offset of the matching `}`, or the text's length when there is none. */
  close: number;
  depth: number;
}

/** Every `{ … }` of the text, with its nesting depth (1 = a game's, variant's or scenario's). */
export function braceBlocks(text: string): Block[] {
  const blocks: Block[] = [];
  const open: Block[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34 && text.charCodeAt(i) !== 10; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      while (i < text.length && text.charCodeAt(i) !== 10) i++;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 123 /* { */) {
      const block = { open: i, close: text.length, depth: open.length + 1 };
      blocks.push(block);
      open.push(block);
    } else if (c === 125 /* } */) {
      const block = open.pop();
      if (block) block.close = i;
    }
  }
  return blocks;
}

/** The offsets [from, to) that an error at `offset` may have damaged. */
function damagedPart(text: string, blocks: Block[], offset: number): [number, number] {
  const around = blocks.filter((b) => b.open < offset && offset <= b.close);
  const body = around.find((b) => b.depth === 2);
  if (body) return [body.open, body.close + 1];
  const outer = around.find((b) => b.depth === 1);
  // Among declarations (or outside any game): up to the next line that starts a new part.
  const end = outer ? outer.close : text.length;
  const lineStart = Math.max(text.lastIndexOf('\n', offset - 1) + 1, outer ? outer.open + 1 : 0);
  const lineEnd = text.indexOf('\n', offset);
  let at = lineEnd < 0 ? text.length : lineEnd + 1;
  while (at < end) {
    const word = /^[ \t]*([A-Za-z_]\w*)/.exec(text.slice(at, at + 40))?.[1];
    const inside = blocks.some((b) => b.open < at && at <= b.close && b.depth > (outer ? 1 : 0));
    if (word && partStarts.has(word) && !inside) return [lineStart, at];
    const next = text.indexOf('\n', at);
    at = next < 0 ? text.length : next + 1;
  }
  return [lineStart, end];
}

function textOf(d: LspDiagnostic): string {
  return typeof d.message === 'string' ? d.message : d.message.value;
}

function codeOf(d: LspDiagnostic): string | undefined {
  const data: unknown = d.data;
  if (typeof data === 'object' && data !== null && 'code' in data && typeof data.code === 'string') return data.code;
  return typeof d.code === 'string' ? d.code : undefined;
}

/**
 * A character that is not part of the language (`&&`, `'a'`) is the mistake: the first such error of
 * a line stays, and every later diagnostic of that line (the parser and checker reading on) goes.
 */
function afterBadCharacters(diagnostics: LspDiagnostic[]): LspDiagnostic[] {
  const firstBad = new Map<number, number>();
  for (const d of diagnostics) {
    if (codeOf(d) !== LEXING) continue;
    const { line, character } = d.range.start;
    firstBad.set(line, Math.min(firstBad.get(line) ?? Infinity, character));
  }
  if (firstBad.size === 0) return diagnostics;
  return diagnostics.filter((d) => {
    const first = firstBad.get(d.range.start.line);
    return first === undefined || d.range.start.character < first || (codeOf(d) === LEXING && d.range.start.character === first);
  });
}

/** The diagnostics of one document without the follow-ups of its syntax errors (see above). */
export function withoutCascades(text: string, all: LspDiagnostic[], offsetAt: (p: LspDiagnostic['range']['start']) => number): LspDiagnostic[] {
  const diagnostics = afterBadCharacters(all);
  const syntax = diagnostics
    .filter((d) => codeOf(d) === PARSING || codeOf(d) === LEXING)
    .map((d) => ({ d, at: offsetAt(d.range.start) }))
    .sort((a, b) => a.at - b.at);
  if (syntax.length === 0) return diagnostics;
  const blocks = braceBlocks(text);
  const parts: [number, number][] = [];
  const kept = new Set<LspDiagnostic>();
  const endOfGame = messages.syntaxAfterEnd('');
  for (const { d, at } of syntax) {
    if (parts.some(([from, to]) => from <= at && at < to) && codeOf(d) === PARSING) continue;
    // The parser closed the game early; the error that made it do so is reported already.
    if (parts.length > 0 && textOf(d).endsWith(endOfGame)) continue;
    parts.push(damagedPart(text, blocks, at));
    kept.add(d);
  }
  const damaged = (at: number): boolean => parts.some(([from, to]) => from <= at && at < to);
  const damagedText = parts.map(([from, to]) => text.slice(from, to)).join('\n');
  return diagnostics.filter((d) => {
    const code = codeOf(d);
    if (code === PARSING || code === LEXING) return kept.has(d);
    if (d.severity !== 1) return false;
    if (code === LINKING) {
      const name = /'([^']+)'/.exec(textOf(d))?.[1];
      if (name && new RegExp(`\\b${name.replace(/\W/g, '\\$&')}\\b`).test(damagedText)) return false;
    }
    return !damaged(offsetAt(d.range.start));
  });
}
