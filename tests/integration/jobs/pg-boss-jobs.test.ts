import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import type { Job, JobOptions, JobStatus } from '../../../server/jobs/jobs.types';
import { PgBossJobs, type PgBossJobsOptions } from '../../../server/jobs/pg-boss-jobs';
import { pgPoolClient } from '../../../server/store/pg/pg-pool-client';
import { pgliteClient } from '../../../server/store/pg/pglite-client';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import { TEST_STORE } from '../support/harness';

/**
 * pg-boss behind the Jobs interface. In 'integration-pg' on the run's PostgreSQL server (a schema
 * of its own, dropped after) — there also a worker process killed mid-job; elsewhere (and where no
 * server answers) on PGlite, through pg-boss's `db` option over the SqlClient.
 */
const pgUrl = TEST_STORE === 'postgres' ? inject('pgUrl') : undefined;
const engine = pgUrl ? 'server' : 'pglite';
const WORKER_SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '../support/jobs-worker.ts');
const quiet = { error: () => {} };
const fast: PgBossJobsOptions = { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 };

async function until(check: () => Promise<boolean> | boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const finished = (status: JobStatus | null) => status?.state === 'completed' || status?.state === 'failed';

describe(`pg-boss jobs (${engine})`, () => {
  const schema = `jobs_${randomBytes(4).toString('hex')}`;
  let pglite: PGlite | undefined;
  const clients: SqlClient[] = [];
  const instances: PgBossJobs[] = [];
  let queueNumber = 0;
  const queue = () => `q${++queueNumber}`;

  /** Another instance on the same database (its own pool on a server, the shared PGlite otherwise). */
  function instance(options: PgBossJobsOptions = {}): PgBossJobs {
    const sql = pgUrl ? pgPoolClient(pgUrl, { schema, max: 3 }) : pgliteClient(pglite as PGlite, { closeWith: false });
    clients.push(sql);
    const jobs = new PgBossJobs(sql, quiet, { ...fast, ...options });
    instances.push(jobs);
    return jobs;
  }

  beforeAll(async () => {
    if (!pgUrl) pglite = await PGlite.create();
  });

  afterAll(async () => {
    for (const jobs of instances) await jobs.stop({ graceful: false }).catch(() => {});
    if (pgUrl) await clients[0]?.query(`DROP SCHEMA IF EXISTS ${schema}_pgboss CASCADE`);
    for (const sql of clients) await sql.close();
    await pglite?.close();
  });

  it('a job sent by instance A is done by instance B (only B has a worker)', async () => {
    const name = queue();
    const a = instance({ worker: false });
    const b = instance();
    const doneByA: string[] = [];
    const doneByB: { id: string; data: object }[] = [];
    await a.define<{ n: number }>(name, async (job) => void doneByA.push(job.id));
    await b.define<{ n: number }>(name, async (job) => void doneByB.push({ id: job.id, data: job.data }));
    await a.start();
    await b.start();
    const id = await a.send(name, { n: 42 });
    await until(async () => finished(await a.status(name, id)));
    expect(await a.status(name, id)).toMatchObject({ state: 'completed', retryCount: 0 });
    expect(doneByB).toEqual([{ id, data: { n: 42 } }]);
    expect(doneByA).toEqual([]);
  });

  it('retries a failing job, then completes it; a job out of retries is failed', async () => {
    const flaky = queue();
    const doomed = queue();
    const jobs = instance();
    const seen: Pick<Job<object>, 'retryCount' | 'retryLimit'>[] = [];
    const options: JobOptions = { retryLimit: 2, retryDelaySeconds: 0, retryBackoff: false };
    await jobs.define(
      flaky,
      async ({ retryCount, retryLimit }) => {
        seen.push({ retryCount, retryLimit });
        if (retryCount < 2) throw new Error('not yet');
      },
      options,
    );
    await jobs.define(
      doomed,
      async () => {
        throw new Error('never');
      },
      { ...options, retryLimit: 1 },
    );
    await jobs.start();
    const ok = await jobs.send(flaky, {});
    const bad = await jobs.send(doomed, {});
    await until(async () => finished(await jobs.status(flaky, ok)) && finished(await jobs.status(doomed, bad)));
    expect(await jobs.status(flaky, ok)).toMatchObject({ state: 'completed', retryCount: 2 });
    expect(seen).toEqual([
      { retryCount: 0, retryLimit: 2 },
      { retryCount: 1, retryLimit: 2 },
      { retryCount: 2, retryLimit: 2 },
    ]);
    expect(await jobs.status(doomed, bad)).toMatchObject({ state: 'failed', retryCount: 1 });
  });

  it('settled() waits for a job this instance sent to its own worker', async () => {
    const name = queue();
    const jobs = instance();
    let done = false;
    await jobs.define(name, async () => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      done = true;
    });
    await jobs.start();
    const id = await jobs.send(name, {});
    await jobs.settled();
    expect(done).toBe(true);
    expect((await jobs.status(name, id))?.state).toBe('completed');
  });

  if (engine === 'pglite') {
    // one process holds a PGlite, so its "crash" is a stop without grace: the attempt is failed and retried
    it('a job abandoned by a stop without grace is retried and done by another instance', async () => {
      const name = queue();
      const a = instance();
      const b = instance();
      let release: () => void = () => {};
      const takenByA: string[] = [];
      const doneByB: { id: string; retryCount: number }[] = [];
      const options: JobOptions = { retryLimit: 1, retryDelaySeconds: 0, expireInSeconds: 60 };
      await a.define(
        name,
        async (job) => {
          takenByA.push(job.id);
          await new Promise<void>((resolve) => {
            release = resolve;
          });
        },
        options,
      );
      await a.start();
      const id = await a.send(name, {});
      await until(() => takenByA.length === 1);
      await a.stop({ graceful: false });
      await b.define(name, async (job) => void doneByB.push({ id: job.id, retryCount: job.retryCount }), options);
      await b.start();
      await until(async () => finished(await b.status(name, id)));
      expect(await b.status(name, id)).toMatchObject({ state: 'completed', retryCount: 1 });
      expect(doneByB).toEqual([{ id, retryCount: 1 }]);
      release(); // A's late completion finds the job no longer active and changes nothing
      await a.settled();
      expect((await b.status(name, id))?.state).toBe('completed');
    });
  } else {
    it('a job whose worker process is killed mid-run expires and is done by another instance', async () => {
      const name = queue();
      const options: JobOptions = { retryLimit: 1, retryDelaySeconds: 0, expireInSeconds: 2 };
      const sender = instance({ worker: false });
      await sender.define(name, async () => {}, options);
      await sender.start();
      const id = await sender.send(name, { report: 'quarterly' });

      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', WORKER_SCRIPT, pgUrl as string, schema, name, JSON.stringify(options)],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await until(() => output.includes(`took ${id}`));
      expect((await sender.status(name, id))?.state).toBe('active');
      child.kill('SIGKILL');
      await exited;

      const rescuer = instance();
      const done: { id: string; retryCount: number; data: object }[] = [];
      await rescuer.define(
        name,
        async (job) => void done.push({ id: job.id, retryCount: job.retryCount, data: job.data }),
        options,
      );
      await rescuer.start();
      await until(async () => finished(await rescuer.status(name, id)));
      expect(await rescuer.status(name, id)).toMatchObject({ state: 'completed', retryCount: 1 });
      expect(done).toEqual([{ id, retryCount: 1, data: { report: 'quarterly' } }]);
    });
  }
});
