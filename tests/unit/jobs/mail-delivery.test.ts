import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../../server/context';
import { InProcessJobs } from '../../../server/jobs/in-process-jobs';
import { Mailer } from '../../../server/mail/mailer';
import { LinkTokens } from '../../../server/services/link-tokens';
import { openLowdbStore } from '../../../server/store/lowdb-store';
import type { MailLogRecord, TokenRecord } from '../../../server/store/records.types';
import type { Store } from '../../../server/store/store.types';

/** An SMTP server that refuses the first `refusals` recipients (a 451, as a busy relay does), then accepts. */
async function flakySmtp(refusals: number) {
  let refused = 0;
  const received: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refused < refusals) {
        refused += 1;
        const error = Object.assign(new Error('try again later'), { responseCode: 451 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo[0].address);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mail = { to: 'owner@demo.test', subject: 'Hello', text: 'Hi', html: '<p>Hi</p>' };
const quiet = { error: () => {} };

describe('mail delivery through jobs', () => {
  let dir: string;
  let store: Store;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'paysec-jobs-'));
    store = await openLowdbStore(dir);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function mailerFor(port: number, retryLimit: number) {
    const jobs = new InProcessJobs(quiet);
    const errors: string[] = [];
    const mailer = new Mailer(store, { host: '127.0.0.1', port }, (message) => errors.push(message), jobs, {
      retryLimit,
      retryDelaySeconds: 0.02,
      retryBackoff: false,
    });
    await mailer.define();
    await jobs.start();
    return { jobs, mailer, errors };
  }

  const logOf = (id: string) => store.collection<MailLogRecord>('mailLogs').get(id);

  /** Waits through the retries (each waits a short timer, so settled() alone returns between them). */
  async function deliveredOrFailed(jobs: InProcessJobs, id: string) {
    while ((await logOf(id))?.status === 'queued') {
      await jobs.settled();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it('logs the mail as queued, retries SMTP refusals, then logs it sent', async () => {
    const smtp = await flakySmtp(2);
    const { jobs, mailer, errors } = await mailerFor(smtp.port, 3);
    const queued = await mailer.send(mail);
    expect(queued.status).toBe('queued');
    await deliveredOrFailed(jobs, queued.id);
    expect(await logOf(queued.id)).toMatchObject({ status: 'sent', attempts: 3 });
    expect(smtp.received).toEqual(['owner@demo.test']);
    expect(errors).toEqual([]);
    await jobs.stop();
    await mailer.close();
    await smtp.stop();
  });

  it('logs the mail failed with the last error once the retries are spent', async () => {
    const smtp = await flakySmtp(10);
    const { jobs, mailer, errors } = await mailerFor(smtp.port, 1);
    const queued = await mailer.send(mail);
    await deliveredOrFailed(jobs, queued.id);
    const log = await logOf(queued.id);
    expect(log).toMatchObject({ status: 'failed', attempts: 2 });
    expect(log?.error).toContain('try again later');
    expect(smtp.received).toEqual([]);
    expect(errors).toEqual(['Mail to owner@demo.test failed after 2 attempts']);
    await jobs.stop();
    await mailer.close();
    await smtp.stop();
  });

  it('logs the mail as logged only when no SMTP server is configured', async () => {
    const jobs = new InProcessJobs(quiet);
    const mailer = new Mailer(store, null, () => {}, jobs);
    await mailer.define();
    await jobs.start();
    const queued = await mailer.send(mail);
    await jobs.settled();
    expect((await logOf(queued.id))?.status).toBe('logged');
    await jobs.stop();
  });
});

describe('purging spent link tokens', () => {
  it('removes used and expired tokens and keeps the open ones', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'paysec-jobs-'));
    const store = await openLowdbStore(dir);
    try {
      const ctx = { store, clock: () => new Date() } as AppContext;
      const links = new LinkTokens(ctx);
      const open = await links.issue('reset', 'u1', 60_000);
      const used = await links.issue('verify', 'u1', 60_000);
      expect(await links.consume('verify', used)).toBe('u1');
      await links.issue('reset', 'u2', -1); // expired at once
      expect(await links.purgeSpent()).toBe(2);
      const left = await store.collection<TokenRecord>('tokens').all();
      expect(left.map((token) => token.userId)).toEqual(['u1']);
      expect(await links.consume('reset', open)).toBe('u1');
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
