import { defineConfig } from 'vitest/config';

// Browser flows: one real server process (SQLite in a temp folder) and Debian's Chromium via playwright-core.
//
// Two files run at a time: a spec spends most of its time waiting on the browser and the server, so the second
// file uses what the first leaves idle (the suite took 2,248 s one file at a time in CI, 850 s two at a time on the
// same kind of machine). Each spec registers its own users, and a spec that needs another configuration starts its
// own server, so files do not see each other's data. Files that measure time run afterwards, alone
// (docs/decisions.md, "Browser specs run two files at a time").
const ALONE = ['packages/web/e2e/long-conversation.e2e.ts'];

const shared = {
  globalSetup: ['packages/web/e2e/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // A page answers in tens of milliseconds, but a busy 2-core machine can take seconds: expect.poll's own default
  // (1 s) failed specs under load. A wait that succeeds early costs nothing.
  expect: { poll: { timeout: 10_000, interval: 50 } },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'browser',
          include: ['packages/web/e2e/**/*.e2e.ts'],
          exclude: ALONE,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
      {
        test: {
          ...shared,
          name: 'browser-timed',
          include: ALONE,
          fileParallelism: false,
          maxWorkers: 1,
          // After every other file has finished: what these files time is the page, not the other specs.
          sequence: { groupOrder: 1 },
        },
      },
    ],
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/e2e.json' },
  },
});
