/**
 * Ingest through the gateway (issue 25): POST /tm/api/v1/transactions with a real API key on the
 * real server (server/main.ts in a child process, its own data directory), autocannon with
 * BENCH_CONNECTIONS (10) for BENCH_SECONDS (10) after a 2 s warm-up, every request a new generated
 * transaction (bench/support/tm-data.ts), the 20-rule set of bench/tm-rules.ts published as
 * tm-rules/acquirer and its e-mail block list filled: key check, schema, the card's keyed hash,
 * the figures from the store, scoring, the transaction and its trace written before the answer.
 * Transactions per second and the decision's latency p99 at that rate, on
 * - the embedded store (target ≥ 1,000/s, p99 ≤ 50 ms);
 * - PostgreSQL, two instances over one database (its own, dropped after) and Redis, the
 *   connections split between them (target ≥ 3,000/s);
 * each right after its peer in the same run with the same connections and duration: an in-memory
 * Express route doing the same checks and json-logic-js scoring, answering the decision without a
 * store (bench/support/tm-memory-server.ts). Load average printed, and our CPU per transaction:
 * the server processes' (user + system, from /proc) and, on PostgreSQL, its sessions' — on a
 * loaded machine the rate says how long a transaction waited for a core, the CPU what it costs.
 * Run: npx tsx bench/tm-ingest.ts (also in npm run bench). Not part of npm test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { type AppProcess, signIn, startApp, stopProcess } from './support/app-process';
import { BLOCKED_EMAILS, generatedTransaction, random, ruleSet } from './support/tm-data';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
// BENCH_PORT: the first of four free ports (a shared machine); BENCH_STORES=embedded skips PostgreSQL
const PORT = Number(process.env.BENCH_PORT ?? 4591);
const PORTS = { embedded: PORT, pgA: PORT + 1, pgB: PORT + 2, peer: PORT + 3 };
const STORES = (process.env.BENCH_STORES ?? 'embedded,postgres').split(',');
const TARGETS = { embedded: 1000, embeddedP99: 50, postgres: 3000 };
const TM = '/wbe/api/transaction-monitoring';
const INGEST = '/tm/api/v1/transactions';

const rnd = random(2501);
let sent = 0;

interface Rate {
  perSecond: number;
  p99: number;
  /** CPU time per transaction (ms) of our server processes, and of the PostgreSQL sessions serving them. */
  cpu?: { server: number; database?: number };
}

/** User and system CPU time (ms) of processes, from /proc (clock ticks of 10 ms); a process gone counts 0. */
function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {}
  }
  return ticks * 10;
}

/** The backends of the database's sessions (the pools of our instances, open after the warm-up). */
async function backendsOf(url: string | undefined): Promise<number[]> {
  if (!url) return [];
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** autocannon against each base at once, the connections split between them; 201s only. */
async function ingest(bases: string[], key: string, seconds: number): Promise<Rate> {
  const runs = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: base + INGEST,
        method: 'POST',
        connections: Math.ceil(CONNECTIONS / bases.length),
        duration: seconds,
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        requests: [
          {
            setupRequest: (request) => {
              sent += 1;
              return { ...request, body: JSON.stringify(generatedTransaction(sent, rnd)) };
            },
          },
        ],
      }),
    ),
  );
  for (const [index, result] of runs.entries()) {
    const wrong = Object.entries(result.statusCodeStats ?? {}).filter(([code]) => code !== '201');
    if (wrong.length || result.errors || result.timeouts)
      throw new Error(
        `${bases[index]}: unexpected answers ${JSON.stringify(result.statusCodeStats)} errors ${result.errors} timeouts ${result.timeouts}`,
      );
  }
  return {
    perSecond: runs.reduce((sum, result) => sum + result.requests.average, 0),
    p99: Math.max(...runs.map((result) => result.latency.p99)),
  };
}

async function call(base: string, token: string, path: string, body: unknown) {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { content: Record<string, unknown> }).content;
}

