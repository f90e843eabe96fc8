import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    setupFiles: ['./scripts/unit-test-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores, one on a 2-core machine; most files wait on sockets, child
    // processes and databases rather than compute, so two on 2 cores took the suite from 1,011 s to 410 s
    // (docs/decisions.md, "Unit test files share their worker's modules").
    maxWorkers: Math.max(2, availableParallelism()),
    // A worker's test files share its loaded modules: each file no longer pays seconds to load the server again,
    // which halved the suite (15.7 → 8 min on 2 cores). Files must leave no state behind: timers, mocks, env and
    // globals are restored by each file (docs/decisions.md, "Unit test files share their worker's modules").
    isolate: false,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: { json: 'test-results/unit.json' },
  },
});
