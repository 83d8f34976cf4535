/**
 * The language's static limits (docs/language.md, "Limits"). Rule files are shared, so every input
 * is untrusted: past these sizes the checker reports a located error instead of running out of
 * stack, memory or time. Each is far above what a rule file written by a person needs.
 */
export const limits = {
  /** Brackets `( [ {` open at once; the parser needs stack for each. */
  brackets: 160,
  /** Prefix operators (`-`, `not`) in a row: each nests like a bracket. */
  prefixRun: 160,
  /** Expressions and statements inside one another (a chain of `+`, `else if`, `not`, …). */
  nesting: 400,
  /** Places of one board (a 100 × 100 grid; each place and link is listed in the compiled game). */
  boardPlaces: 10_000,
  /** Players of a game (`players 2..n`). */
  players: 100,
  /** Integer and decimal literals: exact integers only (2^53). */
  number: Number.MAX_SAFE_INTEGER,
  /** Characters of one text literal. */
  textLength: 10_000,
  /** Items of one list literal. */
  listItems: 10_000,
} as const;
