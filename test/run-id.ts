/**
 * Vitest global setup: gives the run an id the test files can read (`inject('testRun')`), so that
 * the browser tests' files, which run in parallel workers, build the editor once per run between
 * them (harness.ts `sharedBuild`) instead of once each.
 */
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    testRun: string;
  }
}

export function setup({ provide }: TestProject): void {
  provide('testRun', `${process.pid}-${Date.now()}`);
}
