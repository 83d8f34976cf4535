/**
 * The seeded mutation fuzzer: `npm run fuzz -- --count N --seed S [--start I] [--jobs J]
 * [--budget MS] [--out DIR] [--only INDEX]`. Inputs are mutated rule files, compiled IRs and saved games
 * (inputs.ts); each runs through the whole pipeline (run-input.ts) in a worker with a time and
 * memory budget (pool.ts). Findings are grouped, shrunk and written to DIR with their seed.
 * Exit code 1 when there are findings.
 */
import { availableParallelism } from 'node:os';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCorpus } from './corpus.js';
import { shrink, signature, writeReproducer, type Finding } from './findings.js';
import { defaultMix, makeInput, type Input, type Mix } from './inputs.js';
import { Pool } from './pool.js';
import type { Outcome } from './run-input.js';

export interface FuzzOptions {
  count: number;
  seed: number;
  /** The first input of the seed's sequence: runs of `--start 0 --count N` and `--start N …` together make one longer run. */
  start: number;
  jobs: number;
  budgetMs: number;
  heapMb: number;
  out: string;
  mix: Mix;
  /** Run only this input of the seed's sequence (to reproduce a finding). */
  only?: number;
  /** Called after every input. */
  progress?: (done: number, findings: number) => void;
  /** Called when an input gives a finding not seen before in this run. */
  newFinding?: (index: number, signature: string) => void;
}

export interface FuzzSummary {
  inputs: number;
  /** Per kind: how many ran through the whole pipeline, were refused (with a proper error), or found a bug. */
  byKind: Record<Input['kind'], { ok: number; refused: number; finding: number }>;
  findings: Finding[];
  seconds: number;
}

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export const defaults: FuzzOptions = {
  count: 1000,
  seed: 1,
  start: 0,
  jobs: Math.max(1, Math.min(2, availableParallelism())),
  budgetMs: 10_000,
  heapMb: 1024,
  out: resolve(root, 'fuzz-findings'),
  mix: defaultMix,
};

/** The inputs of the seed's sequence a run covers: `--only`, or `count` from `start`. */
export function inputIndexes(o: Pick<FuzzOptions, 'count' | 'start' | 'only'>): number[] {
  return o.only !== undefined ? [o.only] : Array.from({ length: o.count }, (_, i) => o.start + i);
}

export async function runFuzz(o: FuzzOptions): Promise<FuzzSummary> {
  const started = performance.now();
  const corpus = await buildCorpus(root);
  const pool = new Pool(corpus, o.jobs, { ms: o.budgetMs, heapMb: o.heapMb });
  const byKind: FuzzSummary['byKind'] = {
    rules: { ok: 0, refused: 0, finding: 0 },
    ir: { ok: 0, refused: 0, finding: 0 },
    saved: { ok: 0, refused: 0, finding: 0 },
  };
  const first = new Map<string, { input: Input; outcome: Outcome & { verdict: 'finding' }; count: number }>();
  const indexes = inputIndexes(o);
  let done = 0;
  let next = 0;
  const one = async (): Promise<void> => {
    while (next < indexes.length) {
      const input = makeInput(corpus, o.seed, indexes[next++]!, o.mix);
      let outcome = await pool.run(input);
      // A hang is confirmed with twice the budget: a busy machine is not a hang.
      if (outcome.verdict === 'finding' && outcome.category === 'hang') outcome = await pool.run(input, o.budgetMs * 2);
      byKind[input.kind][outcome.verdict]++;
      if (outcome.verdict === 'finding') {
        const key = signature(outcome);
        const seen = first.get(key);
        if (!seen) {
          first.set(key, { input, outcome, count: 1 });
          o.newFinding?.(input.index, key);
        }
        else {
          seen.count++;
          if (input.index < seen.input.index) Object.assign(seen, { input, outcome });
        }
      }
      done++;
      o.progress?.(done, first.size);
    }
  };
  try {
    await Promise.all(Array.from({ length: o.jobs }, one));
    const findings: Finding[] = [];
    for (const { input, outcome, count } of [...first.values()].sort((a, b) => a.input.index - b.input.index)) {
      const small = await shrink(pool, input, outcome);
      const files = writeReproducer(o.out, corpus, o.seed, small, outcome);
      findings.push({
        category: outcome.category,
        stage: outcome.stage,
        message: outcome.message,
        seed: o.seed,
        index: input.index,
        kind: input.kind,
        base: small.kind === 'rules' ? corpus.texts[small.base]!.name : small.kind === 'ir' ? corpus.irs[small.base]!.name : corpus.saves[small.base]!.name,
        count,
        files,
      });
    }
    return { inputs: indexes.length, byKind, findings, seconds: (performance.now() - started) / 1000 };
  } finally {
    await pool.close();
  }
}

function numberArg(name: string, value: string | undefined): number {
  const n = Number(value);
  if (value === undefined || !/^\d+$/.test(value) || !Number.isSafeInteger(n)) {
    console.error(`fuzz: ${name} needs a whole number, not ${value ?? 'nothing'}`);
    process.exit(2);
  }
  return n;
}

function parseArgs(argv: string[]): FuzzOptions {
  const o: FuzzOptions = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    switch (a) {
      case '--count': o.count = numberArg(a, v); i++; break;
      case '--seed': o.seed = numberArg(a, v); i++; break;
      case '--start': o.start = numberArg(a, v); i++; break;
      case '--jobs': o.jobs = Math.max(1, numberArg(a, v)); i++; break;
      case '--budget': o.budgetMs = numberArg(a, v); i++; break;
      case '--heap': o.heapMb = numberArg(a, v); i++; break;
      case '--only': o.only = numberArg(a, v); i++; break;
      case '--out': o.out = resolve(v ?? 'fuzz-findings'); i++; break;
      default:
        console.error(`fuzz: unknown argument ${a}; usage: npm run fuzz -- --count N --seed S [--start I] [--jobs J] [--budget MS] [--heap MB] [--out DIR] [--only INDEX]`);
        process.exit(2);
    }
  }
  return o;
}

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const o = parseArgs(process.argv.slice(2));
  const every = Math.max(100, Math.floor(o.count / 100));
  const t0 = performance.now();
  const s = await runFuzz({
    ...o,
    progress: (done, found) => {
      if (done % every === 0) console.log(`${done}/${o.count} inputs from ${o.start}, ${found} distinct findings, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
    },
    newFinding: (index, key) => console.log(`new finding at input ${index}: ${key}`),
  });
  const kinds = Object.entries(s.byKind).map(([k, v]) => `${k}: ${v.ok} played, ${v.refused} refused, ${v.finding} findings`);
  const which = o.only !== undefined ? `input ${o.only}` : `${o.start} to ${o.start + s.inputs - 1}`;
  console.log(`${s.inputs} inputs (seed ${o.seed}, ${which}) in ${s.seconds.toFixed(1)} s; ${kinds.join('; ')}`);
  for (const f of s.findings) console.log(`FINDING ${f.category} (${f.count}x, first input ${f.index}, ${f.kind} from ${f.base}) at ${f.stage}: ${f.message}\n  -> ${o.out}/${f.files[0]}`);
  console.log(s.findings.length === 0 ? 'no findings' : `${s.findings.length} distinct findings written to ${o.out}`);
  process.exitCode = s.findings.length === 0 ? 0 : 1;
}
