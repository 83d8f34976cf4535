/**
 * Whether this checkout plays every game as another checkout does, as far as anyone can see: for
 * every rule file of rulesets/, examples/, bench/games/ and test/ (every variant and player count,
 * seeds 1-3, both engines), a random game's every offered label, pending prompt, log line, move,
 * error, final state summary (cli/state-summary) and ranking, and the same seed's random playout
 * (playout.ts: lean choices) log, moves and error. For a change of how values are kept
 * (place values as ids) that must change nothing a player sees; the state's JSON may differ.
 *   node bin/run-ts.js tools/compare-transcripts.ts /work/wt-before [text in the file's path]
 * Both checkouts are loaded in this process (each with its own dependencies) and read the files of
 * this checkout, by the same relative paths. Exit code 1 when a transcript differs.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleFiles } from './rule-files.js';

type Dsl = typeof import('../dsl/index.js');
type Interpreter = typeof import('../interpreter/index.js');
type Api = typeof import('../interpreter/api.js');
type Random = typeof import('../interpreter/bots/random.js');
type Errors = typeof import('../interpreter/errors.js');
type Summary = typeof import('../cli/state-summary.js');
type Playout = typeof import('../interpreter/playout.js');
interface Checkout {
  dsl: Dsl;
  interp: Interpreter;
  api: Api;
  random: Random;
  errors: Errors;
  summary: Summary;
  playout: Playout;
}

const base = process.argv[2];
const only = process.argv[3] ?? '';
if (!base) {
  console.error('usage: node bin/run-ts.js tools/compare-transcripts.ts OTHER_CHECKOUT [PATH_TEXT]');
  process.exit(2);
}
const here = resolve(import.meta.dirname, '..');
process.chdir(here);
const from = async <T>(root: string, path: string): Promise<T> => (await import(pathToFileURL(join(resolve(root), path)).href)) as T;
async function load(root: string): Promise<Checkout> {
  return {
    dsl: await from<Dsl>(root, 'dsl/index.ts'),
    interp: await from<Interpreter>(root, 'interpreter/index.ts'),
    api: await from<Api>(root, 'interpreter/api.ts'),
    random: await from<Random>(root, 'interpreter/bots/random.ts'),
    errors: await from<Errors>(root, 'interpreter/errors.ts'),
    summary: await from<Summary>(root, 'cli/state-summary.ts'),
    playout: await from<Playout>(root, 'interpreter/playout.ts'),
  };
}
const [mine, theirs] = [await load(here), await load(base)];


const MAX_MOVES = 3000;

/** The transcripts of one file's games, by game. */
async function transcripts(c: Checkout, file: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const first = await c.dsl.compileFile(file);
  if (!first.ir) return out;
  for (const variant of first.variants) {
    const r = variant === first.variants[0] ? first : await c.dsl.compileFile(file, { variant });
    const ir = r.ir;
    if (!ir) continue;
    const counts = ir.players.counts ?? Array.from({ length: ir.players.max - ir.players.min + 1 }, (_, i) => ir.players.min + i);
    for (const engine of ['closure', 'generated'] as const) {
      const g = c.interp.loadGame(ir, { engine });
      for (const players of counts) {
        for (const seed of [1, 2, 3]) {
          const lines: string[] = [];
          out.set(`${file} | ${variant} | ${engine} | ${players} players | seed ${seed}`, lines);
          const made = c.interp.newGame(g, { players, seed });
          if (!made.ok) {
            lines.push(`new game: ${JSON.stringify(made.error)}`);
            continue;
          }
          const s = made.value;
          let logged = 0;
          const log = (): void => {
            for (; logged < s.log.length; logged++) lines.push(`log: ${s.log[logged].text}`);
          };
          try {
            for (let n = 0; ; n++) {
              log();
              if (s.ended || s.pending === null || n >= MAX_MOVES) break;
              lines.push(`labels: ${c.interp.legalMoves(g, s).map((m) => m.label).join(' ; ')}`);
              for (const l of c.summary.pendingLines(s)) lines.push(`pending: ${l}`);
              c.api.resume(g, s, c.random.randomAction(seed, s.moves.length, s.pending.values.length));
            }
          } catch (e) {
            if (!(e instanceof c.errors.RuleError)) throw e;
            lines.push(`error: ${e.plain} at ${e.at.file.slice(resolve(here).length)}:${e.at.line}:${e.at.col}`);
          }
          log();
          lines.push(`moves: ${s.moves.join(' ; ')}`);
          for (const l of c.summary.stateSummary(ir, s)) lines.push(`summary: ${l}`);
          if (s.ended) lines.push(`ranking: ${JSON.stringify(c.interp.ranking(g, s))}, scores: ${JSON.stringify(c.interp.scores(g, s))}`);
          // The same seed as a random playout plays it (lean choices: labels of the option taken only, size filters counted).
          const run = c.playout.playRandomly(g, players, seed, MAX_MOVES);
          for (const e of run.state?.log ?? []) lines.push(`lean log: ${e.text}`);
          lines.push(`lean moves: ${run.moves.join(' ; ')}`);
          if (run.error !== undefined) lines.push(`lean error: ${run.error.code} ${run.error.message} at ${run.error.at ? `${run.error.at.line}:${run.error.at.col}` : '-'}`);
        }
      }
    }
  }
  return out;
}

let games = 0;
let lines = 0;
let differ = 0;
for (const file of ['rulesets', 'examples', 'bench/games', 'test'].flatMap(ruleFiles).filter((f) => f.includes(only))) {
  const [a, b] = [await transcripts(theirs, file), await transcripts(mine, file)];
  for (const [name, expected] of a) {
    const got = b.get(name) ?? [];
    games++;
    lines += expected.length;
    const i = expected.findIndex((l, j) => got[j] !== l);
    if (i < 0 && got.length === expected.length) continue;
    differ++;
    const at = i < 0 ? expected.length : i;
    console.log(`${name}, line ${at + 1}:\n  was: ${expected[at] ?? '(nothing)'}\n  now: ${got[at] ?? '(nothing)'}`);
  }
  for (const name of b.keys()) if (!a.has(name)) console.log(`${name}: played here only`);
}
console.log(`${games} games, ${lines} lines: ${differ === 0 ? 'the same' : `${differ} differ`}`);
process.exit(differ === 0 ? 0 : 1);
