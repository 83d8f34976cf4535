/** Parsers for command-line option values; a bad value is a one-line usage error. */
import { InvalidArgumentError } from 'commander';
import { messages } from './messages.js';

export function wholeNumber(value: string): number {
  if (!/^-?\d+$/.test(value.trim())) throw new InvalidArgumentError(messages.notWholeNumber(value));
  return Number(value);
}

export function positiveNumber(value: string): number {
  const n = wholeNumber(value);
  if (n < 1) throw new InvalidArgumentError(messages.notPositive(value));
  return n;
}
