/**
 * The text of a new variant file: it `use`s the open file and extends the game (or the variant)
 * that file declares, stating no differences yet.
 */

/** The game declared in a rule file, else its last variant: what a new variant extends. */
export function baseOf(text: string): string | null {
  const game = /^\s*game\s+([_a-zA-Z]\w*)/m.exec(text);
  if (game) return game[1]!;
  const variants = [...text.matchAll(/^\s*variant\s+([_a-zA-Z]\w*)/gm)];
  return variants.at(-1)?.[1] ?? null;
}

/** The variants a rule file declares, in order. */
export function variantsIn(text: string): string[] {
  return [...text.matchAll(/^\s*variant\s+([_a-zA-Z]\w*)/gm)].map((m) => m[1]!);
}

/** A variant name made into an identifier: `my house rule` → `MyHouseRule`. */
export function variantIdentifier(wanted: string): string {
  const words = wanted.split(/[^A-Za-z0-9_]+/).filter(Boolean);
  const id = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[_a-zA-Z]/.test(id) ? id : `V${id}`;
}

export function newVariantText(baseFile: string, base: string, variant: string, title: string): string {
  return [
    `use "${baseFile}"`,
    '',
    `/** ${title}: what changes from ${base}. */`,
    `variant ${variant} "${title.replace(/"/g, "'")}" extends ${base} {`,
    '}',
    '',
  ].join('\n');
}
