import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files where the database engine itself can make a difference: migrations,
 * constraints and triggers, row locks and SKIP LOCKED, LISTEN/NOTIFY, transactions retried or
 * grouped, seeding an empty database, text the engine refuses. When the API suite runs on a
 * PostgreSQL server (TEST_DATABASE_URL), these run once more on PGlite, the embedded default
 * that `npm start` uses (project `api-pglite`). The rest is plain SQL through Drizzle, the same
 * on both.
 */
/** web-dom files that read state a library keeps per process: run isolated (project web-dom-own). */
const OWN_MODULES = ['src/app/layouts/public/footer.test.tsx', 'src/features/reservations/pages/reservations-page.test.tsx'];

const ENGINE_SENSITIVE = [
  'apps/api/src/db/**/*.test.ts',
  'apps/api/src/modules/reservations/bookings.test.ts',
  // Upserts with ON CONFLICT, row locks of concurrent edits, jsonb logs.
  'apps/api/src/modules/rates/rates.test.ts',
  'apps/api/src/modules/reservations/stay/front-desk.test.ts',
  'apps/api/src/modules/reservations/folio/payments.test.ts',
  'apps/api/src/modules/categories/categories.test.ts',
  'apps/api/src/modules/rooms/rooms.test.ts',
  'apps/api/src/modules/dashboard/admin-stats.test.ts',
  'apps/api/src/modules/auth/auth.test.ts',
  'apps/api/src/plugins/mailer.test.ts',
  'apps/api/src/lib/*.test.ts',
  'apps/api/src/seed/index.test.ts',
  'apps/api/src/seed/demo-folio-migration.test.ts',
  'apps/api/src/hostile-text.test.ts',
  // Occupancy triggers, NOTIFY-driven export cache, advisory locks and phone matching in SQL.
  'apps/api/src/modules/channels/channels.test.ts',
  'apps/api/src/modules/channels/blocks.test.ts',
  'apps/api/src/modules/reservations/walk-in-without-email.test.ts',
  // Folio totals kept by triggers, a deferred constraint trigger, invoice numbers under row locks.
  'apps/api/src/modules/reservations/reservations.test.ts',
  // Idempotency keys claimed inside the money write's transaction, requests racing on one key.
  'apps/api/src/modules/reservations/folio/money-writes.test.ts',
  // Deposits kept due by triggers on payments and folio lines.
  'apps/api/src/modules/rates/deposits.test.ts',
  // The availability index follows NOTIFY from statement triggers with transition tables.
  'apps/api/src/modules/availability/*.test.ts',
  // Online payment (issue 33): session row locks, the one-pending unique index, savepoints of a lapsed hold booked again.
  'apps/api/src/modules/online-payments/*.test.ts',
  // Who fits a room, read from jsonb in SQL (jsonb_typeof, numeric casts) against the shared rule.
  'apps/api/src/modules/rooms/room-fit.test.ts',
  // The embedded database's own backup and restore (a test that runs on PGlite only: on the
  // server run it is skipped, so without this line CI never ran it).
  'apps/api/src/modules/backups/backups.test.ts',
];

/** Files whose every test needs two connections at once (a PostgreSQL server): not repeated on PGlite. */
const SERVER_ONLY = ['apps/api/src/modules/availability/caught-up.test.ts', 'apps/api/src/db/pool-errors.test.ts'];

const apiProject = {
  environment: 'node' as const,
  // One database per worker, shared by the files it runs (PGlite takes seconds to start).
  pool: 'forks' as const,
  isolate: false,
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    // A test.only left in a commit fails CI instead of silently skipping the rest.
    allowOnly: !process.env.CI,
    // Two workers on this 2-core machine, not vitest's default of cores − 1 (one): the API files
    // mostly wait on PostgreSQL, timers and sockets, so a second worker fills the idle core
    // (the api project: 232 s alone, 161 s with two; three gave 153 s; all of vitest 493 s with
    // the process tests kept apart after the rest, 440 s with them beside the rest, where they
    // timed out once). The process tests run after the rest (below).
    maxWorkers: 2,
    reporters: ['default', './scripts/ci/vitest-project-times.ts'],
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
          ...apiProject,
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [{ test: { name: 'api-pglite', include: ENGINE_SENSITIVE, exclude: [...configDefaults.exclude, ...SERVER_ONLY], env: { TEST_DATABASE_URL: '' }, ...apiProject } }]
        : []),
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
          // After the rest, two files at a time: beside the API files a server's start or its
          // pool's connection to PostgreSQL ran past its timeout (seen in one CI run of two), but
          // two process files together leave it room (two runs, both green: 94 s wall instead of
          // 148 s one at a time: server-start.process.test.ts alone takes 65 s).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
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
          exclude: OWN_MODULES,
          environment: 'jsdom',
          // The files of a worker share jsdom and the libraries they load; src/test/setup.ts
          // undoes what each file leaves behind.
          isolate: false,
          setupFiles: ['./src/test/setup.ts'],
          // A screen's test clicks through antd's dialogs and pickers: 1–5 s on a quiet machine of
          // the slow kind, and past vitest's default 5 s under load (several failed so in one
          // full run). A timeout only says how long a failing test may take.
          testTimeout: 20_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        root: './apps/web',
        test: {
          // Files that need modules of their own: what a library keeps for the whole process
          // (antd's breakpoint observer, the site facts read once) must start from their page.
          name: 'web-dom-own',
          include: OWN_MODULES,
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
