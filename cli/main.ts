/**
 * The `strata` command line. Every failure ends here as one line on stderr and a non-zero exit:
 * usage and rule-file problems as they are, anything unexpected as an internal error with a hint.
 */
import { Command, CommanderError } from 'commander';
import { CliError, errorText } from './errors.js';
import { messages } from './messages.js';
import { positiveNumber, seedNumber } from './options.js';
import type { PlayOptions } from './commands/play.js';
import type { SimulateOptions } from './commands/simulate.js';
import type { PerftOptions } from './commands/perft.js';
import type { AnalyzeOptions } from './commands/analyze.js';
import type { CompareOptions } from './commands/compare.js';

// Commands load on use: `strata --help` stays fast and needs neither compiler nor interpreter.
const commands = {
  validate: () => import('./commands/validate.js'),
  compile: () => import('./commands/compile.js'),
  variants: () => import('./commands/variants.js'),
  play: () => import('./commands/play.js'),
  simulate: () => import('./commands/simulate.js'),
  test: () => import('./commands/test.js'),
  perft: () => import('./commands/perft.js'),
  analyze: () => import('./commands/analyze.js'),
  compare: () => import('./commands/compare.js'),
  merge: () => import('./commands/merge.js'),
  lsp: () => import('./commands/lsp.js'),
};

