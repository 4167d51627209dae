import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // A test.only left in a commit fails CI instead of silently skipping the rest.
    allowOnly: !process.env.CI,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // Process-level tests run once, in their own project (below).
          exclude: [...configDefaults.exclude, 'apps/api/src/**/*.process.test.ts'],
          environment: 'node',
          // One database per worker, shared by the files it runs (PGlite takes seconds to start).
          pool: 'forks',
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Real API processes (node apps/api/src/server.ts) on the PostgreSQL server of
          // TEST_DATABASE_URL and the Redis of REDIS_URL; not repeated by the PGlite-only run.
          name: 'processes',
          include: ['apps/api/src/**/*.process.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 30_000,
          hookTimeout: 90_000,
        },
      },
      {
        // Rules, formats and API helpers: plain functions that need no DOM (jsdom takes about a
        // second to start per file).
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: {
          name: 'web',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // Components rendered with Testing Library (*.test.tsx): in jsdom.
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: {
          name: 'web-dom',
          include: ['src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
