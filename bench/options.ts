/** `npm run bench -- [options]`: the options, documented in bench/README.md. */
import { parseArgs } from 'node:util';

export interface BenchOptions {
  /** CPU seconds per contender per row, over all rounds (`BENCH_SECONDS`). */
  seconds: number;
  rounds: number;
  baseline?: string;
  /** Only rows whose game, file or variant contains this text. */
  only?: string;
  quick: boolean;
  /** Skip the compile-time and allocation sections. */
  playoutsOnly: boolean;
  /** Only the compile-time section. */
  compileOnly: boolean;
}

export const usage = `usage: npm run bench -- [--quick] [--rounds N] [--baseline DIR] [--only TEXT] [--playouts-only]
  BENCH_SECONDS=S   CPU seconds per contender per row (default 2, with --quick 0.5)
  --quick           fewer rounds and compiles: one to two CPU minutes (more with --baseline)
  --rounds N        interleaved rounds per row (default 5, with --quick 3)
  --baseline DIR    also measure the checkout in DIR (e.g. /work/wt-base), interleaved, with the speed-up
  --baseline closure   the same, against this checkout's closure interpreter (the generated engine's reference)
  --only TEXT       only the rows whose game, file or variant contains TEXT
  --playouts-only   skip compile times and allocation
  --compile-only    only compile times (warm, cold, and the CLI's cold start)`;

export function parseOptions(argv: string[]): BenchOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      rounds: { type: 'string' },
      baseline: { type: 'string' },
      only: { type: 'string' },
      'playouts-only': { type: 'boolean', default: false },
      'compile-only': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  const quick = values.quick ?? false;
  const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 0.5 : 2));
  const rounds = Number(values.rounds ?? (quick ? 3 : 5));
  if (!(seconds > 0)) throw new Error(`BENCH_SECONDS must be a positive number, not "${process.env.BENCH_SECONDS}"`);
  if (!Number.isInteger(rounds) || rounds < 1) throw new Error(`--rounds must be a whole number from 1, not "${values.rounds}"`);
  return { seconds, rounds, baseline: values.baseline, only: values.only, quick, playoutsOnly: values['playouts-only'] ?? false, compileOnly: values['compile-only'] ?? false };
}
