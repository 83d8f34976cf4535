// The engine knows no game: none of the brief's game words in dsl/ or interpreter/ (generated parser
// excepted), nor in those folders' tests. The word list itself lives only in test/meta/.
import { describe, expect, it } from 'vitest';
import { filesUnder, gameWordsIn, isBinary, readSource } from './source-files.js';

const scanned = [
  ...filesUnder('dsl', ['dsl/src/generated']),
  ...filesUnder('interpreter'),
  ...filesUnder('test/dsl'),
  ...filesUnder('test/interpreter'),
];

describe('game vocabulary', () => {
  it('is recognised as word prefixes, case-insensitively, also inside identifiers', () => {
    const hits = gameWordsIn('A Dinosaur, herds; my_lava, swampLand, bigRaptorCount, TRIAS, isHerdOf(x)');
    expect(hits.map((h) => h.text.toLowerCase()).sort()).toEqual(['dino', 'herd', 'herd', 'lava', 'raptor', 'swamp', 'trias'].sort());
  });

  it('is not found inside other words', () => {
    expect(gameWordsIn('shepherd, indexRegex, director, cheerd, paralava, predinosaur')).toEqual([]);
  });

  it('scans the engine folders', () => {
    expect(scanned.some((f) => f.startsWith('interpreter/'))).toBe(true);
    expect(scanned.some((f) => f.startsWith('dsl/'))).toBe(true);
    expect(scanned.some((f) => f.startsWith('dsl/src/generated/'))).toBe(false);
  });

  it('does not occur in dsl/ or interpreter/', () => {
    const problems: string[] = [];
    for (const file of scanned) {
      const text = readSource(file);
      if (isBinary(text)) continue;
      for (const hit of gameWordsIn(text)) problems.push(`${file}:${hit.line}: "${hit.text}"`);
    }
    expect(problems).toEqual([]);
  });
});
