/**
 * The SAQ screen of the real app in Chromium against @rjsf/core on the same document, in one run
 * (issue 22, "Benchmarks"). Ours: server/main.ts (production, built client from dist/client, its own
 * data directory), the merchant signed in (the session stored as the sign-in form stores it), SAQ D
 * for Service Providers (259 questions) started and fully answered through the HTTP API, opened at
 * its route with the shell, answers saved to the server as they are given. Peers (bench/questionnaire/,
 * built here with Vite's build API into a temp dir and served over HTTP by this script, never in the
 * app bundle), on the same document and answers, saving each answer to their server as well:
 * RJSF paged (one JSON schema per section, a page at a time) and RJSF whole-form (one schema).
 * - Answer change (a click on a radio's label) and explanation keystroke (a key pressed in the
 *   focused explanation of an N/A question), real input through Chromium (CDP), on Requirement 12
 *   (36 questions): Event Timing `duration` of the interaction (the longest entry with its
 *   interactionId; entries under the 16 ms minimum threshold are not reported: such an interaction
 *   counts as ≤ 8 ms, the API's rounding), and the handlers' time (processingEnd − processingStart,
 *   summed over the interaction's reported entries). Ours, RJSF paged and RJSF whole are
 *   interleaved one sample each, equal counts.
 * - Main-thread time one interaction costs: the renderer main thread's CPU (thread time of its
 *   tasks) in a Chromium trace over TRACED interactions, less the same page's idle CPU over as long,
 *   divided by their count: handlers, style, layout, paint and the answer save.
 * - First section interactive from navigation start: the later of the first item's label painted
 *   (Element Timing renderTime of that label) and the end of the last long task (≥ 50 ms, Long Tasks
 *   API) before the first 1 s with none, after that paint (Lighthouse's TTI, with this paint for FCP,
 *   a 1 s quiet window instead of 5 s, and no network-quiet rule). Ours on part 1 of the SAQ route
 *   against the RJSF paged page on the same section; both with a warm HTTP cache (a returning
 *   visitor; the service worker blocked), interleaved, order alternating.
 * Frames are Chromium's usual (vsync-paced): Event Timing's duration is what a user waits for.
 * Targets (issue 22): change and keystroke duration p95 ≤ 24 ms; main-thread time per interaction
 * ≥ 2× less than RJSF paged; first section interactive ≥ 1.0× the RJSF paged page (peer time / ours).
 * Run: npx tsx bench/questionnaire.ts (needs `vite build`; BENCH_CHANGES, BENCH_LOADS, BENCH_TRACED).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { SESSION_KEY, sessionAfterLogin } from '../client/session/session.store';
import type { Answers, Column, Field, QuestionnaireBody } from '../core/questionnaire/questionnaire.types';
import { startApp } from './support/app-process';
import { buildPeerPage } from './support/peer-page';
import { instrumentedPage, loadInteractive as load } from './support/interactive';

const DOCUMENT = 'schemas/saq/saq-d-service-provider-4.0.1.json';
const SECTION = 'req12';
const FIRST = 'part1';
/** BENCH_PORT (and the port after it, the peers') lets runs side by side bind their own ports. */
const APP_PORT = Number(process.env.BENCH_PORT ?? 4931);
const PEER_PORT = APP_PORT + 1;
const CHANGES = Number(process.env.BENCH_CHANGES ?? 30);
const LOADS = Number(process.env.BENCH_LOADS ?? 5);
const TRACED = Number(process.env.BENCH_TRACED ?? 10);
const PRELOCATE = process.env.BENCH_PRELOCATE === '1';
const DURATION_TARGET_MS = 24;
const CPU_TARGET = 2;
const LOAD_TARGET = 1;
const MERCHANT = { username: 'merchant@demo.test', password: 'Demo-Pass1' };
const VIEWPORT = { width: 1280, height: 800 };

const saq = JSON.parse(fs.readFileSync(DOCUMENT, 'utf8')) as { id: string; body: QuestionnaireBody };
const body = saq.body;

/** A value of the right form for a field or cell. */
function valueFor(spec: Field | Column, questionIds: string[]): unknown {
  switch (spec.input) {
    case 'email':
      return 'someone@example.test';
    case 'phone':
      return '+90 212 555 0101';
    case 'date':
      return '2026-11-23';
    case 'number':
      return 3;
    case 'checkbox':
      return true;
    case 'select':
      return spec.options?.[0]?.value;
    case 'multiselect':
      return (spec.options ?? []).map((o) => o.value);
    case 'questionRef':
      return questionIds[0];
    default:
      return 'Answered for the benchmark';
  }
}

