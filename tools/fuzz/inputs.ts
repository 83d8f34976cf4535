/**
 * Fuzz inputs as small descriptions (kind, base, operations) derived from (seed, index) alone, so
 * the same seed gives the same run and any input can be rebuilt, shrunk and written out.
 */
import type { GameIR } from '../../interpreter/ir.js';
import type { SavedGame } from '../../interpreter/saved-game.js';
import type { Corpus } from './corpus.js';
import { applyJsonOps, randomJsonOps, type JsonOp } from './mutate-json.js';
import { applyTextOps, randomTextOps, type TextOp } from './mutate-text.js';
import { random } from './random.js';

export type Input =
  | { index: number; kind: 'rules'; base: number; ops: TextOp[] }
  | { index: number; kind: 'ir'; base: number; ops: JsonOp[] }
  | { index: number; kind: 'saved'; base: number; ops: JsonOp[] };

export type Material =
  | { kind: 'rules'; text: string }
  | { kind: 'ir'; ir: GameIR }
  | { kind: 'saved'; ir: GameIR; saved: SavedGame };

/** Shares of each kind of input, and of bundled rulesets (slow to compile) among rule files. */
export interface Mix {
  rules: number;
  ir: number;
  saved: number;
  largeRules: number;
}

export const defaultMix: Mix = { rules: 0.1, ir: 0.65, saved: 0.25, largeRules: 0.05 };

export function makeInput(corpus: Corpus, seed: number, index: number, mix: Mix = defaultMix): Input {
  const r = random(seed, index);
  const roll = r.int(1_000_000) / 1_000_000;
  if (roll < mix.rules) {
    const large = corpus.texts.flatMap((t, i) => (t.large ? [i] : []));
    const small = corpus.texts.flatMap((t, i) => (t.large ? [] : [i]));
    const base = r.chance(mix.largeRules) && large.length ? r.pick(large) : r.pick(small.length ? small : large);
    return { index, kind: 'rules', base, ops: randomTextOps(r) };
  }
  if (roll < mix.rules + mix.ir) {
    const base = r.int(corpus.irs.length);
    return { index, kind: 'ir', base, ops: randomJsonOps(r, corpus.irs[base]!.ir) };
  }
  const base = r.int(corpus.saves.length);
  return { index, kind: 'saved', base, ops: randomJsonOps(r, corpus.saves[base]!.saved) };
}

export function materialize(corpus: Corpus, input: Input): Material {
  switch (input.kind) {
    case 'rules':
      return { kind: 'rules', text: applyTextOps(corpus.texts[input.base]!.text, input.ops) };
    case 'ir':
      return { kind: 'ir', ir: applyJsonOps(corpus.irs[input.base]!.ir, input.ops) };
    case 'saved': {
      const base = corpus.saves[input.base]!;
      return { kind: 'saved', ir: corpus.irs[base.ir]!.ir, saved: applyJsonOps(base.saved, input.ops) };
    }
  }
}

export function baseName(corpus: Corpus, input: Input): string {
  if (input.kind === 'rules') return corpus.texts[input.base]!.name;
  if (input.kind === 'ir') return corpus.irs[input.base]!.name;
  return corpus.saves[input.base]!.name;
}
