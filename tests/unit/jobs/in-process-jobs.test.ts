import { describe, expect, it, vi } from 'vitest';
import { InProcessJobs } from '../../../server/jobs/in-process-jobs';
import type { Job, JobStatus } from '../../../server/jobs/jobs.types';

const quiet = { error: () => {} };

/** Polls until `check` answers true (fails the test after `ms`). */
async function until(check: () => Promise<boolean> | boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const finished = (status: JobStatus | null) => status?.state === 'completed' || status?.state === 'failed';

describe('InProcessJobs', () => {
  it('retries a failing job with its backoff, then completes it', async () => {
    vi.useFakeTimers();
    try {
      const jobs = new InProcessJobs(quiet);
      const attempts: number[] = [];
      await jobs.define<{ n: number }>(
        'flaky',
        async (job) => {
          attempts.push(job.retryCount);
          if (attempts.length < 3) throw new Error('not yet');
        },
        { retryLimit: 3, retryDelaySeconds: 1, retryBackoff: true },
      );
      await jobs.start();
      const id = await jobs.send('flaky', { n: 1 });
      await vi.advanceTimersByTimeAsync(0);
      expect(attempts).toEqual([0]);
      // first retry 1 s later, the second 2 s after that (the wait doubles)
      await vi.advanceTimersByTimeAsync(999);
      expect(attempts).toEqual([0]);
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toEqual([0, 1]);
      await vi.advanceTimersByTimeAsync(1999);
      expect(attempts).toEqual([0, 1]);
      expect((await jobs.status('flaky', id))?.state).toBe('retry');
      await vi.advanceTimersByTimeAsync(1);
      expect(attempts).toEqual([0, 1, 2]);
      expect(await jobs.status('flaky', id)).toEqual({ id, name: 'flaky', state: 'completed', retryCount: 2 });
      await jobs.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('runs a job sent 30 days ahead then, not at once (beyond setTimeout’s range)', async () => {
    vi.useFakeTimers();
    try {
      const jobs = new InProcessJobs(quiet);
      const ran: string[] = [];
      await jobs.define<{ id: string }>('later', async (job) => {
        ran.push(job.data.id);
      });
      await jobs.start();
      const days30 = 30 * 24 * 60 * 60;
      const id = await jobs.send('later', { id: 'onboarding' }, { startAfterSeconds: days30 });
      await vi.advanceTimersByTimeAsync(60_000);
      expect(ran).toEqual([]);
      expect((await jobs.status('later', id))?.state).toBe('created');
      await vi.advanceTimersByTimeAsync(days30 * 1000 - 60_001);
      expect(ran).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(ran).toEqual(['onboarding']);
      await jobs.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('marks a job failed once its retries are spent, and tells the last attempt it is the last', async () => {
    const errors: string[] = [];
    const jobs = new InProcessJobs({ error: (message) => errors.push(message) });
    const seen: Pick<Job<object>, 'retryCount' | 'retryLimit'>[] = [];
    await jobs.define(
      'doomed',
      async ({ retryCount, retryLimit }) => {
        seen.push({ retryCount, retryLimit });
        throw new Error('always');
      },
      { retryLimit: 2, retryDelaySeconds: 0 },
    );
    await jobs.start();
    const id = await jobs.send('doomed', {});
    await until(async () => finished(await jobs.status('doomed', id)));
    expect(await jobs.status('doomed', id)).toMatchObject({ state: 'failed', retryCount: 2 });
    expect(seen).toEqual([
      { retryCount: 0, retryLimit: 2 },
      { retryCount: 1, retryLimit: 2 },
      { retryCount: 2, retryLimit: 2 },
    ]);
    expect(errors).toHaveLength(3);
    await jobs.stop();
  });

  it('fails an attempt that outlives its expiry and retries it', async () => {
    const jobs = new InProcessJobs(quiet);
    let calls = 0;
    await jobs.define(
      'hangs-once',
      async () => {
        calls += 1;
        if (calls === 1) await new Promise(() => {}); // never settles, like a lost connection
      },
      { retryLimit: 1, retryDelaySeconds: 0, expireInSeconds: 0.1 },
    );
    await jobs.start();
    const id = await jobs.send('hangs-once', {});
    await until(async () => finished(await jobs.status('hangs-once', id)));
    expect(await jobs.status('hangs-once', id)).toMatchObject({ state: 'completed', retryCount: 1 });
    await jobs.stop();
  });

  it('holds jobs sent before start() and runs them at start', async () => {
    const jobs = new InProcessJobs(quiet);
    const ran: number[] = [];
    await jobs.define<{ n: number }>('early', async (job) => void ran.push(job.data.n));
    const id = await jobs.send('early', { n: 7 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(ran).toEqual([]);
    await jobs.start();
    await jobs.settled();
    expect(ran).toEqual([7]);
    expect((await jobs.status('early', id))?.state).toBe('completed');
    await jobs.stop();
  });

  it('stop() lets a running handler finish, then takes no more work', async () => {
    const jobs = new InProcessJobs(quiet);
    let release: () => void = () => {};
    let started = false;
    let done = false;
    await jobs.define('slow', async () => {
      started = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      done = true;
    });
    await jobs.start();
    const id = await jobs.send('slow', {});
    await until(() => started);
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(done).toBe(true);
    expect((await jobs.status('slow', id))?.state).toBe('completed');
    await expect(jobs.send('slow', {})).rejects.toThrow(/stopped/);
  });

  it('a stop without grace does not wait for a running handler', async () => {
    const jobs = new InProcessJobs(quiet);
    let started = false;
    await jobs.define('stuck', async () => {
      started = true;
      await new Promise(() => {});
    });
    await jobs.start();
    await jobs.send('stuck', {});
    await until(() => started);
    await jobs.stop({ graceful: false });
    expect(started).toBe(true);
  });

  it('fires a cron schedule at each slot with its data, and not after stop', async () => {
    vi.useFakeTimers({ now: new Date('2030-01-01T10:00:00.000Z') });
    try {
      const jobs = new InProcessJobs(quiet);
      const fired: string[] = [];
      await jobs.define<{ tag: string }>(
        'tick',
        async (job) => void fired.push(`${job.data.tag} ${new Date().toISOString()}`),
      );
      await jobs.schedule('tick', '*/15 * * * *', { tag: 'quarter' });
      await jobs.start();
      await vi.advanceTimersByTimeAsync(15 * 60_000 - 1);
      expect(fired).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await vi.advanceTimersByTimeAsync(15 * 60_000);
      expect(fired).toEqual(['quarter 2030-01-01T10:15:00.000Z', 'quarter 2030-01-01T10:30:00.000Z']);
      await jobs.stop();
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      expect(fired).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('refuses unknown job names and bad cron expressions', async () => {
    const jobs = new InProcessJobs(quiet);
    await expect(jobs.send('nobody', {})).rejects.toThrow(/No job named nobody/);
    await jobs.define('known', async () => {});
    await expect(jobs.schedule('known', 'not a cron')).rejects.toThrow();
    await jobs.stop();
  });
});
