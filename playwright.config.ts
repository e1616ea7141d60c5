import { defineConfig } from '@playwright/test';

/** E2E against the real server (tests/e2e/support/serve.ts) in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

/**
 * Two servers, each with its own data directory and SMTP sink, and a project per server: the specs
 * of one project run one after another in file-name order against their server (as they always
 * did against one), the two projects side by side. The first half alphabetically runs on the first
 * server; every other spec, new ones included, on the second.
 */
const SERVERS = [E2E_PORT, E2E_PORT + 20];
const FIRST_HALF = [
  'account',
  'admin-services',
  'conformance',
  'documents',
  'forms',
  'help-chat',
  'invitations',
  'issues',
  'lists',
  'notifications',
  'pages',
  'pci-requests',
  'portfolio-done',
  'questionnaire',
  'routes',
  'runtime',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: SERVERS.length,
  retries: 0,
  // generous: the shared 2-core machine runs two servers and two browsers at once, and a page that
  // paints in a second when quiet can take ten under load (a wait, never an assertion about speed)
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  projects: [
    { name: 'first', testMatch: FIRST_HALF, workers: 1, use: { baseURL: `http://127.0.0.1:${SERVERS[0]}` } },
    { name: 'second', testIgnore: FIRST_HALF, workers: 1, use: { baseURL: `http://127.0.0.1:${SERVERS[1]}` } },
  ],
  use: {
    // no trace by default: recording each action's DOM snapshots costs CPU a 2-core run lacks; `--trace on` to debug
    trace: 'off',
    screenshot: 'only-on-failure',
    // the built client registers a service worker; specs see the network as it is unless they
    // ask for it (tests/e2e/service-worker.spec.ts)
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
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
  webServer: SERVERS.map((port) => ({
    command: `npx tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${port}/config/v1/app`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    env: { E2E_PORT: String(port) },
  })),
});
