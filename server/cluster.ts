import cluster, { type Worker } from 'node:cluster';
import { clusterRefusal } from './scale/cluster-refusal';

/**
 * `npm run start:cluster`: WORKERS (default 2) server processes sharing PORT through node:cluster,
 * each one a whole app (server/main.ts) over the shared PostgreSQL database and Redis. A worker that
 * dies is started again (later and later while they keep dying at start); SIGINT/SIGTERM stop the
 * workers gracefully (answers in flight finish), then the primary.
 */

/** A worker that dies within this long of its start counts as failing at start: wait before the next. */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;
/** How long a graceful stop may take before the workers are killed. */
const STOP_TIMEOUT_MS = 15_000;

function runPrimary(): void {
  const refusal = clusterRefusal(process.env);
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  const workers = Number(process.env.WORKERS ?? 2);
  if (!Number.isInteger(workers) || workers < 1) {
    console.error(`WORKERS must be a whole number of at least 1 (got ${process.env.WORKERS}).`);
    process.exit(1);
  }
  const startedAt = new Map<Worker, number>();
  let quickDeaths = 0;
  let stopping = false;

  const fork = () => startedAt.set(cluster.fork(), Date.now());

  cluster.on('exit', (worker, code, signal) => {
    const lived = Date.now() - (startedAt.get(worker) ?? 0);
    startedAt.delete(worker);
    if (stopping) {
      if (startedAt.size === 0) process.exit(0);
      return;
    }
    quickDeaths = lived < QUICK_DEATH_MS ? quickDeaths + 1 : 0;
    const delay = Math.min(MAX_RESTART_DELAY_MS, quickDeaths === 0 ? 0 : 1000 * 2 ** (quickDeaths - 1));
    console.error(`worker ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another in ${delay} ms`);
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${startedAt.size} worker(s)`);
    if (startedAt.size === 0) process.exit(0);
    for (const worker of startedAt.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);

  console.log(`primary ${process.pid}: starting ${workers} worker(s) on port ${process.env.PORT ?? 4100}`);
  for (let i = 0; i < workers; i++) fork();
}

if (cluster.isPrimary) runPrimary();
else await import('./main');
