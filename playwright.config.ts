import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: what a person does, in Debian's Chromium, against the built app. Each worker
 * has its own server and its own copy of a database seeded once with the demo data (see
 * apps/web/e2e/support/servers.ts), so tests run in parallel and in any order.
 */
export default defineConfig({
  testDir: 'apps/web/e2e',
  // A test.only left in a commit fails CI instead of silently skipping the rest.
  forbidOnly: !!process.env.CI,
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Locally a flaky test shows itself instead of passing on a second try. CI gives a failed test
  // one more try so that a flake does not hold back a stop; the report still lists it as flaky.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './apps/web/e2e/global-setup.ts',
  reporter: [['list'], ['./apps/web/e2e/support/spec-times-reporter.ts']],
  use: {
    // No trace by default: recording one for every test (to keep it on failure) made each test
    // about a third slower here. Rerun a failing test with --trace on to get one.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    // Signs each demo role in once, through the API, and saves the browser's storage.
    { name: 'setup', testMatch: /auth\.setup\.ts$/ },
    {
      name: 'chromium',
      dependencies: ['setup'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
  ],
});
