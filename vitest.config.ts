import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['./test/setup.ts'],
    globalSetup: ['./test/run-id.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
