/**
 * Positions for a graph whose places have no coordinates: a small force-directed layout
 * (Fruchterman–Reingold) over its links. Deterministic: it starts from a circle in declaration order
 * nudged by a seeded generator, so the same board always looks the same. Linked places pull
 * together, all places push apart, and a weak pull to the centre keeps unlinked places near.
 */

export interface Point2 {
  x: number;
  y: number;
}

const iterations = 400;

/** A small seeded generator (mulberry32): the same board gets the same nudges every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Unit-free positions for `n` places linked by index pairs; the caller scales them. Places closer
 * than wanted after the last step are the caller's to spread (it scales by the closest pair).
 */
export function forceLayout(n: number, links: [number, number][], seed = n * 7919 + links.length): Point2[] {
  const random = seeded(seed);
  const pts: Point2[] = Array.from({ length: n }, (_, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, n);
    return { x: Math.cos(a) + (random() - 0.5) * 0.2, y: Math.sin(a) + (random() - 0.5) * 0.2 };
  });
  if (n < 3) return pts;
  const k = Math.sqrt(4 / n); // the ideal distance on a canvas of area 4
  const pairs = links.filter(([a, b]) => a !== b && a >= 0 && b >= 0 && a < n && b < n);
  let temperature = 0.2;
  const cooling = temperature / (iterations + 1);
  for (let step = 0; step < iterations; step++) {
    const dx = new Float64Array(n);
    const dy = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        let ex = pts[i]!.x - pts[j]!.x;
        let ey = pts[i]!.y - pts[j]!.y;
        let d = Math.hypot(ex, ey);
        if (d < 1e-6) {
          ex = random() - 0.5;
          ey = random() - 0.5;
          d = Math.hypot(ex, ey);
        }
        const f = (k * k) / d / d;
        dx[i]! += ex * f;
        dy[i]! += ey * f;
        dx[j]! -= ex * f;
        dy[j]! -= ey * f;
      }
    }
    for (const [a, b] of pairs) {
      const ex = pts[a]!.x - pts[b]!.x;
      const ey = pts[a]!.y - pts[b]!.y;
      const d = Math.hypot(ex, ey) || 1e-6;
      const f = d / k;
      dx[a]! -= ex * f;
      dy[a]! -= ey * f;
      dx[b]! += ex * f;
      dy[b]! += ey * f;
    }
    for (let i = 0; i < n; i++) {
      // Gravity: unlinked places and separate parts of the graph stay in view.
      dx[i]! -= pts[i]!.x * 0.1 * k;
      dy[i]! -= pts[i]!.y * 0.1 * k;
      const d = Math.hypot(dx[i]!, dy[i]!);
      if (d > 0) {
        const move = Math.min(d, temperature);
        pts[i]!.x += (dx[i]! / d) * move;
        pts[i]!.y += (dy[i]! / d) * move;
      }
    }
    temperature -= cooling;
  }
  return pts;
}
