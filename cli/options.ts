/** Parsers for command-line option values; a bad value is a one-line usage error. */
import { InvalidArgumentError } from 'commander';
import { messages } from './messages.js';

/** The generator takes 32-bit seeds: a larger seed would play the same games as a smaller one. */
export const maxSeed = 2 ** 32 - 1;

/** Shown at most this long when echoed in a message. */
const echoLength = 40;

function echo(value: string): string {
  return value.length > echoLength ? `${value.slice(0, echoLength)}…` : value;
}

/** A whole number that is exact in JavaScript (|n| < 2^53). */
export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(messages.notWholeNumber(echo(value)));
  if (!Number.isSafeInteger(n)) throw new InvalidArgumentError(messages.tooLarge(echo(value)));
  return n;
}

export function positiveNumber(value: string): number {
  const n = wholeNumber(value);
  if (n < 1) throw new InvalidArgumentError(messages.notPositive(echo(value)));
  return n;
}

export function seedNumber(value: string): number {
  const n = wholeNumber(value);
  if (n < 0 || n > maxSeed) throw new InvalidArgumentError(messages.badSeed(echo(value), maxSeed));
  return n;
}
