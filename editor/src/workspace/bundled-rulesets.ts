/**
 * The rulesets shipped with the editor: every rulesets/*.strata file, read at build time, so a new
 * ruleset appears in the editor with no change here.
 */
const sources = import.meta.glob<string>('../../../rulesets/*.strata', { query: '?raw', import: 'default', eager: true });

export interface BundledRuleset {
  /** File name, e.g. `race.strata`. */
  name: string;
  text: string;
}

export const bundledRulesets: BundledRuleset[] = Object.entries(sources)
  .map(([path, text]) => ({ name: path.slice(path.lastIndexOf('/') + 1), text }))
  .sort((a, b) => a.name.localeCompare(b.name));
