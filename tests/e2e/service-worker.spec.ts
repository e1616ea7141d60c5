/**
 * The service worker (shell §9; vite.config.ts, client/app/serviceWorker.ts) on a server of its
 * own, whose client folder the test swaps between two real builds while a page is open: the new
 * version must take over and the page reload into it with nobody reloading it; and with the
 * server gone, a reload must still paint the shell from what the worker kept.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import { E2E_PORT } from '../../playwright.config';
import { PASSWORD } from './support/users';
import { expectSignedInAt, signIn, t } from './support/ui';

const port = E2E_PORT + 1;
const base = `http://127.0.0.1:${port}`;

test.use({ serviceWorkers: 'allow', baseURL: base });
test.describe.configure({ mode: 'serial' });

let work: string;
let served: string;
let server: ChildProcess | null = null;
let versions: { a: string; b: string };

/**
 * Two versions made from the production build the suite serves (dist/client, as `npm start` makes
 * it), as two deployments would differ: version A is that build named `sw-a`; version B is named
 * `sw-b`, and as a bundler would, it gives the entry chunk, and every chunk that imports a renamed
 * one, a new hashed name — so B's precache list and index.html change as between real builds, and
 * no chunk B loads can import one of A's.
 */
function makeVersions(into: string): { a: string; b: string } {
  const a = path.join(into, 'a');
  const b = path.join(into, 'b');
  fs.cpSync('dist/client', a, { recursive: true });
  const entry = /src="\/assets\/(index-[\w-]+\.js)"/.exec(fs.readFileSync(path.join(a, 'index.html'), 'utf8'))?.[1];
  if (!entry) throw new Error('no entry chunk in dist/client/index.html: run `npx vite build` first');
  const named = (build: string) => (text: string) =>
    text.replace(/dataset\.build=(`[^`]*`|"[^"]*")/, `dataset.build="${build}"`);
  rewrite(path.join(a, 'assets', entry), named('sw-a'));
  fs.cpSync(a, b, { recursive: true });
  rewrite(path.join(b, 'assets', entry), named('sw-b'));

  // the chunks to rename: the entry, then whatever imports a chunk already in the set
  const chunks = new Map<string, string>(
    (fs.readdirSync(path.join(b, 'assets'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.js'))
      .map((file) => [path.basename(file), fs.readFileSync(path.join(b, 'assets', file), 'utf8')]),
  );
  const renamed = new Set([entry]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, text] of chunks) {
      if (!renamed.has(name) && [...renamed].some((other) => text.includes(other))) {
        renamed.add(name);
        grew = true;
      }
    }
  }
  const pattern = new RegExp([...renamed].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const pointAtB = (text: string) => text.replace(pattern, (name) => name.replace(/\.js$/, 'b.js'));
  rewrite(path.join(b, 'index.html'), pointAtB);
  rewrite(path.join(b, 'sw.js'), pointAtB);
  for (const file of fs.readdirSync(path.join(b, 'assets'), { recursive: true }) as string[]) {
    if (!file.endsWith('.js')) continue;
    const where = path.join(b, 'assets', file);
    rewrite(where, pointAtB, false);
    if (!renamed.has(path.basename(file))) continue;
    for (const suffix of ['', ...PRECOMPRESSED]) {
      if (fs.existsSync(where + suffix)) fs.renameSync(where + suffix, where.replace(/\.js$/, 'b.js') + suffix);
    }
  }
  // index.html changed: its precache revision does too, so B's worker fetches it afresh
  rewrite(path.join(b, 'sw.js'), (text) =>
    text.replace(/(url:"index\.html",revision:")[^"]*"/, (_match, start: string) => `${start}sw-b"`),
  );
  return { a, b };
}

/** The pre-compressed siblings the build writes beside a file, which the server prefers. */
const PRECOMPRESSED = ['.br', '.gz'];

/**
 * Edits a file of a version, and its pre-compressed siblings with it (the server sends those to a
 * browser that accepts them); an edit that must land (`required`) and did not fails loudly.
 */
function rewrite(file: string, change: (text: string) => string, required = true): void {
  const before = fs.readFileSync(file, 'utf8');
  const after = change(before);
  if (required && after === before) throw new Error(`the build changed shape: nothing to edit in ${file}`);
  if (after === before) return;
  fs.writeFileSync(file, after);
  if (fs.existsSync(`${file}.br`)) fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(after));
  if (fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(after));
}

/** Puts a build where the server reads its client files, as a deployment replaces them. */
function publishBuild(from: string): void {
  for (const entry of fs.readdirSync(served)) fs.rmSync(path.join(served, entry), { recursive: true, force: true });
  fs.cpSync(from, served, { recursive: true });
}

async function startServer(): Promise<void> {
  const dataDir = path.join(work, 'data');
  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CLIENT_DIR: served, LOGIN_RATE_LIMIT: '1000' },
  });
  await expect
    .poll(async () => (await fetch(`${base}/config/v1/app`).catch(() => null))?.status, { timeout: 60_000 })
    .toBe(200);
}

async function stopServer(): Promise<void> {
  const running = server;
  server = null;
  if (!running || running.exitCode !== null) return;
  const exited = new Promise((resolve) => running.once('exit', resolve));
  running.kill('SIGTERM');
  await exited;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-sw-'));
  served = path.join(work, 'served');
  fs.mkdirSync(served);
  versions = makeVersions(work);
  publishBuild(versions.a);
  await startServer();
});

test.afterAll(async () => {
  await stopServer();
  fs.rmSync(work, { recursive: true, force: true });
});

test('sw.js is served for every request afresh, under a CSP that lets it run', async ({ request }) => {
  const sw = await request.get('/sw.js');
  expect(sw.status()).toBe(200);
  expect(sw.headers()['cache-control']).toBe('no-cache');
  expect(sw.headers()['content-type']).toMatch(/javascript/);
  expect(sw.headers()['content-security-policy']).toMatch(/worker-src 'self'/);
  expect(await sw.text()).toMatch(/precacheAndRoute/);
});

test('a new version takes over at once and the open page reloads into it', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('html')).toHaveAttribute('data-build', 'sw-a');
  // build A's worker has installed (precached the shell) and controls the page
  await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  publishBuild(versions.b);
  const reloaded = page.waitForEvent('load');
  // the user goes on inside the app; nobody reloads the page
  await page.getByRole('link', { name: t('auth.login.forgotPassword') }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await reloaded;
  await expect(page.locator('html')).toHaveAttribute('data-build', 'sw-b');
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: t('auth.forgot.title') })).toBeVisible();
});

test('with the server gone, a reload still paints the signed-in shell', async ({ page, context }) => {
  await signIn(page, 'admin@demo.test', PASSWORD);
  await expectSignedInAt(page, '/app/dashboard');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // a load under the worker: the published documents it reads are kept on the way
  await page.reload();
  await expect(
    page
      .getByRole('navigation', { name: t('shell.mainMenu') })
      .getByRole('link', { name: t('menu.dashboard'), exact: true }),
  ).toBeVisible();

  await stopServer();
  await context.setOffline(true);
  // nothing answers over the network now
  expect(
    await page.evaluate(() =>
      fetch('/iam/api/me').then(
        () => 'answered',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-build', 'sw-b');
  await expect(
    page
      .getByRole('navigation', { name: t('shell.mainMenu') })
      .getByRole('link', { name: t('menu.dashboard'), exact: true }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
});
