/** Findings: grouped by a signature (numbers blanked), shrunk by dropping operations, written out. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Corpus } from './corpus.js';
import { baseName, materialize, type Input } from './inputs.js';
import type { Pool } from './pool.js';
import type { Category, Outcome } from './run-input.js';

export interface Finding {
  category: Category;
  stage: string;
  message: string;
  seed: number;
  index: number;
  kind: Input['kind'];
  base: string;
  /** Inputs of the run with the same signature. */
  count: number;
  /** The reproducer files written, relative to the output folder. */
  files: string[];
}

export function signature(o: Outcome & { verdict: 'finding' }): string {
  const stage = o.stage.replace(/\d+/g, 'N');
  return `${o.category} @ ${stage}: ${o.message.replace(/\d+(\.\d+)?/g, 'N').replace(/"[^"]*"/g, '"…"')}`;
}

const sameFinding = (a: Outcome, b: Outcome & { verdict: 'finding' }): boolean =>
  a.verdict === 'finding' && a.category === b.category && signature(a) === signature(b);

/** Drops operations one at a time while the input still gives the same finding (hangs are not re-run). */
export async function shrink(pool: Pool, input: Input, outcome: Outcome & { verdict: 'finding' }): Promise<Input> {
  if (outcome.category === 'hang' || outcome.category === 'out-of-memory') return input;
  let best = input;
  for (let i = best.ops.length - 1; i >= 0 && best.ops.length > 1; i--) {
    const candidate = { ...best, ops: best.ops.filter((_, j) => j !== i) } as Input;
    if (sameFinding(await pool.run(candidate), outcome)) best = candidate;
  }
  return best;
}

/** Writes the input itself (a .strata, .ir.json or .save.json file) and a note of how it was made. */
export function writeReproducer(dir: string, corpus: Corpus, seed: number, input: Input, outcome: Outcome & { verdict: 'finding' }): string[] {
  mkdirSync(dir, { recursive: true });
  const stem = `${outcome.category}-seed${seed}-input${input.index}`;
  const m = materialize(corpus, input);
  const files: string[] = [];
  const write = (name: string, text: string): void => {
    writeFileSync(join(dir, name), text);
    files.push(name);
  };
  if (m.kind === 'rules') write(`${stem}.strata`, m.text);
  // A mutated IR can be nested too deep for JSON.stringify's own recursion: the note still says how to make it.
  if (m.kind === 'ir') {
    try {
      write(`${stem}.ir.json`, JSON.stringify(m.ir));
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }
  if (m.kind === 'saved') write(`${stem}.save.json`, JSON.stringify(m.saved, null, 2));
  const note = {
    finding: { category: outcome.category, stage: outcome.stage, message: outcome.message },
    reproduce: `npm run fuzz -- --seed ${seed} --only ${input.index}`,
    seed,
    index: input.index,
    kind: input.kind,
    base: baseName(corpus, input),
    ops: input.ops,
  };
  write(`${stem}.finding.json`, `${JSON.stringify(note, null, 2)}\n`);
  return files;
}
