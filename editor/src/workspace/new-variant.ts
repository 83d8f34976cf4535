/**
 * The text of a new variant file: it `use`s the open file and extends the game (or the variant)
 * that file declares (the language server's outline of it says which), stating no differences yet.
 */

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
