import { defineConfig } from '@playwright/test';
import { E2E_PORT, SERVER_PORTS } from './tests/e2e/support/servers';

/** E2E against the real server (tests/e2e/support/serve.ts) in Debian's Chromium. */
export { E2E_PORT };

/**
 * Chromium features off for the tests. A second `--disable-features` replaces Playwright's own
 * (playwright-core's chromiumSwitches.ts, copied here), so the list holds both. Ours: the omnibox
 * popup's WebUI pages, which Chromium 156 preloads in a renderer of their own for every browser
 * context (~0.6 CPU-s each; a page never shows an address bar).
 */
const PLAYWRIGHT_DISABLED_FEATURES =
  'AvoidUnnecessaryBeforeUnloadCheckSync,DestroyProfileOnBrowserClose,DialMediaRouteProvider,GlobalMediaControls,' +
  'HttpsUpgrades,LensOverlay,MediaRouter,PaintHolding,ThirdPartyStoragePartitioning,' +
  'BlockOriginHeaderModificationOnRedirect,AvoidCorsURLLoaderRestartOnRedirect,Translate,AutoDeElevate,' +
  'OptimizationHints,NetworkTimeServiceQuerying,AimEnabled';
const DISABLED_FEATURES = `${PLAYWRIGHT_DISABLED_FEATURES},WebUIOmniboxPopup,WebUIOmniboxAimPopup`;

/**
 * Two servers, each with its own data directory and SMTP sink, and a worker per server
 * (tests/e2e/support/test.ts points a worker's pages at its server): each worker takes the next spec
 * file in name order when it finishes one, so the two stay busy to the end whatever a spec costs.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: SERVER_PORTS.length,
  retries: 0,
  // generous: the shared 2-core machine runs two servers and two browsers at once, and a page that
  // paints in a second when quiet can take ten under load (a wait, never an assertion about speed)
  timeout: 120_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    // no trace by default: recording each action's DOM snapshots costs CPU a 2-core run lacks; `--trace on` to debug
    trace: 'off',
    screenshot: 'only-on-failure',
    // the built client registers a service worker; specs see the network as it is unless they
    // ask for it (tests/e2e/service-worker.spec.ts)
    serviceWorkers: 'block',
    // overlays open in place, not zooming in (client/shell/motion.css): a click aimed during the
    // 300 ms zoom could land where the button was a frame earlier
    reducedMotion: 'reduce',
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
        `--disable-features=${DISABLED_FEATURES}`,
      ],
    },
  },
  webServer: SERVER_PORTS.map((port) => ({
    command: `npx tsx tests/e2e/support/serve.ts`,
    url: `http://127.0.0.1:${port}/config/v1/app`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe' as const,
    env: { E2E_PORT: String(port) },
  })),
});
