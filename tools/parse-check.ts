// Temporary: parse .strata files and print syntax errors (until `strata validate` exists).
import '../bin/polyfill.js';
import { EmptyFileSystem, URI } from 'langium';
import { readFileSync } from 'node:fs';
import { createStrataServices } from '../dsl/src/strata-module.js';

const { shared } = createStrataServices(EmptyFileSystem);
let bad = 0;
for (const file of process.argv.slice(2)) {
  const doc = shared.workspace.LangiumDocumentFactory.fromString(readFileSync(file, 'utf8'), URI.file(file));
  const { lexerErrors, parserErrors } = doc.parseResult;
  for (const e of lexerErrors) { bad++; console.log(`${file}:${e.line}:${e.column}: ${e.message}`); }
  for (const e of parserErrors) { bad++; console.log(`${file}:${e.token.startLine}:${e.token.startColumn}: ${e.message}`); }
}
console.log(bad ? `${bad} syntax errors` : 'syntax ok');
process.exit(bad ? 1 : 0);
