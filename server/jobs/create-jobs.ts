import type { SqlClient } from '../store/pg/sql-client';
import { InProcessJobs } from './in-process-jobs';
import type { Jobs, JobsLog } from './jobs.types';
import { PgBossJobs, type PgBossJobsOptions } from './pg-boss-jobs';

/** In process on the embedded store; pg-boss when the app runs on PostgreSQL (`sql` given). */
export function createJobs(options: { sql?: SqlClient; log: JobsLog; pgBoss?: PgBossJobsOptions }): Jobs {
  return options.sql ? new PgBossJobs(options.sql, options.log, options.pgBoss) : new InProcessJobs(options.log);
}
