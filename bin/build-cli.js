// The `strata` command prebuilt: cli/main.ts and everything it imports bundled into plain
// JavaScript (esbuild, which tsx already brings), so that a start does not transpile TypeScript.
// `npm ci` builds it (`prepare`); bin/strata.js rebuilds it when a source file changed since, and
// falls back to running the TypeScript through tsx if it cannot.
//   node bin/build-cli.js     builds dist/cli/<stamp>/ and points dist/cli/current.json at it
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outRoot = join(root, 'dist', 'cli');
const pointer = join(outRoot, 'current.json');
/** Older builds are removed only past the newest few and some minutes old: a process started on one may still load its chunks. */
const keep = 3;
const keepMs = 10 * 60_000;

/**
 * The current build: `{ dir, builtAt, inputs }` (inputs relative to the root: the project's source
 * files, and package-lock.json for the dependencies), or undefined if there is none.
 */
export function currentBuild() {
  try {
    return JSON.parse(readFileSync(pointer, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The inputs of `build` changed (or gone) since it was built; all of them if there is no build. */
export function staleInputs(build, base = root) {
  if (!build || !Array.isArray(build.inputs) || typeof build.builtAt !== 'number') return ['(no build)'];
  return build.inputs.filter((file) => {
    try {
      return statSync(join(base, file)).mtimeMs > build.builtAt;
    } catch {
      return true;
    }
  });
}

/**
 * A source's `import.meta.url` stays its own file's URL in the bundle, so that files found next to
 * it (a worker's entry, the packages a report inlines) are found where they are.
 */
const ownUrl = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Builds the CLI; returns the new build's record. */
export async function buildCli() {
  const { build } = await import('esbuild');
  // Sources changed while building count as changed after it.
  const builtAt = Date.now() - 1000;
  const name = `${builtAt}-${process.pid}`;
  const dir = join(outRoot, name);
  const result = await build({
    entryPoints: [join(root, 'cli', 'main.ts')],
    bundle: true,
    // Commands stay separate chunks: `strata --help` loads no compiler.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir: dir,
    metafile: true,
    logLevel: 'error',
    plugins: [ownUrl],
    // CommonJS dependencies bundled into an ES module still call require.
    banner: { js: "import { createRequire as __strataRequire } from 'node:module'; const require = __strataRequire(import.meta.url);" },
  });
  const inputs = Object.keys(result.metafile.inputs)
    .map((file) => relative(root, resolve(root, file)))
    .filter((file) => !file.startsWith('node_modules') && !file.startsWith('..'));
  inputs.push('package-lock.json');
  const record = { dir: name, builtAt, inputs: [...new Set(inputs)].sort() };
  // Written whole, then renamed: a process starting meanwhile reads the old or the new pointer.
  const temporary = `${pointer}.${process.pid}`;
  writeFileSync(temporary, JSON.stringify(record, null, 1));
  renameSync(temporary, pointer);
  const builds = readdirSync(outRoot).filter((d) => /^\d+-\d+$/.test(d) && d !== name);
  builds.sort((a, b) => parseInt(a, 10) - parseInt(b, 10));
  for (const old of builds.slice(0, -keep)) {
    if (parseInt(old, 10) < builtAt - keepMs) rmSync(join(outRoot, old), { recursive: true, force: true });
  }
  return record;
}

/** The built CLI's entry file, rebuilt first if a source changed; undefined if it cannot be built. */
export async function freshCliEntry() {
  let build = currentBuild();
  if (staleInputs(build).length > 0) {
    try {
      build = await buildCli();
    } catch {
      return undefined;
    }
  }
  return join(outRoot, build.dir, 'main.js');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(outRoot, { recursive: true });
  try {
    const record = await buildCli();
    console.log(`built the strata command into ${relative(process.cwd(), join(outRoot, record.dir))} (${record.inputs.length} source files)`);
  } catch (e) {
    // `npm ci` must not fail for this: the command then runs its TypeScript through tsx.
    console.warn(`could not build the strata command (it will run through tsx): ${e instanceof Error ? e.message : String(e)}`);
  }
}
