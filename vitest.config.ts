import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/run-id.ts'],
    // Both cores of a 2-core CI machine (Vitest's default leaves one idle): the browser tests
    // mostly wait on Chromium while the rule-file tests compute.
    maxWorkers: 2,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
