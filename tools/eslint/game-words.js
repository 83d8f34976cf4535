/**
 * The game words the engine must not know (dsl/ and interpreter/ name general concepts only),
 * matched as word prefixes, case-insensitively: after a non-letter (so `_herd` counts) and, inside
 * camelCase or PascalCase identifiers, at a capital (`myHerd`). The one list, used by the lint rule.
 */
export const gameWords = [
  'dino', 'habitat', 'herd', 'raptor', 'rex', 'pterodactyl', 'volcano', 'ranch', 'rancher',
  'trias', 'triassic', 'ceratops', 'lava', 'swamp', 'steppe', 'meteorite',
];

const capitalised = gameWords.map((w) => w[0].toUpperCase() + w.slice(1));
const wordStart = new RegExp(`(?<![A-Za-z0-9])(?:${gameWords.join('|')})`, 'gi');
const camelStart = new RegExp(`(?<=[a-z0-9])(?:${capitalised.join('|')}|${gameWords.map((w) => w.toUpperCase()).join('|')})`, 'g');

/**
 * Every game word in `text`, with its 1-based line and 0-based column.
 * @param {string} text
 * @returns {{ line: number, column: number, word: string }[]}
 */
export function gameWordsIn(text) {
  const found = [];
  text.split('\n').forEach((line, i) => {
    for (const re of [wordStart, camelStart]) {
      for (const m of line.matchAll(re)) found.push({ line: i + 1, column: m.index, word: m[0] });
    }
  });
  return found;
}