/**
 * Every question answered (every tenth, and the first of SECTION, Not Applicable with its Appendix C
 * row), every field and table filled; the status Not Compliant (its target date shown).
 */
function fullAnswers(): { answers: Answers; na: string[] } {
  const answers: Answers = {};
  const questions = body.sections.flatMap((s) => s.items.filter((i) => i.type === 'question').map((i) => i.id));
  const firstOfSection = body.sections.find((s) => s.id === SECTION)?.items[0]?.id;
  const na: string[] = [];
  questions.forEach((id, index) => {
    const notApplicable = index % 10 === 0 || id === firstOfSection;
    answers[id] = notApplicable ? 'notApplicable' : 'inPlace';
    if (notApplicable) na.push(id);
  });
  for (const item of body.sections.flatMap((s) => s.items)) {
    if (item.type === 'field') answers[item.id] = valueFor(item, questions);
    if (item.type === 'table' && !['appendixB', 'appendixC', 'appendixD'].includes(item.id))
      answers[item.id] = [Object.fromEntries(item.columns.map((c) => [c.id, valueFor(c, questions)]))];
  }
  answers.appendixC = na.map((question) => ({ question, reason: 'Not part of this environment' }));
  answers.status = 'nonCompliant';
  delete answers.legalRestriction;
  return { answers, na };
}

/** The peers' form data: the same answers, an explanation beside its question. */
function peerAnswers(answers: Answers): Record<string, unknown> {
  const data: Record<string, unknown> = { ...answers };
  for (const row of answers.appendixC as { question: string; reason: string }[])
    data[`${row.question}__explanation`] = row.reason;
  return data;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const ms = (value: number) => `${value.toFixed(1)} ms`;
/** Event Timing durations are multiples of 8 ms; ≤ 8 means not reported (under the 16 ms threshold). */
const dur = (value: number) => (value <= 8 ? '≤ 8 ms' : `${value} ms`);
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The peers built into a temp dir and served with the document, the answers and an answer sink. */
async function servePeers(peerData: Record<string, unknown>) {
  const dir = await buildPeerPage('questionnaire');
  fs.writeFileSync(path.join(dir, 'saq.json'), JSON.stringify(saq));
  fs.writeFileSync(path.join(dir, 'answers.json'), JSON.stringify(peerData));
  const types: Record<string, string> = {
    '.html': 'text/html',
    '.js': 'text/javascript',
    '.css': 'text/css',
    '.json': 'application/json',
  };
  let saves = 0;
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname;
    if (req.method === 'PUT' && name.startsWith('/answers/')) {
      req.resume();
      req.on('end', () => {
        saves += 1;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
      return;
    }
    const file = path.join(dir, name === '/' ? 'index.html' : path.normalize(name));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    // as the app's server: hashed bundles cached for good, the page and the data asked again each time
    const cache = name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': cache,
    });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(PEER_PORT, '127.0.0.1', resolve));
  return { dir, server, url: `http://127.0.0.1:${PEER_PORT}/`, saves: () => saves };
}

/** The merchant's session (as the sign-in form stores it) and an SAQ D-SP fully answered over the API. */
async function prepareOurs(base: string, answers: Answers) {
  const login = await fetch(`${base}/iam/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(MERCHANT),
  });
  if (!login.ok) throw new Error(`sign-in: ${login.status}`);
  const content = ((await login.json()) as { content: { token: string } }).content;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${content.token}` };
  const started = await fetch(`${base}/saq/api/v1/saqs`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ saqType: 'D-SP' }),
  });
  if (started.status !== 201) throw new Error(`start SAQ D-SP: ${started.status} ${await started.text()}`);
  const record = ((await started.json()) as { content: { id: string; document: { id: string } } }).content;
  if (record.document.id !== saq.id) throw new Error(`SAQ D-SP pinned ${record.document.id}, not ${saq.id}`);
  const refused: string[] = [];
  const ids = Object.keys(answers);
  // a few at a time: the store fsyncs each
  for (let i = 0; i < ids.length; i += 8) {
    await Promise.all(
      ids.slice(i, i + 8).map(async (id) => {
        const saved = await fetch(`${base}/saq/api/v1/saqs/${record.id}/answers/${id}`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ value: answers[id] }),
        });
        if (!saved.ok) refused.push(`${id}: ${saved.status} ${(await saved.text()).slice(0, 200)}`);
      }),
    );
  }
  if (refused.length) throw new Error(`answers refused:\n${refused.join('\n')}`);
  return { saqId: record.id, session: sessionAfterLogin(content as never, {}) };
}

