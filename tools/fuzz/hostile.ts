/** Values and fragments that have broken parsers, checkers and interpreters before (issue 14). */

export const hostileNames = [
  '__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf', 'prototype', 'then',
  'length', 'x'.repeat(300), 'é\u200b', '$', '_', 'players', 'game', 'P1',
];

export const hugeNumbers = [
  '1' + '0'.repeat(309), '99999999999999999999999', '9007199254740993', '1000000000', '1000000', '2147483648',
  '-1', '0', '-5', '0.5', '1.5', '1e308',
];

/** Text fragments inserted into rule files (deep nesting, long sums, huge boards and player counts). */
export function hostileFragments(depth: number): string[] {
  return [
    `${'['.repeat(depth)}1${']'.repeat(depth)}`,
    `${'('.repeat(depth)}1${')'.repeat(depth)}`,
    Array.from({ length: depth * 10 }, () => '1').join(' + '),
    `${'not '.repeat(depth)}true`,
    `${'-'.repeat(depth)}1`,
    'board T track 1000000000',
    'board G grid 2000 x 2000',
    'players 2..1000000',
    'repeat -5 { }',
    'repeat 0.5 { }',
    `if ( [ 1 in [1]) { }`,
    'param a = b + 1\nparam b = a + 1',
    `fn f(n: number): number { return f(n + 1) + f(n + 2) }`,
    `"${'x'.repeat(10_000)}"`,
    '{'.repeat(depth),
    '}'.repeat(depth),
    '\u0000', '\uFEFF', '\r', '"', '/*', '//',
  ];
}

/** JSON values put in place of IR and saved-game fields. */
export const hostileValues: unknown[] = [
  null, true, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 2, 1e20, 2 ** 31, '', 'x'.repeat(100_000),
  [], {}, ...hostileNames, Array.from({ length: 10_000 }, (_, i) => i),
];
