/** `strata merge A.json B.json …`: one study from the JSON of analyze runs over different seeds. */
import { readFileSync } from 'node:fs';
import { CliError, errorText } from '../errors.js';
import { mergeStudies, type StudyData } from '../analyze/study.js';
import { validateAnalysis } from '../analyze/validate.js';
import { printStudy } from './analyze.js';

function readStudy(file: string): StudyData {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new CliError(`cannot read ${file}: ${errorText(e)}`);
  }
  const check = validateAnalysis(parsed);
  if (!check.valid) throw new CliError(`${file} is not a strata analyze --json result: ${check.errors[0] ?? ''}`);
  return (parsed as { study: StudyData }).study;
}

export async function mergeCommand(files: string[], o: { json?: boolean; html?: string }): Promise<number> {
  let merged: StudyData;
  try {
    merged = mergeStudies(files.map(readStudy));
  } catch (e) {
    if (e instanceof CliError) throw e;
    throw new CliError(errorText(e));
  }
  return printStudy(merged, o);
}
