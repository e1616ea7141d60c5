/**
 * Config service throughput: GET of a published document (200 and 304) on the real server, as a
 * ratio against an Express route answering the same bytes from memory with an ETag
 * (bench/support/memory-server.ts), measured in the same run, interleaved, with the load average.
 * Target: ratio >= 1.0. Run: npm run bench (or npx tsx bench/config-service.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os, { loadavg } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { stopProcess } from './support/app-process';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const APP_PORT = 4181;
const PEER_PORT = 4182;
const TARGET = 1.0;
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
const peerDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-peer-'));
const app = start(['server/main.ts'], { PORT: String(APP_PORT), DATA_DIR: dataDir, NODE_ENV: 'production' });
let baseline: ChildProcess | undefined;
try {
  const first = await waitFor(`http://127.0.0.1:${APP_PORT}${DOC}`);
  const appEtag = first.headers.get('etag') ?? '';
  fs.writeFileSync(path.join(peerDir, 'doc.json'), Buffer.from(await first.arrayBuffer()));
  baseline = start(['bench/support/memory-server.ts', path.join(peerDir, 'doc.json'), String(PEER_PORT)]);
  const peerUrl = `http://127.0.0.1:${PEER_PORT}/doc.json`;
  const peerEtag = (await waitFor(peerUrl)).headers.get('etag') ?? '';
  const ourUrl = `http://127.0.0.1:${APP_PORT}${DOC}`;

  // interleaved: peer, ours, peer, ours, so a change in the machine's load falls on both
  const rows: {
    status: string;
    peer: number;
    ours: number;
    peerHeaders: Record<string, string>;
    ourHeaders: Record<string, string>;
  }[] = [
    { status: '200', peer: 0, ours: 0, peerHeaders: {}, ourHeaders: {} },
    {
      status: '304',
      peer: 0,
      ours: 0,
      peerHeaders: { 'if-none-match': peerEtag },
      ourHeaders: { 'if-none-match': appEtag },
    },
  ];
  for (let round = 0; round < 2; round++) {
    for (const row of rows) {
      const code = Number(row.status);
      row.peer += (await rps(peerUrl, row.peerHeaders, code)) / 2;
      row.ours += (await rps(ourUrl, row.ourHeaders, code)) / 2;
    }
  }
  let ok = true;
  console.log(
    `config GET, 10 connections, 2 × ${DURATION} s each side (load average ${loadavg()[0].toFixed(1)} on 2 cores):`,
  );
  for (const { status, peer, ours } of rows) {
    const ratio = ours / peer;
    ok &&= ratio >= TARGET;
    console.log(
      `  ${status}: ${ours.toFixed(0)} req/s vs an Express route from memory ${peer.toFixed(0)} req/s -> ratio ${ratio.toFixed(2)} (target >= ${TARGET.toFixed(2)}) ${ratio >= TARGET ? 'met' : 'MISSED'}`,
    );
  }
  process.exitCode = ok ? 0 : 1;
} finally {
  await stopProcess(app);
  if (baseline) await stopProcess(baseline);
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(peerDir, { recursive: true, force: true });
}
