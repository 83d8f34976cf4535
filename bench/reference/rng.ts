/**
 * A small seeded generator for the hand-written playouts: sfc32 seeded through splitmix32 and
 * warmed up, as the interpreter's (without warm-up, close seeds give correlated first numbers, and
 * games over seeds 1, 2, 3, … come out biased: the card race's mean length moved by 2 %).
 */
export function rng(seed: number): () => number {
  const w: number[] = [];
  let x = seed >>> 0;
  for (let i = 0; i < 4; i++) {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    w.push((z ^ (z >>> 16)) | 0);
  }
  let [a, b, c, d] = w;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}