interface Side {
  name: string;
  page: Page;
  /** The label to click for the nth change, and the explanation box to type into. */
  radio: (n: number) => string;
  explanation: string;
}

interface Sample {
  duration: number;
  processing: number;
  reported: boolean;
}

/** Waits for the frame after the interaction and a little more, then takes its Event Timing entries. */
async function settle(page: Page): Promise<Sample> {
  const entries = await page.evaluate(async () => {
    await new Promise<void>((resolve) =>
      requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 100))),
    );
    const w = window as unknown as {
      __events: (PerformanceEventTiming & { interactionId: number })[];
    };
    return w.__events.splice(0).map((e) => ({
      id: e.interactionId,
      duration: e.duration,
      processing: e.processingEnd - e.processingStart,
    }));
  });
  const interactions = new Map<number, { duration: number; processing: number }>();
  for (const e of entries.filter((x) => x.id > 0)) {
    const seen = interactions.get(e.id) ?? { duration: 0, processing: 0 };
    interactions.set(e.id, {
      duration: Math.max(seen.duration, e.duration),
      processing: seen.processing + e.processing,
    });
  }
  if (interactions.size === 0) return { duration: 8, processing: 0, reported: false };
  const worst = [...interactions.values()].sort((a, b) => b.duration - a.duration)[0];
  return { ...worst, reported: true };
}

