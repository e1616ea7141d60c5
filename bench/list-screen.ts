/**
 * The list screen in Chromium with 10,000 rows on one page, beside a named baseline measured in the
 * same run: a plain, non-virtualised @tanstack/react-table page (bench/list-screen/, built here with
 * Vite's build API into a temp dir, never part of the app bundle) rendering the same rows as JSON.
 *
 * Ours goes through its real data path: the app server on a temp data dir seeded with 10,000 mail
 * logs, an admin signed in, /app/mail-logs?pageSize=10000 (the list document mail-logs).
 * - First render: from the moment the rows' response has arrived (resource timing `responseEnd`)
 *   to the frame that shows the first rows (a MutationObserver sees them, then requestAnimationFrame
 *   and a task after it: the frame is laid out and painted). From navigation start is printed too.
 * - Sort: header click → the frame showing the new order, over BENCH_CLICKS clicks (40), every click
 *   counted. Ours asks the server (the query contract: a new request for 10,000 rows each time) and
 *   shows the complete rows re-sorted locally meanwhile; a click is timed once the page has settled from
 *   the one before (answer handled, URL written), as a person reads the rows before the next click.
 *   Ours reloads before every fourth click: those first clicks after a load (clicked as soon as the rows
 *   show, before the browser was ever idle) are reported on their own too. The baseline sorts in memory.
 * Targets (issue 5): first render ≥ 10× faster than the baseline, sort p95 (of every click) < 50 ms.
 * Needs `vite build` first (npm run bench does it). Run: npx tsx bench/list-screen.ts
 * BENCH_TRACE=<dir> writes a Chromium trace (with JS samples) of each first click after a load of ours
 * there, from the click to the page settled: open it in DevTools' Performance panel (its numbers then
 * include the tracing's own cost).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { stopProcess } from './support/app-process';

const ROWS = 10_000;
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const CLICKS = Number(process.env.BENCH_CLICKS ?? 40);
const TRACE_DIR = process.env.BENCH_TRACE;
if (TRACE_DIR) fs.mkdirSync(TRACE_DIR, { recursive: true });
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8.execute',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
];
/** The baseline's clicks take a second or two each: fewer of them (its numbers are only beside ours). */
const BASELINE_CLICKS = Number(process.env.BENCH_BASELINE_CLICKS ?? 15);
const SPEED_UP_TARGET = 10;
const SORT_TARGET_MS = 50;
/** BENCH_PORT lets runs side by side (other worktrees, other benches) bind their own port. */
const APP_PORT = Number(process.env.BENCH_PORT ?? 4188);
const APP = `http://127.0.0.1:${APP_PORT}`;
const en = JSON.parse(fs.readFileSync('locales/en.json', 'utf8'));

const STATUSES = ['sent', 'logged', 'failed'] as const;
const SUBJECTS = [
  'Verify your e-mail address',
  'Reset your password',
  'Your account is approved',
  'Invitation to join',
];

/** 10,000 mail logs, newest first a minute apart; lower-case addresses so every comparator agrees. */
function mailLogs() {
  const now = Date.now();
  return Array.from({ length: ROWS }, (_, i) => {
    const n = (i * 7919) % 1_000_003;
    const subject = `${SUBJECTS[i % SUBJECTS.length]} #${String(n).padStart(7, '0')}`;
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      to: `user${String((500_000 + i * 104_729) % 999_983).padStart(6, '0')}@example.test`,
      subject,
      text: `Hello,\n\n${subject}. Open the link below within 24 hours.\n\nPaySec`,
      html: `<p>Hello,</p><p>${subject}. Open the link below within 24 hours.</p><p>PaySec</p>`,
      status: STATUSES[i % 3],
      createdAt: new Date(now - i * 60_000).toISOString(),
    };
  });
}

