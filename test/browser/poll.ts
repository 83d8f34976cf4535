/** The browser tests' `poll`: Vitest's `expect.poll` with a file's own default timeout. */
import { expect } from 'vitest';

export function pollWithin(defaultTimeout: number, interval?: number) {
  return <T>(f: () => Promise<T> | T, timeout = defaultTimeout) => expect.poll(f, interval === undefined ? { timeout } : { timeout, interval });
}
