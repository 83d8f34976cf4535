/**
 * Mutations of rule-file text as data (so a finding can be shrunk by dropping operations): delete,
 * duplicate, swap and replace lines and tokens; insert nesting, huge numbers and hostile names.
 * Positions are taken modulo the text's current size, so every operation applies to any text.
 */
import { hostileFragments, hostileNames, hugeNumbers } from './hostile.js';
import type { Random } from './random.js';

export type TextOp =
  | { op: 'deleteLine' | 'duplicateLine'; line: number }
  | { op: 'swapLines'; line: number; other: number }
  | { op: 'deleteToken' | 'duplicateToken'; line: number; token: number }
  | { op: 'swapTokens'; line: number; token: number; otherLine: number; other: number }
  | { op: 'replaceToken'; line: number; token: number; text: string }
  | { op: 'insert'; line: number; token: number; text: string };

const tokenPattern = /\s+|[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?|"(?:[^"\\]|\\.)*"|./g;

function tokens(line: string): string[] {
  return line.match(tokenPattern) ?? [];
}

/** Indexes of the non-blank tokens of a line. */
function solid(toks: string[]): number[] {
  return toks.flatMap((t, i) => (/^\s+$/.test(t) ? [] : [i]));
}

export function applyTextOps(text: string, ops: readonly TextOp[]): string {
  const lines = text.split('\n');
  for (const o of ops) {
    if (lines.length === 0) lines.push('');
    const li = o.line % lines.length;
    const toks = tokens(lines[li]!);
    const at = solid(toks);
    const token = 'token' in o ? o.token : 0;
    const ti = at.length ? at[token % at.length]! : -1;
    switch (o.op) {
      case 'deleteLine':
        lines.splice(li, 1);
        break;
      case 'duplicateLine':
        lines.splice(li, 0, lines[li]!);
        break;
      case 'swapLines': {
        const lj = o.other % lines.length;
        [lines[li], lines[lj]] = [lines[lj]!, lines[li]!];
        break;
      }
      case 'deleteToken':
        if (ti >= 0) toks.splice(ti, 1);
        lines[li] = toks.join('');
        break;
      case 'duplicateToken':
        if (ti >= 0) toks.splice(ti, 0, toks[ti]!, ' ');
        lines[li] = toks.join('');
        break;
      case 'replaceToken':
        if (ti >= 0) toks[ti] = o.text;
        lines[li] = toks.join('');
        break;
      case 'insert':
        toks.splice(ti >= 0 ? ti : toks.length, 0, o.text, ' ');
        lines[li] = toks.join('');
        break;
      case 'swapTokens': {
        const lj = o.otherLine % lines.length;
        const other = tokens(lines[lj]!);
        const oat = solid(other);
        if (ti < 0 || oat.length === 0) break;
        const tj = oat[o.other % oat.length]!;
        const mine = toks[ti]!;
        toks[ti] = other[tj]!;
        if (lj === li) toks[tj] = mine;
        else other[tj] = mine;
        lines[li] = toks.join('');
        if (lj !== li) lines[lj] = other.join('');
        break;
      }
    }
  }
  return lines.join('\n');
}

/** One to four random operations; most are small, some insert a hostile fragment or value. */
export function randomTextOps(r: Random): TextOp[] {
  const n = 1 + r.int(4);
  const big = 1 << 20;
  return Array.from({ length: n }, (): TextOp => {
    const line = r.int(big);
    const token = r.int(big);
    switch (r.int(9)) {
      case 0:
        return { op: 'deleteLine', line };
      case 1:
        return { op: 'duplicateLine', line };
      case 2:
        return { op: 'swapLines', line, other: r.int(big) };
      case 3:
        return { op: 'deleteToken', line, token };
      case 4:
        return { op: 'duplicateToken', line, token };
      case 5:
        return { op: 'swapTokens', line, token, otherLine: r.chance(0.5) ? line : r.int(big), other: r.int(big) };
      case 6:
        return { op: 'replaceToken', line, token, text: r.pick(hugeNumbers) };
      case 7:
        return { op: 'replaceToken', line, token, text: r.pick(hostileNames) };
      default:
        return { op: 'insert', line, token, text: r.pick(hostileFragments(r.pick([3, 14, 100, 2000]))) };
    }
  });
}
