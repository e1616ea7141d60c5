import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuild, ROOT } from '../scripts/start.mjs';

/**
 * Start-up time as a user of `npm start` feels it: from spawning the server to the first 200 on
 * GET /config/v1/app, on a data directory that exists already (seeded by a first start), for the
 * server run by tsx from its source and for the bundle `npm start` runs (dist/server/main.mjs,
 * built first when out of date), against a bare Express server answering that path (the floor of
 * any Node server on this stack), started the same way, interleaved. RUNS (default 3) starts each;
 * the median is reported. Target: `npm start` on a built tree answers within 1.5 s.
 */
const RUNS = Number(process.env.RUNS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 4391);

await ensureBuild(ROOT, 'client');
const judgedSeeds = (await ensureBuild(ROOT, 'server'))?.judgedSeeds ?? '';

const WAYS: Record<string, { args: string[]; env?: Record<string, string> }> = {
  'tsx server/main.ts': { args: [path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'server/main.ts'] },
  'node dist/server/main.mjs': { args: ['dist/server/main.mjs'] },
  // as scripts/start.mjs runs it: the seed files judged by the build
  'node dist/server/main.mjs, JUDGED_SEEDS': {
    args: ['dist/server/main.mjs'],
    env: { JUDGED_SEEDS: judgedSeeds },
  },
  'npm start (node scripts/start.mjs, builds current)': { args: ['scripts/start.mjs'] },
  'peer: bare Express, one route': {
    args: [
      '--input-type=module',
      '-e',
      "import express from 'express'; const app = express(); app.get('/config/v1/app', (_q, r) => r.json({})); app.listen(Number(process.env.PORT), '127.0.0.1');",
    ],
  },
};
const TARGET_MS = 1500;

async function firstOk(url: string, child: ChildProcess): Promise<void> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function timeStart(
  { args, env }: { args: string[]; env?: Record<string, string> },
  dataDir: string,
): Promise<number> {
  const started = performance.now();
  // a process group of its own, so tsx's child and start.mjs's child stop with it
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, NODE_ENV: 'production', ...env },
  });
  try {
    await firstOk(`http://127.0.0.1:${PORT}/config/v1/app`, child);
    return performance.now() - started;
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
try {
  // the first start seeds the data directory; the runs measured find it there
  await timeStart({ args: ['dist/server/main.mjs'] }, dataDir);
  // interleaved: one start of each way per round
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(WAYS).map((name) => [name, []]));
  for (let i = 0; i < RUNS; i++)
    for (const [name, way] of Object.entries(WAYS)) times[name].push(await timeStart(way, dataDir));
  console.log(`start-up to the first 200, ${RUNS} runs each (load average ${os.loadavg()[0].toFixed(1)} on 2 cores):`);
  for (const [name, list] of Object.entries(times))
    console.log(
      `  ${name.padEnd(52)} median ${(median(list) / 1000).toFixed(2)} s  (${list.map((t) => (t / 1000).toFixed(2)).join(', ')})`,
    );
  const ours = median(times['npm start (node scripts/start.mjs, builds current)']);
  const peer = median(times['peer: bare Express, one route']);
  console.log(
    `  npm start ${(ours / 1000).toFixed(2)} s vs bare Express ${(peer / 1000).toFixed(2)} s -> ratio ${(peer / ours).toFixed(2)}; target <= ${TARGET_MS / 1000} s ${ours <= TARGET_MS ? 'met' : 'MISSED'}`,
  );
  if (ours > TARGET_MS) process.exitCode = 1;
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