/** In the page before any script: `__painted(predicate)` resolves with performance.now() once the frame showing it is done. */
const PAINT_PROBE = `
  window.__painted = (predicate) => new Promise((resolve) => {
    const done = () => requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now());
      channel.port2.postMessage(0);
    });
    if (predicate()) return done();
    const observer = new MutationObserver(() => {
      if (predicate()) { observer.disconnect(); done(); }
    });
    // rows come and go (childList), texts change, and the list's stale marker is a class
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributeFilter: ['class'] });
  });
  // a header click until the frame whose first row shows \`want\` in column \`index\`, with nothing stale left;
  // with a server (\`busySelector\`), then until it has answered, the answer is handled and the URL written
  window.__timeSort = async (buttons, title, want, index, rowSelector, staleSelector, dataUrl, busySelector) => {
    const button = [...document.querySelectorAll(buttons)].find((b) => b.textContent.trim() === title);
    const ready = () =>
      document.querySelector(rowSelector)?.querySelectorAll('td')[index]?.textContent?.trim() === want &&
      (staleSelector === null || document.querySelector(staleSelector) === null);
    if (!button || ready()) throw new Error('no button ' + title + ', or already showing ' + want);
    const search = location.search;
    const start = performance.now();
    const painted = window.__painted(ready);
    button.click();
    const end = await painted;
    if (busySelector === null) return [end - start, 0, 0];
    const answer = () => performance.getEntriesByType('resource')
      .filter((e) => e.startTime >= start && new URL(e.name).pathname === dataUrl).pop();
    for (let i = 0; ; i++) {
      if (answer() && document.querySelector(busySelector) === null && location.search !== search) break;
      if (i > 3000) throw new Error('no answer to the click on ' + title);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const settled = await window.__painted(() => true);
    return [end - start, answer().responseEnd - start, settled - start];
  };
  window.__firstRows = window.__painted(() => document.querySelector('.list-table tbody tr[data-index], #baseline tbody tr') !== null);
`;

interface Subject {
  name: string;
  url: string;
  /** The resource whose arrival starts the render clock. */
  dataUrl: string;
  rowSelector: string;
  /** CSS that is present while the rows shown are not yet the answer to the latest click. */
  staleSelector: string | null;
  /**
   * Reload before a sort order comes round again (every fourth click): the query cache would otherwise
   * paint a revisited order at once; and each load's first click is measured.
   */
  reloadBeforeRepeat: boolean;
  /** CSS that is present while the list waits for the server (null: no server, nothing to settle). */
  busySelector: string | null;
  /** The headers' sort buttons (one is picked by its text). */
  sortButtons: string;
}

const ours: Subject = {
  name: 'ours (list document, virtualised)',
  url: `${APP}/app/mail-logs?pageSize=${ROWS}`,
  dataUrl: '/wbe/api/mail-logs',
  rowSelector: '.list-table tbody tr[data-index]',
  staleSelector: '.list-view__table--stale',
  reloadBeforeRepeat: true,
  busySelector: '.list-view[aria-busy="true"]',
  sortButtons: '.list-table thead button.list-table__sort',
};

async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 1800; i++) {
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const max = (xs: number[]) => Math.max(...xs);
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * 0.95) - 1];
const ms = (x: number) => `${x.toFixed(1)} ms`;

/** One page load: [data arrived → rows painted, navigation start → rows painted, rows in the DOM]. */
async function firstRender(page: Page, subject: Subject): Promise<[number, number, number]> {
  await page.goto(subject.url);
  const painted = (await page.evaluate('window.__firstRows')) as number;
  const arrived = await page.evaluate((dataUrl) => {
    const entry = performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname === dataUrl) as
      | PerformanceResourceTiming
      | undefined;
    return entry?.responseEnd ?? Number.NaN;
  }, subject.dataUrl);
  if (!Number.isFinite(arrived)) throw new Error(`${subject.name}: no request for ${subject.dataUrl}`);
  const rows = await page.locator(subject.rowSelector).count();
  return [painted - arrived, painted, rows];
}

/** One sort click: to the new order painted, to the server's answer arrived and to the page settled (0 without a server). */
interface Click {
  painted: number;
  answered: number;
  settled: number;
  /** The first click after a page load. */
  first: boolean;
}

/**
 * Clicks through the sortable text columns (to, subject: ascending, then descending) and times each
 * click until the frame that shows the expected first value with nothing stale left. Every click counts.
 */
