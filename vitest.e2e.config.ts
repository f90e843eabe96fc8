import { defineConfig } from 'vitest/config';

// Browser flows: one real server process (SQLite in a temp folder) and Debian's Chromium via playwright-core.
export default defineConfig({
  test: {
    include: ['packages/web/e2e/**/*.e2e.ts'],
    globalSetup: ['packages/web/e2e/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A page answers in tens of milliseconds, but a busy 2-core machine can take seconds: expect.poll's own default
    // (1 s) failed specs under load. A wait that succeeds early costs nothing.
    expect: { poll: { timeout: 10_000, interval: 50 } },
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
