/**
 * Background work (mail delivery, scheduled controls, later scans and reports) goes through one
 * interface: in process on the embedded store, pg-boss on PostgreSQL (any instance may run a job,
 * a crashed instance's job is retried once it expires). Adding work is define + send.
 */

/** How a job is retried and when a running attempt counts as lost. */
export interface JobOptions {
  /** Attempts after the first (default 3). */
  retryLimit?: number;
  /** Wait before the first retry (default 30 s). */
  retryDelaySeconds?: number;
  /** Doubles the wait after each retry (default true). */
  retryBackoff?: boolean;
  /** A running attempt older than this has failed: its handler hangs or its instance died (default 15 min). */
  expireInSeconds?: number;
}

export interface SendOptions {
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

/** One attempt of a job as its handler sees it. */
export interface Job<T> {
  id: string;
  name: string;
  data: T;
  /** 0 on the first attempt, n on the n-th retry. */
  retryCount: number;
  retryLimit: number;
}

/** Resolves: the job is done. Throws: the attempt failed (retried while retries remain). */
export type JobHandler<T> = (job: Job<T>) => Promise<void>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobStatus {
  id: string;
  name: string;
  state: JobState;
  retryCount: number;
}

export interface Jobs {
  readonly engine: 'in-process' | 'pg-boss';
  /** Declares a queue and its handler; before or after start(). */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobOptions): Promise<void>;
  /** Queues a job for a defined name and answers its id. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string>;
  /** Sends `data` to a defined name on a cron (UTC). pg-boss: minute resolution, one send per slot across instances. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** Where a job stands (null when unknown or already cleaned away). */
  status(name: string, id: string): Promise<JobStatus | null>;
  start(): Promise<void>;
  /** Resolves once this process runs no handler (in process: nor has a job due now). */
  settled(): Promise<void>;
  /** Takes no new work; graceful (default) lets running handlers finish, otherwise they are abandoned (and retried). */
  stop(options?: { graceful?: boolean }): Promise<void>;
}

export const DEFAULT_JOB_OPTIONS: Required<JobOptions> = {
  retryLimit: 3,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 15 * 60,
};

export type JobsLog = { error(message: string, error?: unknown): void };
