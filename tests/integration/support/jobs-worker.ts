/**
 * A pg-boss worker in a process of its own, for the crash test: it takes a job, says so on stdout
 * and never finishes it; the test then kills it with SIGKILL.
 * Arguments: connection string, schema, queue name, job options (JSON).
 */
import { PgBossJobs } from '../../../server/jobs/pg-boss-jobs';
import { pgPoolClient } from '../../../server/store/pg/pg-pool-client';

const [url, schema, queue, options] = process.argv.slice(2);
const jobs = new PgBossJobs(pgPoolClient(url, { schema }), { error: () => {} }, { pollingIntervalSeconds: 0.5 });
await jobs.define(
  queue,
  async (job) => {
    process.stdout.write(`took ${job.id}\n`);
    await new Promise(() => {});
  },
  JSON.parse(options),
);
await jobs.start();
process.stdout.write('ready\n');
