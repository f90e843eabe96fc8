import { defineConfig } from 'vitest/config';

// Browser flows: one real server process (SQLite in a temp folder) and Debian's Chromium via playwright-core.
export default defineConfig({
  test: {
    include: ['packages/web/e2e/**/*.e2e.ts'],
    globalSetup: ['packages/web/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
