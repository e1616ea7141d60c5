/**
 * A bulk scan of 100 loopback URLs (issue 11): 100 HTTP servers on 127.0.0.1 (port 0), each
 * answering after BENCH_LATENCY_MS (default 50 ms, standing for a remote site's network round trip;
 * loopback itself has none), scanned with the web checks http_response, security_headers, csrf and
 * waf_detection. Sequential baseline: one scan after another, one connection at a time. Against it:
 * all 100 scans through one runner limiter capped at BENCH_CONNECTIONS (default 32). Prints the
 * wall time of each, the peak connections the limiter counted (and the servers saw), and the ratio.
 * Target: ≥ 10× faster than sequential with the cap held.
 * Run: npx tsx bench/bulk-scan.ts. Not part of npm test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import type { CheckResult } from '../core/scans/scan.types';
import { CHECKS } from '../server/scans/checks';
import { ConnectionLimiter } from '../server/scans/connection-limiter';
import { runScan } from '../server/scans/runner';
import type { ScanTarget } from '../server/scans/scan.types';

const URLS = Number(process.env.BENCH_URLS ?? 100);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS ?? 50);
const CAP = Number(process.env.BENCH_CONNECTIONS ?? 32);
const TARGET_RATIO = 10;
const checks = {
  http_response: CHECKS.http_response,
  security_headers: CHECKS.security_headers,
  csrf: CHECKS.csrf,
  waf_detection: CHECKS.waf_detection,
};

const seen = { active: 0, peak: 0 };

async function startSite(index: number): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    setTimeout(() => {
      response.writeHead(200, { 'content-type': 'text/html', 'x-content-type-options': 'nosniff' });
      response.end(`<html><body><h1>Merchant ${index}</h1><form method="post"><input name="q"></form></body></html>`);
    }, LATENCY_MS);
  });
  server.on('connection', (socket) => {
    seen.active += 1;
    seen.peak = Math.max(seen.peak, seen.active);
    socket.once('close', () => {
      seen.active -= 1;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

function targetOf(server: http.Server, index: number): ScanTarget {
  return {
    host: `merchant-${index}.test`,
    address: '127.0.0.1',
    ports: { http: (server.address() as AddressInfo).port, https: null, services: {} },
  };
}

const statuses = (runs: CheckResult[][]) => runs.map((results) => results.map((r) => r.status).join(',')).join(';');

async function main() {
  const servers = await Promise.all(Array.from({ length: URLS }, (_, i) => startSite(i)));
  const targets = servers.map(targetOf);
  try {
    const sequentialLimiter = new ConnectionLimiter(1);
    seen.peak = 0;
    let start = performance.now();
    const sequential: CheckResult[][] = [];
    for (const target of targets)
      sequential.push(
        (await runScan(target, checks, { concurrency: 1, timeoutMs: 30_000, limiter: sequentialLimiter })).results,
      );
    const sequentialMs = performance.now() - start;
    const sequentialSeen = seen.peak;

    const limiter = new ConnectionLimiter(CAP);
    seen.peak = 0;
    start = performance.now();
    const bulk = await Promise.all(
      targets.map(
        async (target) => (await runScan(target, checks, { concurrency: 4, timeoutMs: 30_000, limiter })).results,
      ),
    );
    const bulkMs = performance.now() - start;

    const ratio = sequentialMs / bulkMs;
    const capHeld = limiter.peak <= CAP;
    const same = statuses(sequential) === statuses(bulk);
    const met = ratio >= TARGET_RATIO && capHeld && same;
    if (!met) process.exitCode = 1;
    console.log(
      `bulk scan: ${URLS} loopback URLs × ${Object.keys(checks).length} checks (${limiter.opened} connections), each response after ${LATENCY_MS} ms`,
    );
    console.log(
      `sequential (1 connection): ${(sequentialMs / 1000).toFixed(2)} s, peak ${sequentialLimiter.peak} (servers saw ${sequentialSeen})`,
    );
    console.log(
      `runner, cap ${CAP}: ${(bulkMs / 1000).toFixed(2)} s, peak ${limiter.peak} (servers saw ${seen.peak}) | ${ratio.toFixed(1)}× | target ≥ ${TARGET_RATIO}× with the cap held: ${met ? 'met' : 'NOT met'}${same ? '' : ' (verdicts differ between runs!)'}`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores`,
    );
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
