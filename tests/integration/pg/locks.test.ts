import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '../../../core/query/query.types';
import { openPgStore } from '../../../server/store/pg/pg-store';
import type { AuditLogRecord, MailLogRecord, UserRecord } from '../../../server/store/records.types';
import type { Store, StoredRecord } from '../../../server/store/store.types';
import {
  type TestServer,
  call,
  linkIn,
  login,
  newDataDir,
  openTestSql,
  startTestServer,
  tokenFor,
} from '../support/harness';
import { published, ticketResource, ticketWorkflow } from '../support/resource-documents';
import { dropRedisPrefix, TEST_REDIS_URL, uniqueRedisPrefix } from '../support/redis';

const SHELL = '/config/v1/documents/shell-settings/app';
const TICKETS = '/wbe/api/resources/ticket';

/**
 * Issue 7, check-then-write across instances (Store.withLock): two apps over one PostgreSQL database
 * race each other's requests. On a server each instance holds the lock through its own connections;
 * on PGlite (one process) the two stores share one session and its in-process locks.
 */
describe('check-then-write steps raced on two instances', () => {
  let a: TestServer;
  let b: TestServer;
  const prefix = uniqueRedisPrefix();
  /** The instance for the i-th of several raced requests: they alternate. */
  const on = (i: number) => (i % 2 === 0 ? a : b).base;

  beforeAll(async () => {
    const dataDir = await newDataDir();
    // both with an SMTP sink of their own: a mail job runs on whichever instance takes it
    const shared = {
      dataDir,
      redisUrl: TEST_REDIS_URL,
      redisPrefix: prefix,
      loginRateLimit: 100,
      rateLimits: { signUp: 100 },
    } as const;
    [a, b] = await Promise.all([startTestServer(shared), startTestServer(shared)]);
  });
  afterAll(async () => {
    await b?.stopApp();
    await a?.close();
    await b?.mailbox().stop();
    await dropRedisPrefix(prefix);
  });

  it('gives concurrent drafts distinct consecutive versions, and leaves one of their publishes published', async () => {
    const admin = await tokenFor(a.base, 'admin@demo.test');
    const seed = JSON.parse(await readFile(join('schemas', 'app', 'shell-settings.json'), 'utf8'));
    const runs = 6;
    const answers = await Promise.all(
      Array.from({ length: runs }, async (_, i) => {
        const body = { ...seed.body, navbar: { ...seed.body.navbar, width: 300 + i } };
        const draft = await call(on(i), 'POST', `${SHELL}/drafts`, { token: admin, body: { body } });
        if (draft.status !== 201) return { draft, publish: null };
        const path = `${SHELL}/versions/${draft.body.version}/publish`;
        return { draft, publish: await call(on(i + 1), 'POST', path, { token: admin }) };
      }),
    );
    expect(answers.map(({ draft }) => draft.status)).toEqual(Array(runs).fill(201));
    expect(answers.map(({ publish }) => publish?.status)).toEqual(Array(runs).fill(200));
    const versions = answers.map(({ draft }) => draft.body.version as number).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: runs }, (_, i) => versions[0] + i));

    const all = await call(b.base, 'GET', `${SHELL}/versions`, { token: admin });
    const statuses = all.body.content.filter((meta: { version: number }) => versions.includes(meta.version));
    expect(statuses.filter((meta: { status: string }) => meta.status === 'published')).toHaveLength(1);
    expect(statuses.filter((meta: { status: string }) => meta.status === 'retired')).toHaveLength(runs - 1);
    // each publish retired the version published before it: no version retired twice, none skipped
    const { items } = await a.store.query<AuditLogRecord>('auditLog', {
      filter: {
        and: [
          { field: 'action', op: 'eq', value: 'publish' },
          { field: 'kind', op: 'eq', value: 'shell-settings' },
        ],
      },
      sort: [],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    const raced = items.filter((entry) => versions.includes(entry.version));
    const retired = raced.map((entry) => entry.retiredVersion);
    expect(new Set(retired).size).toBe(runs);
    const latest = statuses.find((meta: { status: string }) => meta.status === 'published').version;
    expect(retired).not.toContain(latest);
  });

  it('spends a password-reset link once when it is used on both instances at once', async () => {
    const email = 'assessee@demo.test';
    const requested = await call(a.base, 'POST', '/iam/api/auth/forgot-password', { body: { email } });
    expect(requested.status).toBe(200);
    const mail = await Promise.any([a.mailbox().waitFor(email), b.mailbox().waitFor(email)]);
    const token = linkIn(mail.text, '/reset-password?token=').searchParams.get('token') as string;

    const tries = Array.from({ length: 6 }, (_, i) =>
      call(on(i), 'POST', '/iam/api/auth/reset-password', {
        body: { token, password: `Raced-Pass${i}!`, password_confirm: `Raced-Pass${i}!` },
      }),
    );
    const answers = await Promise.all(tries);
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [i] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 'resetFailed')).toHaveLength(5);
    // the one password that took is the winner's
    expect((await login(b.base, email, `Raced-Pass${winners[0]}!`)).status).toBe(200);
  });

  it('answers one 201 and one 409 to the same unique value created on both instances at once', async () => {
    const admin = await tokenFor(a.base, 'admin@demo.test');
    await published(a.base, admin, 'workflow', 'ticket-flow', ticketWorkflow());
    await published(a.base, admin, 'resource', 'ticket', ticketResource());
    const owner = await tokenFor(a.base, 'owner@demo.test');
    const assessor = await tokenFor(b.base, 'assessor@demo.test');

    const codes = ['RC-1', 'RC-2', 'RC-3', 'RC-4', 'RC-5'];
    const raced = await Promise.all(
      codes.map((code) =>
        Promise.all([
          call(a.base, 'POST', TICKETS, { token: owner, body: { title: 'From a', code } }),
          // the same organisation (org-demo-vendor), case folded as the unique check folds it
          call(b.base, 'POST', TICKETS, { token: assessor, body: { title: 'From b', code: code.toLowerCase() } }),
        ]),
      ),
    );
    for (const pair of raced) {
      expect(pair.map((answer) => answer.status).sort()).toEqual([201, 409]);
      expect(pair.find((answer) => answer.status === 409)?.body.code).toBe('alreadyExists');
    }
    const listed = await call(b.base, 'GET', `${TICKETS}?pageSize=100`, { token: owner });
    expect(listed.body.content.total).toBe(codes.length);
  });

  it('makes one account of an address signed up on both instances at once', async () => {
    const email = 'raced.signup@example.com';
    const body = {
      email,
      name: 'Raced Sign-up',
      company: 'Raced Ltd',
      password: 'Strong-Pass1',
      password_confirm: 'Strong-Pass1',
      using_conditions: true,
      phone: '905551112233',
      saq: true,
    };
    const runs = 8;
    const answers = await Promise.all(
      Array.from({ length: runs }, (_, i) => call(on(i), 'POST', '/iam/api/auth/register', { body })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(runs).fill(201));
    // each sign-up ends in one mail log (a verification, or 'someone tried'): wait for all of them
    const mails = async () =>
      (await a.store.collection<MailLogRecord>('mailLogs').find((log) => log.to === email)).map((log) => log.subject);
    let subjects = await mails();
    for (let waited = 0; subjects.length < runs && waited < 400; waited++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      subjects = await mails();
    }
    expect(subjects.sort()).toEqual([
      'Confirm your e-mail address',
      ...Array(runs - 1).fill('Someone tried to register with your e-mail address'),
    ]);
    const users = await a.store.collection<UserRecord>('users').find((user) => user.email === email);
    expect(users).toHaveLength(1);
  });
});