/** The rule set drafted by the tm manager and approved by another approver (maker-checker), the block list filled and an ingest key made. */
async function prepare(base: string): Promise<string> {
  const tm = await signIn(base, 'tm@demo.test');
  const { version } = await call(base, tm, `${TM}/rules/drafts`, { body: ruleSet().ours });
  const approved = await fetch(`${base}${TM}/rules/versions/${version}/approve`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await signIn(base, 'tm-approver@demo.test')}`,
    },
    body: '{}',
  });
  if (approved.status !== 200) throw new Error(`approve: ${approved.status} ${await approved.text()}`);
  for (const value of BLOCKED_EMAILS)
    await call(base, tm, `${TM}/list-entries`, {
      listId: 'blocked-emails',
      listKind: 'black',
      entityType: 'email',
      value,
    });
  return String((await call(base, tm, `${TM}/keys`, { name: 'Bench' })).key);
}

async function startPeer(key: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/support/tm-memory-server.ts', String(PORTS.peer), key],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the peer did not start')));
  });
  return { base: `http://127.0.0.1:${PORTS.peer}`, child };
}

/**
 * Ours on `apps` right after the peer, each after a warm-up; our CPU per transaction besides (a
 * loaded machine stretches the wall time, not the CPU a transaction costs), PostgreSQL's too when
 * `databaseUrl` is given.
 */
async function measure(apps: AppProcess[], key: string, databaseUrl?: string): Promise<{ ours: Rate; peer: Rate }> {
  const bases = apps.map((app) => app.base);
  const peer = await startPeer(key);
  try {
    await ingest([peer.base], key, 2);
    const peerRate = await ingest([peer.base], key, DURATION);
    await ingest(bases, key, 2);
    const backends = await backendsOf(databaseUrl);
    const servers = apps.map((app) => app.pid);
    const before = { server: cpuMs(servers), database: cpuMs(backends) };
    const ours = await ingest(bases, key, DURATION);
    const transactions = ours.perSecond * DURATION;
    ours.cpu = {
      server: (cpuMs(servers) - before.server) / transactions,
      ...(databaseUrl ? { database: (cpuMs(backends) - before.database) / transactions } : {}),
    };
    return { ours, peer: peerRate };
  } finally {
    await stopProcess(peer.child);
  }
}

// the throttle (60,000 a minute per key by default) would cap what the bench measures
const env = { DEMO_TRANSACTIONS: '0', TM_INGEST_LIMIT: '100000000' };
const results: { name: string; ours: Rate; peer: Rate; target: string; met: boolean }[] = [];
if (STORES.includes('embedded')) {
  const app = await startApp(PORTS.embedded, { env });
  try {
    const key = await prepare(app.base);
    const { ours, peer } = await measure([app], key);
    results.push({
      name: 'embedded store, one instance',
      ours,
      peer,
      target: `≥ ${TARGETS.embedded}/s, p99 ≤ ${TARGETS.embeddedP99} ms`,
      met: ours.perSecond >= TARGETS.embedded && ours.p99 <= TARGETS.embeddedP99,
    });
  } finally {
    await app.stop();
  }
}
if (STORES.includes('postgres')) {
  const database = await createScratchDatabase('bench_ingest');
  const instances: AppProcess[] = [];
  try {
    const pgEnv = { ...env, DATABASE_URL: database.url, REDIS_URL, REDIS_PREFIX: `${database.name}:` };
    // one after the other: the first applies the migrations and seeds
    for (const port of [PORTS.pgA, PORTS.pgB]) instances.push(await startApp(port, { env: pgEnv }));
    const key = await prepare(instances[0].base);
    const { ours, peer } = await measure(instances, key, database.url);
    results.push({
      name: 'PostgreSQL, two instances',
      ours,
      peer,
      target: `≥ ${TARGETS.postgres}/s`,
      met: ours.perSecond >= TARGETS.postgres,
    });
  } finally {
    for (const app of instances) await app.stop();
    await database.drop();
  }
}
console.log(
  `ingest through the gateway: POST ${INGEST}, 20 rules, ${CONNECTIONS} connections, ${DURATION} s each after 2 s of warm-up; load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
);
const cpuText = ({ cpu }: Rate) =>
  cpu
    ? ` (CPU per transaction: server ${cpu.server.toFixed(1)} ms${cpu.database === undefined ? '' : `, PostgreSQL ${cpu.database.toFixed(1)} ms`})`
    : '';
for (const { name, ours, peer, target, met } of results)
  console.log(
    `  ${name.padEnd(30)} ${Math.round(ours.perSecond).toLocaleString('en').padStart(6)} transactions/s, p99 ${ours.p99} ms${cpuText(ours)} | in-memory peer ${Math.round(peer.perSecond).toLocaleString('en').padStart(6)}/s, p99 ${peer.p99} ms | ratio ${(ours.perSecond / peer.perSecond).toFixed(2)} | target ${target}: ${met ? 'met' : 'MISSED'}`,
  );
if (results.some((result) => !result.met)) process.exitCode = 1;
