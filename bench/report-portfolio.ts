/**
 * Report generation for a 1,000-merchant portfolio (issue 26): a bank's merchant portfolio risk
 * report, time and peak memory, beside its peer in the same run.
 * - Ours: the real server on a temp data directory; the bank user (bank@demo.test) creates
 *   BENCH_MERCHANTS (1,000) merchants through the gateway (names with Turkish letters, scores), then
 *   POST /wbe/api/reports { kind: 'portfolioRisk' } and the download polled every 25 ms (202 while
 *   the job generates): wall time from the POST to the last byte of the PDF. Peak memory: the server's
 *   resident set high-water mark (VmHWM, reset through /proc/<pid>/clear_refs before each report), less
 *   its resident set just before (the report's own peak).
 * - Peer (bench/report-portfolio/peer-server.ts): an HTTP route holding the same merchants in memory
 *   and drawing the PDF inside the request with pdf-lib and the same embedded font — what one ships
 *   without jobs, store paging, templates, progress or notifications. Same clock (request to last byte),
 *   same memory reading on its process.
 * BENCH_RUNS (3) reports each, taking turns; every PDF is read back and must hold every merchant name.
 * Not a test, no target but the ratio printed (time and memory). Run: npx tsx bench/report-portfolio.ts
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pdfText } from '../tests/support/pdf-text';
import { signIn, startApp, stopProcess } from './support/app-process';

const MERCHANTS = Number(process.env.BENCH_MERCHANTS ?? 1000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4194);
const PEER_PORT = PORT + 1;
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

const CITIES = ['İstanbul', 'İzmir', 'Şanlıurfa', 'Muğla', 'Çanakkale', 'Eskişehir', 'Ağrı', 'Düzce'];
const TRADES = ['Kırtasiye', 'Çiçekçilik', 'Gıda', 'Tekstil', 'Şarküteri', 'Oyuncak', 'Kuyumculuk', 'Eczane'];
const merchants = Array.from({ length: MERCHANTS }, (_, i) => {
  const n = String(i + 1).padStart(4, '0');
  const score = i % 10 === 9 ? undefined : (i * 37) % 101;
  return {
    name: `${CITIES[i % CITIES.length]} ${TRADES[(i * 3) % TRADES.length]} ${n}`,
    url: `https://shop-${n}.example`,
    mcc: '5999',
    ...(score === undefined ? {} : { score, grade: score >= 80 ? 'A' : score >= 50 ? 'C' : 'F' }),
    compliance: i % 3 === 0 ? 'compliant' : 'nonCompliant',
  };
});

/** kB of the process's resident set: now, and its high-water mark since the last reset. */
function memory(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}
const resetPeak = (pid: number) => fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');

async function measured(pid: number, produce: () => Promise<Buffer>) {
  resetPeak(pid);
  const before = memory(pid).rss;
  const start = performance.now();
  const bytes = await produce();
  const ms = performance.now() - start;
  return { ms, peakMb: (memory(pid).peak - before) / 1024, bytes };
}

async function checkNames(bytes: Buffer, who: string) {
  const text = await pdfText(bytes);
  const missing = merchants.filter((m) => !text.includes(m.name));
  if (missing.length > 0) throw new Error(`${who}: ${missing.length} merchant names missing, e.g. ${missing[0].name}`);
}

async function main() {
  const app = await startApp(PORT);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-report-'));
  let peer: ChildProcess | undefined;
  try {
    const token = await signIn(app.base, 'bank@demo.test');
    const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
    for (let i = 0; i < merchants.length; i += 1) {
      const answer = await fetch(`${app.base}/wbe/api/resources/merchant`, {
        method: 'POST',
        headers,
        body: JSON.stringify(merchants[i]),
      });
      if (answer.status !== 201) throw new Error(`merchant ${i}: ${answer.status} ${await answer.text()}`);
    }
    fs.writeFileSync(path.join(dir, 'merchants.json'), JSON.stringify(merchants));
    peer = spawn(
      process.execPath,
      ['--import', 'tsx', 'bench/report-portfolio/peer-server.ts', String(PEER_PORT), path.join(dir, 'merchants.json')],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    await new Promise<void>((resolve) => peer?.stdout?.once('data', () => resolve()));

    const ours = () =>
      measured(app.pid, async () => {
        const asked = await fetch(`${app.base}/wbe/api/reports`, {
          method: 'POST',
          headers,
          body: JSON.stringify({ kind: 'portfolioRisk' }),
        });
        if (asked.status !== 201) throw new Error(`report: ${asked.status} ${await asked.text()}`);
        const { id } = ((await asked.json()) as { content: { id: string } }).content;
        for (;;) {
          const answer = await fetch(`${app.base}/wbe/api/download/report/${id}`, { headers });
          if (answer.status === 200) return Buffer.from(await answer.arrayBuffer());
          if (answer.status !== 202) throw new Error(`download: ${answer.status} ${await answer.text()}`);
          await answer.arrayBuffer();
          await new Promise((r) => setTimeout(r, 25));
        }
      });
    const theirs = () =>
      measured(peer?.pid as number, async () => {
        const answer = await fetch(`http://127.0.0.1:${PEER_PORT}/report`);
        if (answer.status !== 200) throw new Error(`peer: ${answer.status}`);
        return Buffer.from(await answer.arrayBuffer());
      });

    const results = { ours: [] as { ms: number; peakMb: number }[], peer: [] as { ms: number; peakMb: number }[] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const side of run % 2 === 0 ? (['ours', 'peer'] as const) : (['peer', 'ours'] as const)) {
        const result = await (side === 'ours' ? ours() : theirs());
        if (run === 0) await checkNames(result.bytes, side);
        results[side].push({ ms: result.ms, peakMb: result.peakMb });
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
    const ms = { ours: median(results.ours.map((r) => r.ms)), peer: median(results.peer.map((r) => r.ms)) };
    const mb = { ours: median(results.ours.map((r) => r.peakMb)), peer: median(results.peer.map((r) => r.peakMb)) };
    console.log(
      `portfolio risk report, ${MERCHANTS.toLocaleString('en')} merchants, ${RUNS} reports each, taking turns; load average ${load()}`,
    );
    console.log(
      `  time, request to last byte, median ms: ours ${ms.ours.toFixed(0)}  peer ${ms.peer.toFixed(0)}  ratio ${(ms.peer / ms.ours).toFixed(2)} (peer / ours)`,
    );
    console.log(
      `  peak memory above the resident set before, median MB: ours ${mb.ours.toFixed(1)}  peer ${mb.peer.toFixed(1)}  ratio ${(mb.peer / Math.max(mb.ours, 0.1)).toFixed(2)} (peer / ours)`,
    );
    console.log(
      `  every run: ours ${results.ours.map((r) => `${r.ms.toFixed(0)} ms / ${r.peakMb.toFixed(1)} MB`).join(', ')}; peer ${results.peer.map((r) => `${r.ms.toFixed(0)} ms / ${r.peakMb.toFixed(1)} MB`).join(', ')}`,
    );
  } finally {
    if (peer) await stopProcess(peer);
    await app.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
