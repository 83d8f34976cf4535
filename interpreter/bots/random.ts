/**
 * The one random bot. Its pick depends only on (seed, move number, option count), not on a stream
 * that must be carried along: the CLI, the library's playouts, the editor (which undoes and
 * replays) and the tests all draw the same option for the same seed at the same move.
 */

/** Mixes the seed and the move number into one generator seed (splitmix32's finaliser). */
function moveSeed(seed: number, moveIndex: number): number {
  let z = (Math.imul(seed >>> 0, 0x9e3779b1) + Math.imul(moveIndex + 1, 0x85ebca6b)) >>> 0;
  z = Math.imul(z ^ (z >>> 16), 0x7feb352d);
  z = Math.imul(z ^ (z >>> 15), 0x846ca68b);
  return (z ^ (z >>> 16)) >>> 0;
}

/** One word of rng.ts's seeding (splitmix32) from its running sum `x`. */
function mix(x: number): number {
  let z = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
  return (z ^ (z >>> 16)) >>> 0;
}

/**
 * A uniformly random option in [0, count) for move `moveIndex` (0 = the game's first move) of a
 * game played with `seed`: `nextInt(seedWords(moveSeed(seed, moveIndex)), count)` of rng.ts, with
 * the four sfc32 words in local variables instead of an array (it runs once per decision of every
 * random playout; test/bots/one-random-bot.test.ts compares it with rng.ts).
 */
export function randomAction(seed: number, moveIndex: number, count: number): number {
  if (count <= 1) return 0;
  const x = moveSeed(seed, moveIndex);
  let a = mix((x + 0x9e3779b9) >>> 0);
  let b = mix((x + 2 * 0x9e3779b9) >>> 0);
  let c = mix((x + 3 * 0x9e3779b9) >>> 0);
  let d = mix((x + 4 * 0x9e3779b9) >>> 0);
  // rng.ts warms the words up with 12 draws; the 13th is the pick.
  let t = 0;
  for (let i = 0; i < 13; i++) {
    t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (((c << 21) | (c >>> 11)) + t) | 0;
  }
  return Math.floor(((t >>> 0) / 4294967296) * count);
}