interface Counter extends StoredRecord {
  count: number;
}

describe('Store.withLock on two stores over one database', () => {
  let stores: Store[] = [];
  let dispose = async () => {};

  beforeAll(async () => {
    const sql = await openTestSql();
    dispose = sql.dispose;
    // one after the other: both apply the same migrations
    stores = [await openPgStore(sql.client()), await openPgStore(sql.client())];
    await stores[0].collection<Counter>('errorReports').insert({ id: 'counter', count: 0 });
  });
  afterAll(async () => {
    for (const store of stores) await store.close();
    await dispose();
  });

  /** Read, yield, write under the lock: unlocked, racers would read one count and lose increments. */
  const increment = (store: Store) =>
    store.withLock('counter', async () => {
      const counters = store.collection<Counter>('errorReports');
      const { count } = (await counters.get('counter')) as Counter;
      await new Promise((resolve) => setImmediate(resolve));
      await counters.update('counter', { count: count + 1 });
    });

  it('loses no increment of a read-then-write raced on both stores', async () => {
    await Promise.all(Array.from({ length: 20 }, (_, i) => increment(stores[i % 2])));
    expect((await stores[1].collection<Counter>('errorReports').get('counter'))?.count).toBe(20);
  });

  it('holds a lock taken inside a transaction until that transaction ends', async () => {
    const [one, other] = stores;
    const before = ((await one.collection<Counter>('errorReports').get('counter')) as Counter).count;
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let incremented = () => {};
    const inner = new Promise<void>((resolve) => (incremented = resolve));
    // the increment is written in the transaction, which stays open (uncommitted) after the locked work
    const transaction = one.transaction(async () => {
      await increment(one);
      incremented();
      await gate;
    });
    await inner;
    // the other store's increment must read the committed count, so wait for the transaction's end
    const racer = increment(other);
    await new Promise((resolve) => setTimeout(resolve, 100));
    open();
    await Promise.all([transaction, racer]);
    expect((await other.collection<Counter>('errorReports').get('counter'))?.count).toBe(before + 2);
  });
});
