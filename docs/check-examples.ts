// Extracts the ```strata blocks of docs/language.md into files, so that tools/parse-check.ts (and,
// with --check, the full checker of dsl/index.ts) can verify every example of the reference.
//   npx tsx docs/check-examples.ts [--out DIR] [--check] [--quotes]
// Conventions (stated in the document's introduction):
// - a block that starts with `use`, `game`, `variant` or `scenario` is a whole file, taken as is;
// - any other block holds game members and is wrapped in `game Example { … }`;
// - under a heading `## Game: <Title>`, the blocks are excerpts of one rule file: besides being
//   checked one by one, they are joined into `game <TitleWithoutSpaces> { … }`, with the
//   `variant` and `scenario` blocks placed after the game;
// - a block marked ```strata excerpt is a trimmed quote of a rule file in rulesets/ (Part 2): it is
//   extracted and parse-checked like any block, but neither joined nor given to --check, since it
//   names declarations it does not show (the rule files themselves are checked by their own tests);
//   with --quotes, each of its lines (indentation aside, `// …` lines left out) must occur in the
//   rule file its chapter names in a line `Rule file: \`rulesets/<file>.strata\``.
import '../bin/polyfill.js';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';

interface Block { line: number; text: string; group: string | null; excerpt: boolean; ruleFile: string | null }
interface Piece { mdLine: number; fileLine: number; lines: number }
interface OutFile { name: string; text: string; pieces: Piece[]; check: boolean; wrapped: boolean }

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const outDir = args.includes('--out') ? args[args.indexOf('--out') + 1] : join(tmpdir(), 'strata-doc-examples');
const md = readFileSync(join(here, 'language.md'), 'utf8').split('\n');

function extract(): Block[] {
  const blocks: Block[] = [];
  let group: string | null = null;
  let ruleFile: string | null = null;
  for (let i = 0; i < md.length; i++) {
    const heading = /^## (.*)$/.exec(md[i]);
    if (heading) {
      group = heading[1].startsWith('Game: ') ? heading[1].slice(6).replace(/[^A-Za-z0-9]/g, '') : null;
      ruleFile = null;
    }
    const pointer = /^Rule file: `(rulesets\/[^`]+)`/.exec(md[i]);
    if (pointer) ruleFile = pointer[1];
    const fence = md[i].trim();
    if (fence !== '```strata' && fence !== '```strata excerpt') continue;
    const start = i + 1;
    const body: string[] = [];
    for (i++; i < md.length && md[i].trim() !== '```'; i++) body.push(md[i]);
    blocks.push({ line: start + 1, text: body.join('\n'), group, excerpt: fence.endsWith('excerpt'), ruleFile });
  }
  return blocks;
}

const isTopLevel = (text: string): boolean =>
  /^(use|game|variant|scenario)\b/.test(text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, '').trim());

function build(blocks: Block[]): OutFile[] {
  const files: OutFile[] = blocks.map((b, n) => {
    const name = `block-${String(n + 1).padStart(3, '0')}-L${b.line}.strata`;
    return isTopLevel(b.text)
      ? { name, text: b.text + '\n', pieces: [{ mdLine: b.line, fileLine: 1, lines: b.text.split('\n').length }], check: b.group === null && !b.excerpt, wrapped: false }
      : { name, text: `game Example {\n${b.text}\n}\n`, pieces: [{ mdLine: b.line, fileLine: 2, lines: b.text.split('\n').length }], check: b.group === null && !b.excerpt, wrapped: true };
  });
  const joinable = blocks.filter((b) => !b.excerpt);
  const groups = [...new Set(joinable.map((b) => b.group).filter((g): g is string => g !== null))];
  for (const g of groups) {
    const members = joinable.filter((b) => b.group === g && !isTopLevel(b.text));
    const tops = joinable.filter((b) => b.group === g && isTopLevel(b.text));
    let text = `game ${g} {\n`;
    const pieces: Piece[] = [];
    for (const b of [...members, ...tops]) {
      if (b === tops[0]) text += '}\n';
      const fileLine = text.split('\n').length;
      pieces.push({ mdLine: b.line, fileLine, lines: b.text.split('\n').length });
      text += b.text + '\n';
    }
    if (tops.length === 0) text += '}\n';
    files.push({ name: `game-${g}.strata`, text, pieces, check: true, wrapped: false });
  }
  return files;
}

