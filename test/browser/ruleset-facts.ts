/**
 * Facts about a bundled ruleset that the browser tests edit: its game's name and a documented
 * parameter (name, a plain piece of its doc comment, its line), read from the file itself so the
 * tests follow the rulesets as they change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface EditingTarget {
  file: string;
  game: string;
  param: string;
  /** The first words of the parameter's doc comment (plain text, as a hover shows it). */
  paramDoc: string;
  /** 1-based line of the parameter's declaration. */
  paramLine: number;
}

export function rulesetForEditing(folder: string): EditingTarget {
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.strata')).sort()) {
    const text = readFileSync(join(folder, file), 'utf8');
    const game = /^game\s+(\w+)/m.exec(text)?.[1];
    if (!game) continue;
    const documented = /\/\*\*\s*([A-Za-z][A-Za-z ,]{8,}?)[ ,]*[^A-Za-z ,][^]*?\*\/\s*\n\s*param\s+(\w{4,})\b/g;
    for (const m of text.matchAll(documented)) {
      const [, doc, param] = m;
      if (!doc || !param || doc.includes('/**')) continue;
      const at = text.indexOf(`param ${param}`, m.index);
      return { file, game, param, paramDoc: doc.split(' ').slice(0, 3).join(' '), paramLine: text.slice(0, at).split('\n').length };
    }
  }
  throw new Error(`no ruleset in ${folder} declares a game with a documented parameter`);
}