async function sortClicks(
  page: Page,
  subject: Subject,
  expected: Record<string, [string, string]>,
  clicks: number,
): Promise<Click[]> {
  const columns = [
    { title: en.mailLogs.to, field: 'to', index: 1 },
    { title: en.mailLogs.subject, field: 'subject', index: 2 },
  ];
  const samples: Click[] = [];
  for (let i = 0; i < clicks; i++) {
    const column = columns[Math.floor(i / 2) % columns.length];
    const ascending = i % 2 === 0; // the first click on a text column sorts ascending, the second descending
    const want = expected[column.field][ascending ? 0 : 1];
    const reload = subject.reloadBeforeRepeat && i > 0 && i % 4 === 0;
    if (reload) {
      await page.reload();
      await page.locator(subject.rowSelector).first().waitFor();
    }
    const args = [
      subject.sortButtons,
      column.title,
      want,
      column.index,
      subject.rowSelector,
      subject.staleSelector,
      subject.dataUrl,
      subject.busySelector,
    ];
    const first = i === 0 || reload;
    const trace = TRACE_DIR && first && subject.busySelector !== null;
    if (trace)
      await page
        .context()
        .browser()
        ?.startTracing(page, { path: path.join(TRACE_DIR, `first-click-${i}.json`), categories: TRACE_CATEGORIES });
    const [painted, answered, settled] = (await page.evaluate(
      (args) => (window as unknown as { __timeSort: (...a: unknown[]) => Promise<unknown> }).__timeSort(...args),
      args,
    )) as [number, number, number];
    if (trace) await page.context().browser()?.stopTracing();
    const button = page.locator(subject.sortButtons, { hasText: new RegExp(`^${column.title}$`) });
    const sorted = await button.evaluate((b) => b.closest('th')?.getAttribute('aria-sort'));
    if (sorted !== (ascending ? 'ascending' : 'descending')) throw new Error(`${subject.name}: aria-sort ${sorted}`);
    samples.push({ painted, answered, settled, first });
  }
  return samples;
}

