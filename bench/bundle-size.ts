/**
 * The JavaScript the sign-in page really loads, as it crossed the wire (Chromium's encodedBodySize:
 * the build's brotli files as the server sends them), against the 120 KB target and against a
 * baseline measured in the same run: react + react-dom alone, bundled by the same Vite, brotli.
 * Needs `vite build` first (npm run bench does it).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadavg } from 'node:os';
import { brotliCompressSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'vite';
import { stopProcess } from './support/app-process';

const BUDGET = 120 * 1024;
/** No route may load more JavaScript than this (on the wire). */
const ROUTE_BUDGET = 300 * 1024;
const PORT = Number(process.env.BENCH_PORT ?? 4183);

async function reactBaseline(): Promise<number> {
  const dir = fs.mkdtempSync(path.join(process.cwd(), '.bench-react-'));
  try {
    fs.writeFileSync(path.join(dir, 'index.html'), '<div id="r"></div><script type="module" src="./main.js"></script>');
    fs.writeFileSync(
      path.join(dir, 'main.js'),
      "import { createRoot } from 'react-dom/client'; import { createElement } from 'react'; createRoot(document.getElementById('r')).render(createElement('p', null, 'hi'));",
    );
    await build({ root: dir, logLevel: 'silent', configFile: false, build: { outDir: path.join(dir, 'out') } });
    const assets = path.join(dir, 'out', 'assets');
    return fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((n, f) => n + brotliCompressSync(fs.readFileSync(path.join(assets, f))).length, 0);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
const app = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'ignore',
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir },
});
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  // up to a minute for the server to answer: on a loaded machine its start alone can take 20 s
  for (let i = 0; i < 600; i++) {
    if (
      await fetch(`http://127.0.0.1:${PORT}/config/v1/app`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // a first visit: the service worker's own fetches after install are not the page's
  const page = await (await browser.newContext({ serviceWorkers: 'block' })).newPage();
  await page.goto(`http://127.0.0.1:${PORT}/login`, { waitUntil: 'networkidle' });
  await page.waitForSelector('input[type="password"]');
  const entries = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.initiatorType === 'script' || /\.m?js$/.test(new URL(entry.name).pathname))
      .map((entry) => [entry.name, entry.encodedBodySize] as const),
  );
  const scripts = new Map<string, number>(entries);
  const total = [...scripts.values()].reduce((a, b) => a + b, 0);
  const baseline = await reactBaseline();
  for (const [url, size] of scripts)
    console.log(`  ${(size / 1024).toFixed(1).padStart(7)} KB  ${new URL(url).pathname}`);
  console.log(
    `sign-in page JS on the wire: ${(total / 1024).toFixed(1)} KB in ${scripts.size} files (load average ${loadavg()[0].toFixed(1)})`,
  );
  console.log(
    `  vs target 120 KB: ratio ${(total / BUDGET).toFixed(2)} (target <= 1.00) ${total <= BUDGET ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  vs baseline react+react-dom alone (${(baseline / 1024).toFixed(1)} KB): ratio ${(total / baseline).toFixed(2)}`,
  );

  // every screen kind as the admin sees it, each from a new context (nothing cached): JS on the wire
  const login = await browser.newContext({ serviceWorkers: 'block' });
  const signIn = await login.newPage();
  await signIn.goto(`http://127.0.0.1:${PORT}/login`);
  await signIn.locator('input[type="email"], input[name="username"]').first().fill('admin@demo.test');
  await signIn.locator('input[type="password"]').fill('Demo-Pass1');
  await signIn.locator('button[type="submit"]').click();
  await signIn.waitForURL((url) => url.pathname.startsWith('/app/'));
  const storageState = await login.storageState();
  await login.close();
  const routes = (
    (await (await fetch(`http://127.0.0.1:${PORT}/config/v1/documents/routes/app`)).json()) as {
      body: { routes: { path: string; screen?: string; layout?: string }[] };
    }
  ).body.routes.filter((route) => route.layout === 'app' && route.screen && !route.path.includes(':'));
  const byKind = new Map<string, string>();
  for (const route of routes) if (!byKind.has(route.screen as string)) byKind.set(route.screen as string, route.path);
  const walked = [
    ...new Set([...byKind.values(), ...routes.filter((r) => /dashboard/.test(r.path)).map((r) => r.path)]),
  ];
  /**
   * One visit of a route from a new context: its screen drawn (no spinner left), then the network
   * quiet. `ownOnly`: the browser says Save-Data, so the shell's idle preloading of up to 5 sibling
   * routes (shell §9, client/runtime/preload.ts) stays off: the route's own JS, without other routes'.
   */
  const visit = async (route: string, ownOnly: boolean): Promise<[string, number][]> => {
    const context = await browser.newContext({ serviceWorkers: 'block', storageState });
    if (ownOnly)
      await context.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true }),
      );
    const routePage = await context.newPage();
    await routePage.goto(`http://127.0.0.1:${PORT}${route}`, { waitUntil: 'networkidle' });
    await routePage
      .waitForFunction(() => document.querySelector('main') && !document.querySelector('.bp6-spinner, .bp6-skeleton'), {
        timeout: 15_000,
      })
      .catch(() => undefined);
    await routePage.waitForLoadState('networkidle');
    // the idle callback that preloads siblings runs after the first quiet moment: wait for its fetches too
    await routePage.waitForTimeout(ownOnly ? 0 : 1000);
    await routePage.waitForLoadState('networkidle');
    const files = (await routePage.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry as PerformanceResourceTiming)
        .filter((entry) => entry.initiatorType === 'script' || /\.m?js$/.test(new URL(entry.name).pathname))
        .map((entry) => [new URL(entry.name).pathname, entry.encodedBodySize] as const),
    )) as [string, number][];
    await context.close();
    return files;
  };
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const sizes: [string, number, number][] = [];
  for (const route of walked) {
    const own = await visit(route, true);
    const withSiblings = await visit(route, false);
    // BENCH_ROUTE=<path> lists that route's own files, biggest first ('*': every route's)
    if (process.env.BENCH_ROUTE === route || process.env.BENCH_ROUTE === '*')
      for (const [file, size] of [...own].sort((a, b) => b[1] - a[1]))
        console.log(`  ${route}: ${kb(size).padStart(7)} KB  ${file}`);
    const sum = (files: [string, number][]) => files.reduce((total, [, size]) => total + size, 0);
    sizes.push([route, sum(own), sum(withSiblings)]);
  }
  sizes.sort((a, b) => b[1] - a[1]);
  const [heaviest, heaviestBytes] = sizes[0];
  console.log(
    `JS on the wire per screen kind, as the admin (${walked.length} routes, new context each): the route's own · with the idle preloading of its siblings`,
  );
  for (const [route, bytes, all] of sizes)
    console.log(`  ${kb(bytes).padStart(7)} KB · ${kb(all).padStart(7)} KB  ${route}`);
  console.log(
    `  heaviest ${heaviest}: ${kb(heaviestBytes)} KB vs target 300 KB: ratio ${(heaviestBytes / ROUTE_BUDGET).toFixed(2)} (target <= 1.00) ${heaviestBytes <= ROUTE_BUDGET ? 'met' : 'MISSED'} (load average ${loadavg()[0].toFixed(1)})`,
  );
  process.exitCode = total <= BUDGET && heaviestBytes <= ROUTE_BUDGET ? 0 : 1;
} finally {
  await browser.close();
  // the store folds its journals at exit: the data directory goes once the app has stopped
  await stopProcess(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
