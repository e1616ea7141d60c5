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
const PORT = 4183;

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
  for (let i = 0; i < 200; i++) {
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
  process.exitCode = total <= BUDGET ? 0 : 1;
} finally {
  await browser.close();
  // the store folds its journals at exit: the data directory goes once the app has stopped
  await stopProcess(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
