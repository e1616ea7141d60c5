/**
 * The sign-in page of the real app in Chromium against a minimal sign-in page on the same stack, in
 * one run (issue 22, "Benchmarks": sign-in time to interactive ≤ 1.2× the minimal page's).
 * Ours: /login of server/main.ts (production, the built client from dist/client, its own data
 * directory): the entry chunk, the app documents, the catalogue, the route's screen. Peer
 * (bench/sign-in/, built here with Vite's build API into a temp dir and served over HTTP by this
 * script, brotli as ours): React 19 + Blueprint 6 with its stylesheet, a card with the e-mail and
 * password fields and the submit button — the page one would ship for signing in alone.
 * Time to interactive from navigation start (bench/support/interactive.ts): the later of the
 * password field's label painted and the end of the last long task before 1 s without one. Both
 * signed out, warm HTTP cache (a returning visitor; the service worker blocked, the peer has none),
 * one warm-up load each, then LOADS loads each, taking turns, order alternating; load average printed.
 * Run: npx tsx bench/sign-in.ts (needs `vite build`; BENCH_LOADS, BENCH_PORT).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { startApp } from './support/app-process';
import { buildPeerPage } from './support/peer-page';
import { instrumentedPage, loadInteractive } from './support/interactive';

const LOADS = Number(process.env.BENCH_LOADS ?? 9);
const APP_PORT = Number(process.env.BENCH_PORT ?? 4941);
const TARGET = 1.2;

/** Builds the peer into a temp dir and serves its files, brotli where asked, uncached. */
async function peerSite(): Promise<{ dir: string; server: http.Server; url: string }> {
  const dir = await buildPeerPage('sign-in');
  const types: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
  const compressed = new Map<string, Buffer>();
  const server = http.createServer((req, res) => {
    const name = new URL(req.url ?? '/', 'http://x').pathname;
    const file = path.join(dir, name === '/' ? 'index.html' : path.normalize(name));
    if (!file.startsWith(dir) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const brotli = /\bbr\b/.test(String(req.headers['accept-encoding'] ?? ''));
    const body = brotli
      ? (compressed.get(file) ?? compressed.set(file, brotliCompressSync(fs.readFileSync(file))).get(file))
      : fs.readFileSync(file);
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      // as ours: the page asked afresh, the hashed bundles kept
      'cache-control': name.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      ...(brotli ? { 'content-encoding': 'br' } : {}),
    });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { dir, server, url: `http://127.0.0.1:${port}/` };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const app = await startApp(APP_PORT);
const peer = await peerSite();
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  const contextOf = () =>
    browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block', locale: 'en-US' });
  const ours = await instrumentedPage(await contextOf(), 'label[for="login-password"]');
  const theirs = await instrumentedPage(await contextOf(), 'label[for="password"]');
  const loadOurs = () => loadInteractive(ours, `${app.base}/login`);
  const loadPeer = () => loadInteractive(theirs, peer.url);
  await loadOurs();
  await loadPeer();
  const times = { ours: [] as number[], peer: [] as number[], oursPaint: [] as number[], peerPaint: [] as number[] };
  for (let i = 0; i < LOADS; i++) {
    for (const run of i % 2 === 0 ? [loadOurs, loadPeer] : [loadPeer, loadOurs]) {
      const [interactive, painted] = await run();
      const side = run === loadOurs ? 'ours' : 'peer';
      times[side].push(interactive);
      times[`${side}Paint`].push(painted);
    }
  }
  const [o, p] = [median(times.ours), median(times.peer)];
  const ratio = o / p;
  const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(', ');
  console.log(
    `sign-in interactive from navigation, median of ${LOADS}: ours ${o.toFixed(1)} ms (password label painted ${median(times.oursPaint).toFixed(1)}; all ${list(times.ours)}) | minimal React + Blueprint page ${p.toFixed(1)} ms (painted ${median(times.peerPaint).toFixed(1)}; all ${list(times.peer)})`,
  );
  console.log(
    `  ratio ours / peer ${ratio.toFixed(2)} (target ≤ ${TARGET}) ${ratio <= TARGET ? 'met' : 'MISSED'}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  process.exitCode = ratio <= TARGET ? 0 : 1;
} finally {
  await browser.close();
  peer.server.close();
  fs.rmSync(peer.dir, { recursive: true, force: true });
  await app.stop();
}
