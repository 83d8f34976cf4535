/** The fuzzer's own seeded generator (splitmix32): every input is a function of (seed, index). */
export interface Random {
  /** An integer in [0, n). */
  int(n: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
}

export function random(seed: number, index = 0): Random {
  let x = (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
  const next = (): number => {
    x = (x + 0x9e3779b9) >>> 0;
    let z = x;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  const int = (n: number): number => (n <= 0 ? 0 : next() % n);
  return {
    int,
    pick: (items) => items[int(items.length)]!,
    chance: (p) => next() / 2 ** 32 < p,
  };
}
