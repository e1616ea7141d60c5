import { defineConfig } from '@playwright/test';

/** E2E against the real server (tests/e2e/support/serve.ts) in Debian's Chromium. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    trace: 'retain-on-failure',
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
  webServer: {
    command: `npx tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${E2E_PORT}/config/v1/app`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    env: { E2E_PORT: String(E2E_PORT) },
  },
});
