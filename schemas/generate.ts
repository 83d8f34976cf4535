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
  const schema = generator.createSchema(target.type);
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
