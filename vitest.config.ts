import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/unit/**/*.test.tsx'], environment: 'node' } },
      {
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          // several instances over one database (pg/) need the PostgreSQL store: integration-pg only
          exclude: ['tests/integration/pg/**'],
          environment: 'node',
          testTimeout: 30000,
          hookTimeout: 30000,
          // each file starts its own server on a free port with its own data directory; the two
          // integration projects share one group after the others: two files at a time, one per
          // store mostly (the order interleaves them), so the second store costs less than double
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          // files share their worker's modules: the server's module graph is loaded once per worker, not
          // once per file (each file still starts its own server over its own data directory)
          isolate: false,
        },
      },
      {
        // the same suite on the PostgreSQL store: a server on 127.0.0.1:5432 if one answers, else PGlite
        // (support/pg-global-setup.ts says which); tests of lowdb's own files (lowdb/) run above only,
        // pg/: migrations, several instances sharing one database — here only
        test: {
          name: 'integration-pg',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/lowdb/**'],
          environment: 'node',
          env: { TEST_STORE: 'postgres' },
          globalSetup: ['tests/integration/support/pg-global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 30000,
          sequence: { groupOrder: 1 },
          maxWorkers: 2,
          isolate: false,
        },
      },
      {
        test: {
          name: 'theme',
          include: ['tests/theme/**/*.test.tsx'],
          environment: 'jsdom',
          // RJSF's own theme suites (@rjsf/snapshot-tests) are written against jest-style globals
          globals: true,
          setupFiles: ['tests/theme/setup.ts'],
          // transformed, so the suites' vi.mock of @rjsf/utils is hoisted as in RJSF's repository
          server: { deps: { inline: ['@rjsf/snapshot-tests'] } },
        },
      },
    ],
  },
});
