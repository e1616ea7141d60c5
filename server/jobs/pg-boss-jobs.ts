import PgBoss from 'pg-boss';
import type { SqlClient } from '../store/pg/sql-client';
import {
  DEFAULT_JOB_OPTIONS,
  type JobHandler,
  type JobOptions,
  type Jobs,
  type JobsLog,
  type JobStatus,
  type SendOptions,
} from './jobs.types';

export interface PgBossJobsOptions {
  /** Runs handlers in this instance (default true); false: it only sends and schedules. */
  worker?: boolean;
  /** pg-boss's schema; default 'pgboss', or `<sql.schema>_pgboss` for a client isolated in its own schema. */
  schema?: string;
  /** How often an idle worker asks for a job (default 2 s). */
  pollingIntervalSeconds?: number;
  /** How often expired attempts are failed (so retried) and old jobs archived, across all instances (default 60 s). */
  maintenanceIntervalSeconds?: number;
  /** Connections of pg-boss's own pool ('server' engine; default 5). */
  poolSize?: number;
}

/**
 * pg-boss over the same database as the store's SqlClient: on a server, its own pool from the
 * connection string (jobs survive this process; any instance with a worker takes them; an
 * attempt whose instance died expires and is retried elsewhere); on PGlite, its `db` option over
 * the client (one process, but the same code path).
 */
export class PgBossJobs implements Jobs {
  readonly engine = 'pg-boss' as const;
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, { handler: JobHandler<object>; options: Required<JobOptions> }>();
  private readonly schedules = new Map<string, { cron: string; data: object }>();
  private readonly running = new Set<Promise<void>>();
  /** This instance's worker per queue, woken at once when this instance sends to it. */
  private readonly workerIds = new Map<string, string>();
  /** Jobs sent here and not yet seen finished, for settled(). */
  private readonly sentHere = new Map<string, string>();
  private readonly worker: boolean;
  private readonly pollingIntervalSeconds: number;
  private started = false;

  constructor(
    sql: SqlClient,
    private readonly log: JobsLog,
    options: PgBossJobsOptions = {},
  ) {
    this.worker = options.worker ?? true;
    this.pollingIntervalSeconds = options.pollingIntervalSeconds ?? 2;
    const schema = options.schema ?? (sql.schema === 'public' ? 'pgboss' : `${sql.schema}_pgboss`);
    const common = {
      schema,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
    };
    if (sql.engine === 'server') {
      if (!sql.connectionString) throw new Error('pg-boss needs the SqlClient connection string');
      this.boss = new PgBoss({
        ...common,
        connectionString: sql.connectionString,
        max: options.poolSize ?? 5,
        application_name: 'paysec-jobs',
      });
    } else {
      this.boss = new PgBoss({ ...common, db: sqlClientDb(sql) });
    }
    this.boss.on('error', (error) => this.log.error('pg-boss', error));
  }

  async define<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions = {}): Promise<void> {
    const definition = { handler: handler as JobHandler<object>, options: { ...DEFAULT_JOB_OPTIONS, ...options } };
    this.definitions.set(name, definition);
    if (this.started) await this.apply(name);
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is defined`);
    if (!this.started) throw new Error(`Jobs are not started; ${name} not sent`);
    const id = await this.boss.send(
      name,
      data,
      options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {},
    );
    if (!id) throw new Error(`pg-boss refused a ${name} job`);
    const workerId = this.workerIds.get(name);
    if (workerId && !options.startAfterSeconds) {
      this.sentHere.set(id, name);
      // skips the polling wait when this instance is idle; any other instance may still take it
      this.boss.notifyWorker(workerId);
    }
    return id;
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is defined`);
    this.schedules.set(name, { cron, data });
    if (this.started) await this.boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  async status(name: string, id: string): Promise<JobStatus | null> {
    const job = await this.boss.getJobById(name, id, { includeArchive: true });
    return job ? { id: job.id, name: job.name, state: job.state, retryCount: job.retryCount } : null;
  }

  async start(): Promise<void> {
    if (this.started) return;
    await this.boss.start();
    this.started = true;
    for (const name of this.definitions.keys()) await this.apply(name);
  }

  /** Handlers running here, and jobs sent here to a queue this instance works until they finish or wait for a retry. */
  async settled(): Promise<void> {
    for (;;) {
      for (const [id, name] of this.sentHere) {
        const state = this.started ? (await this.status(name, id))?.state : undefined;
        if (state !== 'created' && state !== 'active') this.sentHere.delete(id);
      }
      if (this.running.size === 0 && this.sentHere.size === 0) return;
      await Promise.race([Promise.allSettled([...this.running]), new Promise((resolve) => setTimeout(resolve, 50))]);
    }
  }

  async stop({ graceful = true }: { graceful?: boolean } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    this.workerIds.clear();
    // graceful: running handlers finish first; otherwise pg-boss fails them at once, so they are retried
    await this.boss.stop({ graceful, wait: true, timeout: 30_000 });
  }

  /** Creates or updates the queue with the definition's options, starts its worker, registers its schedule. */
  private async apply(name: string): Promise<void> {
    const { handler, options } = this.definitions.get(name) as {
      handler: JobHandler<object>;
      options: Required<JobOptions>;
    };
    const queue = {
      name,
      retryLimit: options.retryLimit,
      retryDelay: options.retryDelaySeconds,
      retryBackoff: options.retryBackoff,
      expireInSeconds: options.expireInSeconds,
    };
    await this.boss.createQueue(name, queue);
    await this.boss.updateQueue(name, queue);
    const schedule = this.schedules.get(name);
    if (schedule) await this.boss.schedule(name, schedule.cron, schedule.data, { tz: 'UTC' });
    if (!this.worker) return;
    await this.boss.offWork(name);
    const workerId = await this.boss.work<object>(
      name,
      { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: this.pollingIntervalSeconds },
      async ([job]) => {
        const attempt = handler({
          id: job.id,
          name: job.name,
          data: job.data,
          retryCount: job.retryCount,
          retryLimit: job.retryLimit,
        });
        this.running.add(attempt);
        try {
          await attempt;
        } catch (error) {
          this.log.error(`Job ${name} ${job.id} failed (attempt ${job.retryCount + 1})`, error);
          throw error;
        } finally {
          this.running.delete(attempt);
          // pg-boss waits a polling interval after every fetch, even a fruitful one: a queue of
          // 20 mails would take 40 s. Asking again at once drains it; an empty fetch then waits.
          const self = this.workerIds.get(name);
          if (self) this.boss.notifyWorker(self);
        }
      },
    );
    this.workerIds.set(name, workerId);
  }
}

/**
 * pg-boss's `db` option over a SqlClient. pg-boss sends parameterless scripts (its schema, its
 * locked maintenance: BEGIN; …; COMMIT) that a prepared statement cannot hold, so those go
 * through exec.
 */
export function sqlClientDb(sql: SqlClient): PgBoss.Db {
  const exec = sql.exec?.bind(sql);
  return {
    async executeSql(text: string, values?: unknown[]) {
      if ((!values || values.length === 0) && exec) return exec(text);
      return sql.query(text, values ?? []);
    },
  };
}
