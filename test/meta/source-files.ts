/** Helpers for the meta tests: walking the source tree and scanning TypeScript for imports and names. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Every file under `dir` (relative to the root), skipping the folders in `skip` (also relative). */
export function filesUnder(dir: string, skip: readonly string[] = []): string[] {
  const start = join(root, dir);
  let exists = false;
  try {
    exists = statSync(start).isDirectory();
  } catch {
    exists = false;
  }
  if (!exists) return [];
  const skipped = new Set(skip.map((s) => join(root, s)));
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const path = join(d, entry.name);
      if (skipped.has(path) || entry.name === 'node_modules') continue;
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile()) out.push(relative(root, path).split(sep).join('/'));
    }
  };
  walk(start);
  return out.sort();
}

export function readSource(file: string): string {
  return readFileSync(join(root, file), 'utf8');
}

/** True for files with a NUL byte in their first kilobytes (images, archives). */
export function isBinary(text: string): boolean {
  return text.slice(0, 8000).includes('\u0000');
}

export interface Finding {
  line: number;
  text: string;
}

/**
 * The game words of the brief, matched as word prefixes, case-insensitively: after a non-letter
 * (so `_herd` counts) and, inside camelCase or PascalCase identifiers, at a capital (`myHerd`).
 */
export const gameWords = [
  'dino', 'habitat', 'herd', 'raptor', 'rex', 'pterodactyl', 'volcano', 'ranch', 'rancher',
  'trias', 'triassic', 'ceratops', 'lava', 'swamp', 'steppe', 'meteorite',
] as const;

const capitalised = gameWords.map((w) => w[0]?.toUpperCase() + w.slice(1));
const wordStart = new RegExp(`(?<![A-Za-z0-9])(?:${gameWords.join('|')})`, 'gi');
const camelStart = new RegExp(`(?<=[a-z0-9])(?:${capitalised.join('|')}|${gameWords.map((w) => w.toUpperCase()).join('|')})`, 'g');

export function gameWordsIn(text: string): Finding[] {
  const found: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    for (const re of [wordStart, camelStart]) {
      for (const m of line.matchAll(re)) found.push({ line: i + 1, text: m[0] });
    }
  });
  return found;
}

/** Module specifiers of static imports, re-exports, `import()` and `require()` calls. */
export function importsOf(fileName: string, text: string): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const add = (node: ts.Node, spec: string): void => {
    found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: spec });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node, node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const [arg] = node.arguments;
      const isImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if ((isImport || isRequire) && arg && ts.isStringLiteralLike(arg)) add(node, arg.text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      add(node, node.argument.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  for (const ref of source.libReferenceDirectives) found.push({ line: 1, text: `lib:${ref.fileName}` });
  return found;
}

/**
 * Identifiers used as values (not property names, not declared locally as such) from `names`:
 * finds `document.body`, `window`, `new Date()`, but not `x.document` or `{ window: 1 }`.
 */
export function globalsUsed(fileName: string, text: string, names: ReadonlySet<string>): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && names.has(node.text)) {
      const parent = node.parent;
      const isMemberName = ts.isPropertyAccessExpression(parent) && parent.name === node;
      const named =
        ts.isPropertyAssignment(parent) || ts.isPropertySignature(parent) || ts.isPropertyDeclaration(parent) ||
        ts.isMethodDeclaration(parent) || ts.isVariableDeclaration(parent) || ts.isParameter(parent) ||
        ts.isBindingElement(parent) || ts.isFunctionDeclaration(parent) || ts.isClassDeclaration(parent) ||
        ts.isInterfaceDeclaration(parent) || ts.isTypeAliasDeclaration(parent);
      // A key or a local declaration of that name is not a use of the global.
      const isDeclaredName = named && parent.name === node;
      if (!isMemberName && !isDeclaredName) {
        found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** `Math.random`, `Date.now`, `performance.now`, `process.hrtime` and friends, by member access. */
export function memberCallsUsed(fileName: string, text: string, pairs: readonly (readonly [string, string])[]): Finding[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Finding[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression)) {
      const obj = node.expression.text;
      const prop = node.name.text;
      if (pairs.some(([o, p]) => o === obj && p === prop)) {
        found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: `${obj}.${prop}` });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
