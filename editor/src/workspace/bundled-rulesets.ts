/**
 * The rule files shipped with the editor: every rulesets/*.strata file (the five games) and every
 * examples/*.strata file (the gallery), read at build time, so a new file in either folder appears
 * in the editor with no change here. Both go in the one flat workspace folder; the file list shows
 * the examples as a group of their own.
 */
const rulesets = import.meta.glob<string>('../../../rulesets/*.strata', { query: '?raw', import: 'default', eager: true });
const examples = import.meta.glob<string>('../../../examples/*.strata', { query: '?raw', import: 'default', eager: true });

/** Which shipped folder a file comes from. */
export type BundledGroup = 'rulesets' | 'examples';

export interface BundledRuleset {
  /** File name, e.g. `race.strata`. */
  name: string;
  text: string;
  group: BundledGroup;
}

function files(sources: Record<string, string>, group: BundledGroup): BundledRuleset[] {
  return Object.entries(sources)
    .map(([path, text]) => ({ name: path.slice(path.lastIndexOf('/') + 1), text, group }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The rulesets, then the examples; an example named like a ruleset is left out (one flat folder). */
export const bundledRulesets: BundledRuleset[] = (() => {
  const first = files(rulesets, 'rulesets');
  const taken = new Set(first.map((f) => f.name));
  return [...first, ...files(examples, 'examples').filter((f) => !taken.has(f.name))];
})();