function program(setExit: (code: number) => void): Command {
  const cli = new Command('strata')
    .description('Strata: board game rules as data. Check, compile, play and test .strata rule files.')
    .version('0.1.0')
    .exitOverride()
    .configureOutput({ writeErr: (text) => process.stderr.write(text.replace(/^error: /, 'strata: ')) })
    .showSuggestionAfterError();

  cli
    .command('validate')
    .description('check rule files (base game and every variant); print file:line:col diagnostics')
    .argument('<files...>', '.strata files, or folders (every .strata file in each)')
    .action(async (files: string[]) => setExit(await (await commands.validate()).validateCommand(files)));

  cli
    .command('compile')
    .description('compile a rule file to its JSON IR')
    .argument('<file>', '.strata file')
    .option('--variant <name>', 'compile this variant instead of the base game')
    .option('-o, --output <file>', 'write the IR here instead of to stdout')
    .action(async (file: string, o: { variant?: string; output?: string }) => setExit(await (await commands.compile()).compileCommand(file, o)));

  cli
    .command('lsp')
    .description('run the Strata language server over stdio (for editors: docs/editors.md)')
    .option('--stdio', 'talk over stdin and stdout (the default and only transport)')
    .action(async () => setExit(await (await commands.lsp()).lspCommand()));

  cli
    .command('variants')
    .description('list the base game and its variants')
    .argument('<file>', '.strata file')
    .action(async (file: string) => setExit(await (await commands.variants()).variantsCommand(file)));

  cli
    .command('play')
    .description('play in the terminal against random bots, or replay recorded moves with --moves')
    .argument('<file>', '.strata file')
    .option('--players <n>', 'number of players (default: the least the game allows)', positiveNumber)
    .option('--seed <n>', 'random seed, 0 to 4294967295 (default: 1)', seedNumber)
    .option('--variant <name>', 'play this variant')
    .option('--moves <file>', 'replay a saved game (JSON) or one move label per line, then print the result')
    .option('--human <seats>', 'seats played by people: "1,3", "all" or "none" (default: 1)')
    .option('--save <file>', 'write the game (seed and moves, JSON) here when it ends or is quit')
    .action(async (file: string, o: PlayOptions) => setExit(await (await commands.play()).playCommand(file, o)));

  cli
    .command('simulate')
    .description('play seeded random-bot games and summarise wins, scores, lengths and errors')
    .argument('<file>', '.strata file')
    .requiredOption('--games <n>', 'number of games', positiveNumber)
    .option('--players <n>', 'number of players (default: the least the game allows)', positiveNumber)
    .option('--seed <n>', 'seed of the first game (0 to 4294967295); game i uses seed + i', seedNumber, 1)
    .option('--variant <name>', 'simulate this variant')
    .option('--json', 'print the summary as JSON')
    .action(async (file: string, o: SimulateOptions) => setExit(await (await commands.simulate()).simulateCommand(file, o)));

  cli
    .command('test')
    .description('compile the base game and each variant, run every scenario (default: rulesets/*.strata and examples/*.strata)')
    .argument('[files...]', '.strata files, or folders (every .strata file in each)')
    .option('--grep <text>', 'run only the scenarios whose name contains this text (any case)')
    .option('--with-used', "also run the scenarios of the files a file `use`s (default: only the file's own)")
    .action(async (files: string[], o: { grep?: string; withUsed?: boolean }) =>
      setExit(await (await commands.test()).testCommand(files, { grep: o.grep, withUsed: o.withUsed === true })),
    );

  cli
    .command('perft')
    .description('count the move sequences of each length from the start (or a saved game), to check against published counts')
    .argument('<file>', '.strata file')
    .requiredOption('--depth <n>', 'count sequences of 1..n moves', positiveNumber)
    .option('--players <n>', 'number of players (default: the least the game allows)', positiveNumber)
    .option('--seed <n>', 'random seed: dice and shuffles follow it (default: 1)', seedNumber)
    .option('--variant <name>', 'count in this variant')
    .option('--moves <file>', 'start after these moves: a saved game (JSON) or one move label per line')
    .action(async (file: string, o: PerftOptions) => setExit(await (await commands.perft()).perftCommand(file, o)));

  const study = (c: Command): Command =>
    c
      .option('--players <n>', 'number of players (default: the least the game allows)', positiveNumber)
      .option('--games <n>', 'number of games', positiveNumber, 100)
      .option('--bot <bot>', 'every seat: random or mcts:ITER (search with ITER iterations per move)', 'random')
      .option('--seed <n>', 'seed of the first game; game i uses seed + i', seedNumber, 1)
      .option('--workers <n>', 'worker threads (default: all cores); results do not depend on it', positiveNumber)
      .option('--shard <i/n>', 'play only every n-th seed, starting with the i-th (combine with strata merge)')
      .option('--json', 'print the results as JSON (schemas/analysis.schema.json)')
      .option('--html <file>', 'write a self-contained page with charts');

  study(
    cli
      .command('analyze')
      .description('play bot games and report fairness, length, margins, lead changes, choice usage and rules that never ran')
      .argument('<file>', '.strata file')
      .option('--variant <name>', 'analyze this variant'),
  ).action(async (file: string, o: AnalyzeOptions) => setExit(await (await commands.analyze()).analyzeCommand(file, o)));

  study(
    cli
      .command('compare')
      .description('play the same seeds and bots on two versions of the rules and report the differences')
      .argument('<file>', '.strata file')
      .option('--base [variant]', 'the version to compare against (default: the base game)')
      .option('--variant <name>', 'the version to compare')
      .option('--versus-players <n>', 'compare against this many players instead (same rules)', positiveNumber),
  ).action(async (file: string, o: CompareOptions) => setExit(await (await commands.compare()).compareCommand(file, o)));

  cli
    .command('merge')
    .description('combine the --json results of analyze runs over different seeds (e.g. shards)')
    .argument('<files...>', 'JSON files written by strata analyze --json')
    .option('--json', 'print the merged results as JSON')
    .option('--html <file>', 'write a self-contained page with charts')
    .action(async (files: string[], o: { json?: boolean; html?: string }) => setExit(await (await commands.merge()).mergeCommand(files, o)));

  return cli;
}

/** `strata … | head` closes the pipe early: stop quietly, as other command-line tools do. */
let pipesWatched = false;
function quietOnClosedPipe(): void {
  // Once per process: tests call main many times.
  if (pipesWatched) return;
  pipesWatched = true;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(0);
      throw e;
    });
  }
}

export async function main(argv: string[]): Promise<number> {
  quietOnClosedPipe();
  let code = 0;
  try {
    await program((c) => (code = c)).parseAsync(argv);
    return code;
  } catch (e) {
    // Commander has already printed its one-line message (or the help text).
    if (e instanceof CommanderError) return e.exitCode;
    if (e instanceof CliError) {
      console.error(`strata: ${e.message}`);
      return e.exitCode;
    }
    console.error(`strata: ${messages.internalError(errorText(e))}`);
    if (process.env['STRATA_DEBUG'] && e instanceof Error) console.error(e.stack);
    return 70;
  }
}
