/**
 * Generates the JSON Schemas from the TypeScript types (the types are the source of truth):
 *   interpreter/ir.ts         GameIR    -> schemas/ir.schema.json
 *   interpreter/saved-game.ts SavedGame -> schemas/saved-game.schema.json
 *   cli/analyze/study.ts      AnalysisJson -> schemas/analysis.schema.json
 * Run with `npm run schema:generate`; test/schema checks that the committed files are not stale.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import { createGenerator } from 'ts-json-schema-generator';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export interface SchemaTarget {
  /** The type's source file, relative to the repository root. */
  source: string;
  type: string;
  /** The schema file, relative to the repository root. */
  output: string;
  id: string;
}

export const schemaTargets: SchemaTarget[] = [
  { source: 'interpreter/ir.ts', type: 'GameIR', output: 'schemas/ir.schema.json', id: 'https://strata.dev/schemas/ir.schema.json' },
  {
    source: 'interpreter/saved-game.ts',
    type: 'SavedGame',
    output: 'schemas/saved-game.schema.json',
    id: 'https://strata.dev/schemas/saved-game.schema.json',
  },
  {
    source: 'cli/analyze/study.ts',
    type: 'AnalysisJson',
    output: 'schemas/analysis.schema.json',
    id: 'https://strata.dev/schemas/analysis.schema.json',
  },
];

/**
 * Size limits on every array, string and object of the documents, so that a hostile IR or saved
 * game is refused by validation before it can exhaust memory. Far above what real games use (the
 * bundled rulesets' largest IR has 3,660 items in one array, 1,546 characters in one string and
 * 84 properties in one object).
 */
export const sizeLimits = { maxItems: 100_000, maxLength: 100_000, maxProperties: 10_000 } as const;

function typesOf(node: Record<string, unknown>): unknown[] {
  const t = node['type'];
  return Array.isArray(t) ? t : [t];
}

/** Adds `sizeLimits` to every schema node that accepts arrays, strings or objects. */
export function withSizeLimits(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withSizeLimits);
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = withSizeLimits(value);
  const types = typesOf(out);
  if (types.includes('array')) out['maxItems'] ??= sizeLimits.maxItems;
  if (types.includes('string') && out['const'] === undefined && out['enum'] === undefined) out['maxLength'] ??= sizeLimits.maxLength;
  if (types.includes('object')) out['maxProperties'] ??= sizeLimits.maxProperties;
  return out;
}

/** The schema of one target, as the text written to its file (pretty, newline-terminated). */
export function generateSchemaText(target: SchemaTarget): string {
  const generator = createGenerator({
    path: join(root, target.source),
    tsconfig: join(root, 'tsconfig.json'),
    type: target.type,
    schemaId: target.id,
    expose: 'export',
    topRef: true,
    jsDoc: 'extended',
    sortProps: true,
    // Only what the types declare: a misspelled field in a hand-written IR is an error.
    additionalProperties: false,
    skipTypeCheck: true,
  });
  const schema = withSizeLimits(generator.createSchema(target.type));
  return JSON.stringify(schema, null, 2) + '\n';
}

function main(): void {
  for (const target of schemaTargets) {
    const out = join(root, target.output);
    writeFileSync(out, generateSchemaText(target));
    console.log(`wrote ${relative(process.cwd(), out)} from ${target.type} in ${target.source}`);
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) main();
