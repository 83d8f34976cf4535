/** `strata analyze FILE`: bot games and what they say about the rules (see cli/analyze/). */
import { writeFileSync } from 'node:fs';
import { CliError, errorText } from '../errors.js';
import { messages } from '../messages.js';
import { reportLines } from '../analyze/report-text.js';
import { runStudy, type StudyOptions } from '../analyze/run-study.js';
import { summarise } from '../analyze/summary.js';
import type { AnalysisJson, StudyData } from '../analyze/study.js';
import { analysisPage } from '../analyze/report-html.js';

export interface AnalyzeOptions extends StudyOptions {
  json?: boolean;
  html?: string;
}


export function writeFile(file: string, text: string): void {
  try {
    writeFileSync(file, text);
  } catch (e) {
    throw new CliError(messages.cannotWrite(file, errorText(e)));
  }
  console.error(messages.wrote(file));
}

/** Prints a study (text or JSON), writes its page; exit code 1 when a game failed. */
export function printStudy(study: StudyData, o: { json?: boolean; html?: string }): number {
  const summary = summarise(study);
  const out: AnalysisJson = { format: 'strata-analysis/1', study, summary };
  if (o.json) console.log(JSON.stringify(out, null, 2));
  else for (const line of reportLines(study, summary)) console.log(line);
  if (o.html !== undefined) writeFile(o.html, analysisPage([out]));
  return summary.errors.length > 0 ? 1 : 0;
}

export async function analyzeCommand(file: string, o: AnalyzeOptions): Promise<number> {
  return printStudy(await runStudy(file, o), o);
}
