/**
 * Config service throughput: GET of a published document (200 and 304) on the real server,
 * as a ratio against express.static serving the same JSON from disk, measured in the same run.
 * Target: ratio >= 0.8. Run: npm run bench (or npx tsx bench/config-service.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const APP_PORT = 4181;
const STATIC_PORT = 4182;
const DOC = '/config/v1/documents/routes/app';

function start(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: 'ignore', env: { ...process.env, ...env } });
}

async function waitFor(url: string): Promise<Response> {
  for (let i = 0; i < 200; i++) {
    try {
      const res = await fetch(url);
      if (res.ok) return res;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer`);
}

async function rps(url: string, headers: Record<string, string>, expectStatus: number): Promise<number> {
  const result = await autocannon({ url, connections: 10, duration: DURATION, headers });
  const wrong = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => Number(code) !== expectStatus);
  if (wrong.length || result.errors)
    throw new Error(`${url}: unexpected answers ${JSON.stringify(result.statusCodeStats)} errors ${result.errors}`);
  return result.requests.average;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-data-'));
const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-static-'));
const app = start(['server/main.ts'], { PORT: String(APP_PORT), DATA_DIR: dataDir, NODE_ENV: 'production' });
let baseline: ChildProcess | undefined;
try {
  const first = await waitFor(`http://127.0.0.1:${APP_PORT}${DOC}`);
  const appEtag = first.headers.get('etag') ?? '';
  fs.writeFileSync(path.join(staticDir, 'app.json'), await first.text());
  baseline = start(['bench/support/static-server.ts', staticDir, String(STATIC_PORT)]);
  const staticUrl = `http://127.0.0.1:${STATIC_PORT}/app.json`;
  const staticEtag = (await waitFor(staticUrl)).headers.get('etag') ?? '';

  const rows = [
    ['200', await rps(staticUrl, {}, 200), await rps(`http://127.0.0.1:${APP_PORT}${DOC}`, {}, 200)],
    [
      '304',
      await rps(staticUrl, { 'if-none-match': staticEtag }, 304),
      await rps(`http://127.0.0.1:${APP_PORT}${DOC}`, { 'if-none-match': appEtag }, 304),
    ],
  ] as const;
  let ok = true;
  for (const [status, base, ours] of rows) {
    const ratio = ours / base;
    ok &&= ratio >= 0.8;
    console.log(
      `config GET ${status}: ${ours.toFixed(0)} req/s vs express.static ${base.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)} (target >= 0.80) ${ratio >= 0.8 ? 'OK' : 'BELOW TARGET'}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  app.kill();
  baseline?.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(staticDir, { recursive: true, force: true });
}