async function centreOf(page: Page, selector: string): Promise<{ x: number; y: number }> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not on screen`);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

async function change(side: Side, n: number) {
  const { x, y } = await centreOf(side.page, side.radio(n));
  await side.page.mouse.click(x, y);
}

async function keystroke(side: Side) {
  await side.page.keyboard.press('x');
}

/** Puts the question changed and the explanation typed in on screen and focuses the explanation. */
async function ready(side: Side) {
  await side.page.locator(side.explanation).first().scrollIntoViewIfNeeded();
  await side.page.locator(side.explanation).first().focus();
  await settle(side.page);
}

type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: any;
};

/** The renderer main thread's CPU time (ms) in a trace of `run` on `page`, and the wall time it took. */
async function tracedCpu(
  browser: Browser,
  page: Page,
  run: () => Promise<void>,
): Promise<{ cpu: number; wall: number; parts: Record<string, number> }> {
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const start = performance.now();
  await run();
  const wall = performance.now() - start;
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[];
  const url = page.url();
  const started = events.find((e) => e.name === 'TracingStartedInBrowser');
  const frame = (started?.args?.data?.frames ?? []).find(
    (f: { url: string; processId: number }) => f.url === url || url.startsWith(f.url),
  );
  const pid = frame?.processId;
  const main = events.find((e) => e.name === 'thread_name' && e.pid === pid && e.args?.name === 'CrRendererMain')?.tid;
  if (pid === undefined || main === undefined) throw new Error(`no renderer main thread for ${url} in the trace`);
  let cpu = 0;
  const parts: Record<string, number> = {};
  for (const e of events) {
    if (e.ph !== 'X' || e.pid !== pid || e.tid !== main) continue;
    if (e.name === 'RunTask') cpu += e.tdur ?? e.dur ?? 0;
    const part = PARTS[e.name];
    if (part) parts[part] = (parts[part] ?? 0) + (e.dur ?? 0) / 1000;
  }
  return { cpu: cpu / 1000, wall, parts };
}

/** Trace events by what they are (wall time, nested ones not double counted: scripts by their entry points). */
const PARTS: Record<string, string> = {
  EventDispatch: 'input handlers',
  TimerFire: 'timers',
  XHRReadyStateChange: 'XHR/fetch callbacks',
  XHRLoad: 'XHR/fetch callbacks',
  FireAnimationFrame: 'animation frames',
  RunMicrotasks: 'microtasks',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  PrePaint: 'pre-paint',
  Paint: 'paint',
  Layerize: 'layerize',
  Commit: 'commit',
  MajorGC: 'GC',
  MinorGC: 'GC',
};

/** Main-thread CPU per interaction: a traced run of `count` of them less the page's idle CPU over as long. */
async function cpuPerInteraction(
  browser: Browser,
  side: Side,
  kind: 'change' | 'keystroke',
): Promise<{ cpu: number; parts: string }> {
  // BENCH_PRELOCATE=1 (a diagnostic, not the judged method): the two labels found before the trace,
  // so it holds no selector work of Playwright's own in the page (about as much on either side)
  const spots = PRELOCATE ? [await centreOf(side.page, side.radio(0)), await centreOf(side.page, side.radio(1))] : [];
  const busy = await tracedCpu(browser, side.page, async () => {
    for (let i = 0; i < TRACED; i += 1) {
      if (kind === 'change' && PRELOCATE) await side.page.mouse.click(spots[i % 2].x, spots[i % 2].y);
      else if (kind === 'change') await change(side, i);
      else await keystroke(side);
      await side.page.waitForTimeout(150);
    }
  });
  const idle = await tracedCpu(browser, side.page, () => side.page.waitForTimeout(busy.wall));
  await settle(side.page);
  const parts = Object.entries(busy.parts)
    .map(([name, total]) => [name, (total - (idle.parts[name] ?? 0) * (busy.wall / idle.wall)) / TRACED] as const)
    .filter(([, each]) => each >= 0.5)
    .sort((a, b) => b[1] - a[1])
    .map(([name, each]) => `${name} ${each.toFixed(1)}`)
    .join(', ');
  return { cpu: (busy.cpu - idle.cpu * (busy.wall / idle.wall)) / TRACED, parts };
}

async function main() {
  const { answers, na } = fullAnswers();
  const section = body.sections.find((s) => s.id === SECTION);
  const ids = (section?.items ?? []).filter((i) => i.type === 'question').map((i) => i.id);
  const changed = ids.find((id) => !na.includes(id)) as string;
  const explained = ids.find((id) => na.includes(id)) as string;
  const firstItem = body.sections.find((s) => s.id === FIRST)?.items[0]?.id as string;
  const options = body.responseSets.saq.options.map((o) => o.value);
  // alternating Not in Place / In Place on one question
  const values = ['notInPlace', 'inPlace'];

  const peers = await servePeers(peerAnswers(answers));
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  let browser: Browser | undefined;
  try {
    const started = await startApp(APP_PORT);
    app = started;
    const chrome = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    browser = chrome;
    const { saqId, session } = await prepareOurs(started.base, answers);
    const route = (step: string) => `${started.base}/app/saq/saq-type/D-SP/questions/${saqId}/${step}`;
    // each side in a context (and so a renderer) of its own; the service worker blocked: the HTTP
    // cache alone serves a return visit, on both sides
    const contextOf = () => chrome.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
    const oursContext = await contextOf();
    const seed = await oursContext.newPage();
    await seed.goto(`${started.base}/config/v1/app`);
    await seed.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, JSON.stringify(session)]);
    await seed.close();
    console.log(
      `SAQ D-SP (${ids.length} questions in ${SECTION}, ${Object.keys(answers).length} answers): change ${changed}, type in the explanation of ${explained}; first item ${firstItem}`,
    );

    // first section interactive from navigation, interleaved, order alternating; one warm-up each
    const oursLoad = await instrumentedPage(
      oursContext,
      '.questionnaire__section .questionnaire__field label.bp6-label',
    );
    const peerLoad = await instrumentedPage(await contextOf(), `label[for="root_${firstItem}"]`);
    const loads = { ours: [] as number[], peer: [] as number[], oursPaint: [] as number[], peerPaint: [] as number[] };
    const loadOurs = async () => load(oursLoad, route(FIRST));
    const loadPeer = async () => load(peerLoad, `${peers.url}?mode=paged&section=${FIRST}`);
    await loadOurs();
    await loadPeer();
    for (let i = 0; i < LOADS; i += 1) {
      const order = i % 2 === 0 ? [loadOurs, loadPeer] : [loadPeer, loadOurs];
      for (const run of order) {
        const [interactive, painted] = await run();
        const side = run === loadOurs ? 'ours' : 'peer';
        loads[side].push(interactive);
        loads[`${side}Paint`].push(painted);
      }
    }
    if (process.env.BENCH_LOAD_TRACE) {
      // one more load of ours in a Chromium trace (with JS samples), to see where its first section's time goes
      await chrome.startTracing(oursLoad, {
        categories: [
          'devtools.timeline',
          'disabled-by-default-devtools.timeline',
          'v8.execute',
          'disabled-by-default-v8.cpu_profiler',
        ],
      });
      await loadOurs();
      fs.writeFileSync(process.env.BENCH_LOAD_TRACE, await chrome.stopTracing());
    }
    // where ours's last load waited: what it fetched before its first item was painted
    const painted = loads.oursPaint[loads.oursPaint.length - 1];
    const waterfall = await oursLoad.evaluate(
      (until) =>
        (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
          .filter((e) => e.startTime < until)
          .map((e) => {
            const name = new URL(e.name).pathname
              .replace(/[0-9a-f-]{36}/, ':id')
              .replace(/-[\w-]{8}\.(js|css)$/, '.$1');
            return `${name} ${e.startTime.toFixed(0)}–${e.responseEnd.toFixed(0)}`;
          }),
      painted,
    );
    const navigation = await oursLoad.evaluate(() => {
      const [n] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
      return `document ${n.responseEnd.toFixed(0)}, DOMContentLoaded ${n.domContentLoadedEventEnd.toFixed(0)}`;
    });
    console.log(
      `ours, last load: ${navigation}, first item painted ${painted.toFixed(0)}; fetched before it (ms from navigation): ${waterfall.join(', ')}`,
    );
    await oursLoad.close();
    await peerLoad.close();

    // the interactions: three pages open side by side, one sample of each in turn
    const sides: Side[] = [
      {
        name: 'ours',
        page: await instrumentedPage(oursContext, null),
        radio: (n) => `[data-item="${changed}"] label:has(input[value="${values[n % 2]}"])`,
        explanation: `[data-item="${explained}"] textarea`,
      },
      {
        name: 'RJSF paged',
        page: await instrumentedPage(await contextOf(), null),
        radio: (n) => `label:has(> span > input[id="root_${changed}-${options.indexOf(values[n % 2])}"])`,
        explanation: `#root_${explained}__explanation`,
      },
      {
        name: 'RJSF whole',
        page: await instrumentedPage(await contextOf(), null),
        radio: (n) => `label:has(> span > input[id="root_${SECTION}_${changed}-${options.indexOf(values[n % 2])}"])`,
        explanation: `#root_${SECTION}_${explained}__explanation`,
      },
    ];
    let ourSaves = 0;
    sides[0].page.on('request', (request) => {
      if (request.method() === 'PUT' && request.url().includes('/answers/')) ourSaves += 1;
    });
    await sides[0].page.goto(route(SECTION));
    await sides[1].page.goto(`${peers.url}?mode=paged&section=${SECTION}`);
    await sides[2].page.goto(`${peers.url}?mode=whole`);
    for (const side of sides) {
      await side.page.locator(side.explanation).first().waitFor({ timeout: 60_000 });
      await side.page.waitForTimeout(500);
      await ready(side);
      // the harness checks itself: a click on each label checks its radio (two untimed changes)
      for (const n of [0, 1]) {
        await change(side, n);
        await settle(side.page);
        if (!(await side.page.locator(`${side.radio(n)} input`).isChecked()))
          throw new Error(`${side.name}: clicking ${side.radio(n)} did not check it`);
      }
      // BENCH_SHOTS=<dir>: what each page shows when the interactions start
      if (process.env.BENCH_SHOTS)
        await side.page.screenshot({ path: path.join(process.env.BENCH_SHOTS, `${side.name.replace(' ', '-')}.png`) });
    }
    const samples = new Map(sides.map((s) => [s.name, { change: [] as Sample[], keystroke: [] as Sample[] }]));
    for (let i = 0; i < CHANGES; i += 1) {
      for (const side of sides) {
        await change(side, i);
        samples.get(side.name)?.change.push(await settle(side.page));
      }
    }
    for (const side of sides) await ready(side);
    for (let i = 0; i < CHANGES; i += 1) {
      for (const side of sides) {
        await keystroke(side);
        samples.get(side.name)?.keystroke.push(await settle(side.page));
      }
    }

    // main-thread CPU per interaction, traced, ours and RJSF paged (the peer of the target)
    const none = { cpu: 0, parts: '' };
    const cpu = { ours: { change: none, keystroke: none }, peer: { change: none, keystroke: none } };
    for (const kind of ['change', 'keystroke'] as const) {
      for (const [key, side] of [
        ['ours', sides[0]],
        ['peer', sides[1]],
      ] as const) {
        if (kind === 'keystroke') await ready(side);
        cpu[key][kind] = await cpuPerInteraction(chrome, side, kind);
      }
    }
    for (const side of sides) await side.page.close();

    // the report
    let missed = false;
    console.log(
      `${CHANGES} changes and ${CHANGES} keystrokes per page (interleaved), ${LOADS} loads per page, ${TRACED} traced interactions per kind; answers saved: ours ${ourSaves}, peers ${peers.saves()}`,
    );
    for (const kind of ['change', 'keystroke'] as const) {
      const label = kind === 'change' ? 'answer change' : 'explanation keystroke';
      const ours = samples.get('ours')?.[kind] ?? [];
      const oursP95 = percentile(
        ours.map((s) => s.duration),
        95,
      );
      const parts = sides.map((side) => {
        const list = samples.get(side.name)?.[kind] ?? [];
        const durations = list.map((s) => s.duration);
        const handled = list.filter((s) => s.reported).map((s) => s.processing);
        return `${side.name} p50 ${dur(percentile(durations, 50))} p95 ${dur(percentile(durations, 95))} (handlers p50 ${handled.length ? ms(percentile(handled, 50)) : '—'} over ${handled.length} reported)`;
      });
      const met = oursP95 <= DURATION_TARGET_MS;
      missed ||= !met;
      console.log(`${label}: Event Timing duration ${parts.join(' | ')}`);
      console.log(`  target ours p95 ≤ ${DURATION_TARGET_MS} ms: ${dur(oursP95)} ${verdict(met)}`);
      const ratio = cpu.peer[kind].cpu / cpu.ours[kind].cpu;
      const cpuMet = ratio >= CPU_TARGET;
      missed ||= !cpuMet;
      console.log(
        `  main-thread CPU per interaction (trace${PRELOCATE && kind === 'change' ? ', labels located before it' : ''}): ours ${ms(cpu.ours[kind].cpu)} | RJSF paged ${ms(cpu.peer[kind].cpu)} | ratio ${ratio.toFixed(2)} (target ≥ ${CPU_TARGET}) ${verdict(cpuMet)}`,
      );
      const handlersOf = (name: string) =>
        percentile(
          (samples.get(name)?.[kind] ?? []).filter((x) => x.reported).map((x) => x.processing),
          50,
        );
      console.log(
        `    handlers alone (Event Timing processing p50, not judged: no style, layout, paint or save): RJSF paged / ours ${(handlersOf('RJSF paged') / handlersOf('ours')).toFixed(2)}`,
      );
      console.log(`    ours, wall ms per interaction: ${cpu.ours[kind].parts}`);
      console.log(`    RJSF paged, wall ms per interaction: ${cpu.peer[kind].parts}`);
    }
    const [oursP50, peerP50] = [percentile(loads.ours, 50), percentile(loads.peer, 50)];
    const loadRatio = peerP50 / oursP50;
    const loadMet = loadRatio >= LOAD_TARGET;
    missed ||= !loadMet;
    console.log(
      `first section (${FIRST}) interactive from navigation, p50 of ${LOADS}: ours ${ms(oursP50)} (first item painted ${ms(percentile(loads.oursPaint, 50))}; all ${loads.ours.map((v) => v.toFixed(0)).join(', ')}) | RJSF paged ${ms(peerP50)} (painted ${ms(percentile(loads.peerPaint, 50))}; all ${loads.peer.map((v) => v.toFixed(0)).join(', ')})`,
    );
    console.log(`  ratio ${loadRatio.toFixed(2)} (RJSF paged / ours, target ≥ ${LOAD_TARGET}) ${verdict(loadMet)}`);
    console.log(`load average ${loadAverage()} on ${os.cpus().length} cores`);
    if (missed) process.exitCode = 1;
  } finally {
    await browser?.close();
    peers.server.closeAllConnections();
    await new Promise<void>((resolve) => peers.server.close(() => resolve()));
    await app?.stop();
    fs.rmSync(peers.dir, { recursive: true, force: true });
  }
}

await main();
