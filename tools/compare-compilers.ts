/**
 * Whether this checkout's compiler gives exactly what another checkout's gives: every IR and every
 * diagnostic, byte for byte (JSON), for every rule file of rulesets/, examples/, bench/games/ and
 * test/ (base game, every variant, all variants from one build, the file's check), and for texts
 * cut from the rule files (prefixes and a deleted line: many syntax and link errors). For a change
 * that must only make the compiler faster.
 *   node bin/run-ts.js tools/compare-compilers.ts /work/wt-before
 * Both compilers are loaded in this process (each checkout with its own dependencies) and read the
 * files of this checkout, by the same relative paths. Exit code 1 when anything differs.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ruleFiles } from './rule-files.js';

type Dsl = typeof import('../dsl/index.js');

const base = process.argv[2];
if (!base) {
  console.error('usage: node bin/run-ts.js tools/compare-compilers.ts OTHER_CHECKOUT');
  process.exit(2);
}
const here = resolve(import.meta.dirname, '..');
process.chdir(here);
const load = async (root: string): Promise<Dsl> => (await import(pathToFileURL(join(resolve(root), 'dsl/index.ts')).href)) as Dsl;
const [mine, theirs] = [await load(here), await load(base)];


/** The cases, by name: what each compiler gives, as JSON. */
async function cases(dsl: Dsl, each: (name: string, result: unknown) => void): Promise<void> {
  const files = ['rulesets', 'examples', 'bench/games', 'test'].flatMap(ruleFiles);
  for (const file of files) {
    each(`all variants ${file}`, await dsl.compileFileAllVariants(file));
    each(`base ${file}`, await dsl.compileFile(file));
    each(`check ${file}`, await dsl.checkFiles([file]));
    if (file.startsWith('test/')) continue;
    for (const variant of await dsl.listVariantsOfFile(file)) each(`variant ${variant} ${file}`, await dsl.compileFile(file, { variant }));
    const text = readFileSync(file, 'utf8');
    const cuts = file.startsWith('rulesets/') ? 60 : 12;
    for (let i = 1; i < cuts; i++) {
      const at = Math.floor((text.length * i) / cuts);
      each(`prefix ${at} ${file}`, await dsl.compileText([{ uri: 'memory:/cut.strata', text: text.slice(0, at) }]));
      const from = text.lastIndexOf('\n', at);
      const to = text.indexOf('\n', at + 1);
      if (from >= 0 && to > from) each(`line deleted at ${at} ${file}`, await dsl.compileText([{ uri: 'memory:/del.strata', text: text.slice(0, from) + text.slice(to) }]));
    }
  }
}

const expected = new Map<string, string>();
await cases(theirs, (name, result) => expected.set(name, JSON.stringify(result)));
let same = 0;
const differing: string[] = [];
await cases(mine, (name, result) => {
  if (expected.get(name) === JSON.stringify(result)) same++;
  else differing.push(name);
  expected.delete(name);
});
differing.push(...[...expected.keys()].map((name) => `${name} (only in ${base})`));
console.log(`${same} cases identical, ${differing.length} different${differing.length ? ':' : ''}`);
for (const name of differing.slice(0, 20)) console.log(`  ${name}`);
process.exitCode = differing.length > 0 ? 1 : 0;