/**
 * A fragment is not a whole game: what the wrapper lacks (players, a flow) and what the fragment
 * declares without using is noise, not a mistake of the example.
 */
const fragmentNoise = (f: OutFile, d: { line: number; message: string }): boolean =>
  f.wrapped && (d.line === 1 || /is never (used|called|offered)|has no `flow`/.test(d.message));

/** The line of language.md that a line of an extracted file came from. */
function mdLineOf(f: OutFile, line: number): string {
  const p = f.pieces.find((x) => line >= x.fileLine && line < x.fileLine + x.lines);
  return p ? `language.md:${p.mdLine + line - p.fileLine}` : `${f.name}:${line} (wrapper)`;
}

const blocks = extract();
const files = build(blocks);
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
for (const f of files) writeFileSync(join(outDir, f.name), f.text);
console.log(`${files.length} files in ${outDir} (${blocks.filter((b) => b.excerpt).length} excerpts: parse-check only)`);

if (args.includes('--quotes')) {
  // An excerpt is a quote: each of its lines must occur in the rule file of its chapter.
  let missing = 0;
  for (const b of blocks.filter((x) => x.excerpt)) {
    if (b.ruleFile === null) { missing++; console.log(`language.md:${b.line} excerpt outside a chapter naming its rule file`); continue; }
    const source = new Set(readFileSync(join(here, '..', b.ruleFile), 'utf8').split('\n').map((l) => l.trim()));
    b.text.split('\n').forEach((l, k) => {
      const t = l.trim();
      if (t === '' || t.startsWith('// …') || source.has(t)) return;
      missing++;
      console.log(`language.md:${b.line + k} not in ${b.ruleFile}: ${t}`);
    });
  }
  console.log(`${missing} quoted lines not found in their rule files`);
}

if (args.includes('--check')) {
  // Game chapters are checked as joined files only: their blocks refer to each other.
  type Diag = { file: string; line: number; col: number; severity: string; message: string };
  const dsl: {
    compileText: (fs: { uri: string; text: string }[], o?: { main?: string; variant?: string }) => Promise<{ diagnostics: Diag[]; variants: string[]; ir?: unknown }>;
  } = await import('../dsl/index.js');
  let errors = 0;
  let noise = 0;
  // The rule files sit beside the examples, so that `use "four-species.strata"` finds its file
  // (only those used: checking all five with every example would take half a minute).
  const rulesetDir = join(here, '..', 'rulesets');
  const rulesets = readdirSync(rulesetDir).filter((n) => n.endsWith('.strata'))
    .map((n) => ({ uri: `file:///doc/${n}`, text: readFileSync(join(rulesetDir, n), 'utf8') }));
  for (const f of files.filter((x) => x.check)) {
    const uri = `file:///doc/${f.name}`;
    const seen = new Set<string>();
    const used = new Set([...f.text.matchAll(/^\s*use\s+"([^"]+)"/gm)].map((m) => `file:///doc/${m[1]}`));
    const sources = [{ uri, text: f.text }, ...rulesets.filter((r) => used.has(r.uri))];
    const base = await dsl.compileText(sources, { main: uri });
    const runs = [{ name: 'base', result: base }];
    for (const v of base.variants.slice(1)) runs.push({ name: v, result: await dsl.compileText(sources, { main: uri, variant: v }) });
    for (const { name, result } of runs) {
      for (const d of result.diagnostics) {
        if (d.file !== uri) continue; // the rule files beside it have their own tests
        if (fragmentNoise(f, d)) { noise++; continue; }
        const where = `${mdLineOf(f, d.line)}:${d.col}`;
        const key = `${where} ${d.message}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (d.severity === 'error') errors++;
        console.log(`${f.name} [${name}] ${where} ${d.severity}: ${d.message}`);
      }
      if (!result.ir && result.diagnostics.length === 0) console.log(`${f.name} [${name}] no IR and no diagnostics`);
    }
  }
  console.log(`${errors} errors (${noise} fragment-only diagnostics left out: missing players/flow, unused declarations)`);
}
