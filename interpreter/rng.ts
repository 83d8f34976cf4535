/**
 * The seeded generator: sfc32, whose four 32-bit words live in the state (so a saved state continues
 * the same sequence), seeded through splitmix32. No clock and no Math.random anywhere.
 */

/** Four sfc32 words from a seed, via splitmix32. */
export function seedWords(seed: number): number[] {
  return seedInto(seed, [0, 0, 0, 0]);
}

/** seedWords written into `words` (four numbers), which it returns: the random bot reuses one array per move. */
export function seedInto(seed: number, words: number[]): number[] {
  const x = seed >>> 0;
  let a = splitmix(x, 1);
  let b = splitmix(x, 2);
  let c = splitmix(x, 3);
  let d = splitmix(x, 4);
  // Warm up so that close seeds diverge at once: nextWord 12 times, on locals (every new game
  // seeds; the array's loads and stores cost more than the arithmetic).
  for (let i = 0; i < 12; i++) {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  words[0] = a;
  words[1] = b;
  words[2] = c;
  words[3] = d;
  return words;
}

/** Word i (from 1) of splitmix32 from seed x. */
function splitmix(x: number, i: number): number {
  let z = (x + i * 0x9e3779b9) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/** The next 32-bit unsigned number; advances the words in place. */
export function nextWord(w: number[]): number {
  const a = w[0];
  const b = w[1];
  const c = w[2];
  const d = w[3];
  const t = (((a + b) | 0) + d) | 0;
  w[3] = (d + 1) | 0;
  w[0] = b ^ (b >>> 9);
  w[1] = (c + (c << 3)) | 0;
  w[2] = (((c << 21) | (c >>> 11)) + t) | 0;
  return t >>> 0;
}

/** A whole number in [0, n). */
export function nextInt(w: number[], n: number): number {
  return Math.floor((nextWord(w) / 4294967296) * n);
}

/** Fisher-Yates in place. */
export function shuffleInPlace<T>(w: number[], items: T[]): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = nextInt(w, i + 1);
    const t = items[i];
    items[i] = items[j];
    items[j] = t;
  }
}