/** Builds the baseline page into a temp dir and serves it with the rows, uncached. */
async function baselineSite(rowsJson: string): Promise<{ dir: string; server: http.Server; url: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-screen-'));
  await build({
    root: path.resolve('bench/list-screen'),
    base: './',
    logLevel: 'silent',
    configFile: false,
    plugins: [react()],
    build: { outDir: dir, emptyOutDir: true },
  });
  fs.writeFileSync(path.join(dir, 'rows.json'), rowsJson);
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.json': 'application/json' };
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, name === '/' ? 'index.html' : path.normalize(name));
    if (!file.startsWith(dir) || !fs.existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { dir, server, url: `http://127.0.0.1:${port}/` };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-list-screen-data-'));
const logs = mailLogs();
fs.writeFileSync(path.join(dataDir, 'mailLogs.json'), JSON.stringify(logs));
const app: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
  stdio: 'ignore',
  env: { ...process.env, PORT: String(APP_PORT), DATA_DIR: dataDir, NODE_ENV: 'production' },
});
let browser: Browser | undefined;
let site: Awaited<ReturnType<typeof baselineSite>> | undefined;
try {
  await waitFor(`${APP}/config/v1/app`);
  // the baseline gets exactly the rows the list screen gets on its first load
  const login = await fetch(`${APP}/iam/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin@demo.test', password: 'Demo-Pass1' }),
  });
  const token = ((await login.json()) as { content: { token: string } }).content.token;
  const answer = await fetch(`${APP}/wbe/api/mail-logs?pageSize=${ROWS}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const rowsJson = await answer.text();
  const items = (JSON.parse(rowsJson) as { content: { items: unknown[] } }).content.items;
  if (items.length !== ROWS) throw new Error(`mail logs answered ${items.length} rows`);
  site = await baselineSite(rowsJson);
  const baseline: Subject = {
    name: 'baseline plain @tanstack/react-table (not virtualised, sorts in memory)',
    url: site.url,
    dataUrl: '/rows.json',
    rowSelector: '#baseline tbody tr',
    staleSelector: null,
    reloadBeforeRepeat: false,
    busySelector: null,
    sortButtons: '#baseline thead button',
  };
  const extremes = (field: 'to' | 'subject'): [string, string] => {
    const values = logs.map((log) => log[field]).sort();
    return [values[0], values[values.length - 1]];
  };
  const expected = { to: extremes('to'), subject: extremes('subject') };

  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(PAINT_PROBE);
  const page = await context.newPage();
  await page.goto(`${APP}/login`);
  await page.getByLabel(en.auth.login.email).fill('admin@demo.test');
  await page.getByLabel(en.auth.login.password).fill('Demo-Pass1');
  await page.getByRole('button', { name: en.auth.login.submit }).click();
  await page.waitForURL((url) => url.pathname.startsWith('/app/'));

  // first render: one warm-up load each, then LOADS loads taking turns
  const loads = { ours: [] as [number, number, number][], baseline: [] as [number, number, number][] };
  await firstRender(page, ours);
  await firstRender(page, baseline);
  for (let i = 0; i < LOADS; i++) {
    loads.ours.push(await firstRender(page, ours));
    loads.baseline.push(await firstRender(page, baseline));
  }
  // the pager says every row is on this one page
  await page.goto(ours.url);
  await page
    .getByRole('status')
    .filter({ hasText: /^1–10,000 of 10,000$/ })
    .waitFor({ timeout: 60_000 });
  const oursClicks = await sortClicks(page, ours, expected, CLICKS);
  const oursSort = oursClicks.map((click) => click.painted);
  const oursFirst = oursClicks.filter((click) => click.first).map((click) => click.painted);
  const oursLater = oursClicks.filter((click) => !click.first).map((click) => click.painted);
  await page.goto(baseline.url);
  await page.locator(baseline.rowSelector).first().waitFor();
  const baselineSort = (await sortClicks(page, baseline, expected, BASELINE_CLICKS)).map((click) => click.painted);

  const render = { ours: median(loads.ours.map((l) => l[0])), baseline: median(loads.baseline.map((l) => l[0])) };
  const fromStart = { ours: median(loads.ours.map((l) => l[1])), baseline: median(loads.baseline.map((l) => l[1])) };
  const speedUp = render.baseline / render.ours;
  const sortP95 = { ours: p95(oursSort), baseline: p95(baselineSort) };
  const load = os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');
  console.log(
    `list screen in Chromium, ${ROWS.toLocaleString('en')} mail logs on one page (${(rowsJson.length / 1e6).toFixed(1)} MB JSON); load average ${load} on ${os.cpus().length} CPUs`,
  );
  console.log(`  rows in the DOM: ours ${loads.ours[0][2]}, baseline ${loads.baseline[0][2]}`);
  console.log(
    `  first render (rows received -> first rows painted), median of ${LOADS}: ours ${ms(render.ours)}, baseline ${ms(render.baseline)}`,
  );
  console.log(
    `    speed-up vs baseline ${speedUp.toFixed(1)}x (target >= ${SPEED_UP_TARGET}x) ${speedUp >= SPEED_UP_TARGET ? 'OK' : 'BELOW TARGET'}`,
  );
  console.log(
    `  first render from navigation start (ours also boots the app and asks the server), median: ours ${ms(fromStart.ours)}, baseline ${ms(fromStart.baseline)} -> ratio ${(fromStart.baseline / fromStart.ours).toFixed(1)}x`,
  );
  console.log(
    `  sort click -> new order painted, p95 (median) of every click: ours ${ms(sortP95.ours)} (${ms(median(oursSort))}) of ${oursSort.length}, baseline ${ms(sortP95.baseline)} (${ms(median(baselineSort))}) of ${baselineSort.length}`,
  );
  console.log(
    `    ours, the first click after a load (${oursFirst.length}, right after the rows show): median ${ms(median(oursFirst))}, max ${ms(max(oursFirst))}; the other ${oursLater.length}: p95 ${ms(p95(oursLater))}, median ${ms(median(oursLater))}, max ${ms(max(oursLater))}`,
  );
  console.log(
    `    ours re-sorts the complete rows at once and asks the server after that frame (query contract: the ${ROWS.toLocaleString('en')} rows again, in the new order): click -> answer arrived median ${ms(median(oursClicks.map((c) => c.answered)))}, -> answer handled and painted median ${ms(median(oursClicks.map((c) => c.settled)))}; the baseline sorts in memory`,
  );
  console.log(
    `    ours vs target ${SORT_TARGET_MS} ms: ratio ${(sortP95.ours / SORT_TARGET_MS).toFixed(2)} (target < 1.00) ${sortP95.ours < SORT_TARGET_MS ? 'OK' : 'ABOVE TARGET'}; baseline / ours ${(sortP95.baseline / sortP95.ours).toFixed(1)}x`,
  );
  if (TRACE_DIR) console.log(`  traces of ours' first clicks in ${TRACE_DIR} (their timings include the tracing)`);
  if (process.env.BENCH_SAMPLES)
    console.log(
      `  ours' sort clicks in order (ms; * the first after a load): ${oursClicks.map((c) => `${c.first ? '*' : ''}${c.painted.toFixed(0)}`).join(' ')}`,
    );
  process.exitCode = speedUp >= SPEED_UP_TARGET && sortP95.ours < SORT_TARGET_MS ? 0 : 1;
} finally {
  await browser?.close();
  site?.server.close();
  if (site) fs.rmSync(site.dir, { recursive: true, force: true });
  await stopProcess(app);
  fs.rmSync(dataDir, { recursive: true, force: true });
}
