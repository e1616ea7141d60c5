import { randomUUID } from 'node:crypto';
import cronParser from 'cron-parser';
import {
  DEFAULT_JOB_OPTIONS,
  type JobHandler,
  type JobOptions,
  type Jobs,
  type JobsLog,
  type JobState,
  type JobStatus,
  type SendOptions,
} from './jobs.types';

interface Definition {
  handler: JobHandler<object>;
  options: Required<JobOptions>;
}

interface Entry {
  id: string;
  name: string;
  data: object;
  state: JobState;
  retryCount: number;
  timer?: NodeJS.Timeout;
}

/** Finished jobs kept for status(); older ones are forgotten. */
const KEEP_FINISHED = 1000;
/** setTimeout's ceiling (about 24.8 days); a later cron slot is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The embedded store's job runner: an in-memory queue in this process, with retries (backoff),
 * expiry of hung attempts and cron schedules. Jobs not yet run are lost when the process ends —
 * the embedded store is one process anyway; PostgreSQL deployments use pg-boss.
 */
export class InProcessJobs implements Jobs {
  readonly engine = 'in-process' as const;
  private readonly definitions = new Map<string, Definition>();
  private readonly entries = new Map<string, Entry>();
  private readonly schedules = new Map<string, { cron: string; data: object; timer?: NodeJS.Timeout }>();
  /** Attempts running now and jobs due now: what settled() and a graceful stop wait for. */
  private readonly inFlight = new Set<Promise<void>>();
  /** Jobs sent before start(). */
  private held: Entry[] = [];
  /** stopping: a graceful stop runs what is due now, but plans no retry and no cron slot. */
  private state: 'new' | 'started' | 'stopping' | 'stopped' = 'new';

  constructor(private readonly log: JobsLog) {}

  async define<T extends object>(name: string, handler: JobHandler<T>, options: JobOptions = {}): Promise<void> {
    this.definitions.set(name, {
      handler: handler as JobHandler<object>,
      options: { ...DEFAULT_JOB_OPTIONS, ...options },
    });
  }

  async send<T extends object>(name: string, data: T, options: SendOptions = {}): Promise<string> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is defined`);
    if (this.state === 'stopped') throw new Error(`Jobs are stopped; ${name} not sent`);
    if (this.state === 'stopping' && options.startAfterSeconds) throw new Error(`Jobs are stopping; ${name} not sent`);
    const entry: Entry = { id: randomUUID(), name, data, state: 'created', retryCount: 0 };
    this.entries.set(entry.id, entry);
    this.forgetOldEntries();
    if (this.state === 'new') this.held.push(entry);
    else this.enqueue(entry, (options.startAfterSeconds ?? 0) * 1000);
    return entry.id;
  }

  async schedule(name: string, cron: string, data: object = {}): Promise<void> {
    if (!this.definitions.has(name)) throw new Error(`No job named ${name} is defined`);
    cronParser.parseExpression(cron, { tz: 'UTC' }); // a bad expression throws here, not at the first slot
    const previous = this.schedules.get(name);
    if (previous?.timer) clearTimeout(previous.timer);
    this.schedules.set(name, { cron, data });
    if (this.state === 'started') this.planNext(name);
  }

  async status(name: string, id: string): Promise<JobStatus | null> {
    const entry = this.entries.get(id);
    if (!entry || entry.name !== name) return null;
    return { id, name, state: entry.state, retryCount: entry.retryCount };
  }

  async start(): Promise<void> {
    if (this.state !== 'new') return;
    this.state = 'started';
    for (const entry of this.held) this.enqueue(entry, 0);
    this.held = [];
    for (const name of this.schedules.keys()) this.planNext(name);
  }

  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  async stop({ graceful = true }: { graceful?: boolean } = {}): Promise<void> {
    if (this.state === 'stopped' || this.state === 'stopping') return;
    this.state = graceful ? 'stopping' : 'stopped';
    for (const entry of this.entries.values()) if (entry.timer) clearTimeout(entry.timer);
    for (const schedule of this.schedules.values()) if (schedule.timer) clearTimeout(schedule.timer);
    // graceful: running attempts and jobs due now finish; waiting retries are dropped with the process
    if (graceful) await this.settled();
    this.state = 'stopped';
  }

  private enqueue(entry: Entry, delayMs: number): void {
    if (this.state === 'stopped') return;
    if (delayMs <= 0) {
      this.track(Promise.resolve().then(() => this.run(entry)));
      return;
    }
    if (this.state === 'stopping') return;
    // a waiting retry keeps no process alive and is not something settled() waits for; a delay beyond
    // setTimeout's range (30-day onboarding controls) is reached in steps — Node would fire it at once
    const step = Math.min(delayMs, MAX_TIMER_MS);
    entry.timer = setTimeout(() => {
      entry.timer = undefined;
      if (delayMs > step) this.enqueue(entry, delayMs - step);
      else this.track(this.run(entry));
    }, step).unref();
  }

  private track(work: Promise<void>): void {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work));
  }

  private async run(entry: Entry): Promise<void> {
    if (this.state === 'stopped') return;
    const { handler, options } = this.definitions.get(entry.name) as Definition;
    entry.state = 'active';
    let expiry: NodeJS.Timeout | undefined;
    try {
      const expired = new Promise<never>((_, reject) => {
        expiry = setTimeout(
          () => reject(new Error(`${entry.name} ran longer than ${options.expireInSeconds} s`)),
          options.expireInSeconds * 1000,
        );
      });
      await Promise.race([
        handler({
          id: entry.id,
          name: entry.name,
          data: entry.data,
          retryCount: entry.retryCount,
          retryLimit: options.retryLimit,
        }),
        expired,
      ]);
      entry.state = 'completed';
    } catch (error) {
      this.log.error(`Job ${entry.name} ${entry.id} failed (attempt ${entry.retryCount + 1})`, error);
      if (entry.retryCount >= options.retryLimit) {
        entry.state = 'failed';
        return;
      }
      entry.state = 'retry';
      const factor = options.retryBackoff ? 2 ** entry.retryCount : 1;
      entry.retryCount += 1;
      this.enqueue(entry, options.retryDelaySeconds * 1000 * factor);
    } finally {
      clearTimeout(expiry);
    }
  }

  private planNext(name: string): void {
    const schedule = this.schedules.get(name);
    if (!schedule || this.state !== 'started') return;
    // the system clock, not ctx.clock: the wait is a real setTimeout (tests move both with fake timers)
    const next = cronParser.parseExpression(schedule.cron, { tz: 'UTC', currentDate: new Date() }).next().getTime();
    const wait = next - Date.now();
    schedule.timer = setTimeout(
      () => {
        schedule.timer = undefined;
        if (Date.now() < next) return this.planNext(name); // a slot beyond setTimeout's range: another step
        this.send(name, schedule.data).catch((error) => this.log.error(`Scheduled job ${name} not sent`, error));
        this.planNext(name);
      },
      Math.min(Math.max(wait, 0), MAX_TIMER_MS),
    ).unref();
  }

  private forgetOldEntries(): void {
    if (this.entries.size <= KEEP_FINISHED * 2) return;
    for (const [id, entry] of this.entries) {
      if (this.entries.size <= KEEP_FINISHED) break;
      if (entry.state === 'completed' || entry.state === 'failed') this.entries.delete(id);
    }
  }
}
