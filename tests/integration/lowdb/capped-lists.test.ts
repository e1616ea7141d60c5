/**
 * A list total beyond COUNT_CAP over real HTTP (docs/gateway/README.md 'The query contract'): the endpoints pass
 * `totalCapped` through, a narrow filter still counts exactly, and the dashboard's user count says
 * "more". The records are written into the data directory between two starts (10,000 inserts one by
 * one would rewrite the collection file each time).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP } from '../../../core/query/query.types';
import { runQuery } from '../../../core/query/run-query';
import type { UserRecord } from '../../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from '../support/harness';

const EXTRA = COUNT_CAP + 5;

describe('list totals beyond the count cap', () => {
  let server: TestServer;
  let admin: string;
  const list = (path: string, params: Record<string, string> = {}) =>
    call(server.base, 'GET', `${path}?${new URLSearchParams(params)}`, { token: admin });

  beforeAll(async () => {
    const first = await startTestServer({ withSmtp: false });
    await first.stopApp();
    const usersFile = join(first.dataDir, 'users.json');
    const seeded = JSON.parse(await readFile(usersFile, 'utf8')) as UserRecord[];
    const pending = seeded.find((user) => user.email === 'pending@demo.test') as UserRecord;
    const bulk = Array.from({ length: EXTRA }, (_, i) => ({
      ...pending,
      id: `bulk-${String(i).padStart(6, '0')}`,
      email: `bulk${i}@bulk.test`,
    }));
    await writeFile(usersFile, JSON.stringify([...seeded, ...bulk]));
    const logs = Array.from({ length: EXTRA }, (_, i) => ({
      id: `log-${String(i).padStart(6, '0')}`,
      to: `bulk${i}@bulk.test`,
      subject: i === 0 ? 'only one' : 'bulk',
      text: '',
      html: '',
      status: 'logged',
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i)).toISOString(),
    }));
    await writeFile(join(first.dataDir, 'mailLogs.json'), JSON.stringify(logs));
    server = await startTestServer({ withSmtp: false, dataDir: first.dataDir, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
  }, 60_000);
  afterAll(() => server.close());

  it('answers total COUNT_CAP and totalCapped for the admin users, the page as asked, no secrets', async () => {
    const answer = await list('/wbe/api/admin/users', { sort: 'email', pageSize: '3', page: '2' });
    expect(answer.status).toBe(200);
    const { items, total, totalCapped } = answer.body.content;
    expect({ total, totalCapped }).toEqual({ total: COUNT_CAP, totalCapped: true });
    const every = await server.store.collection<UserRecord>('users').all();
    const expected = runQuery(every, { sort: [{ field: 'email', direction: 'asc' }], page: 2, pageSize: 3 });
    expect(items.map((user: { id: string }) => user.id)).toEqual(expected.items.map((user) => user.id));
    expect(JSON.stringify(answer.body)).not.toMatch(/passwordHash|secret/);
    const narrow = await list('/wbe/api/admin/users', {
      filter: JSON.stringify({ field: 'email', op: 'eq', value: 'admin@demo.test' }),
    });
    expect(narrow.body.content.total).toBe(1);
    expect('totalCapped' in narrow.body.content).toBe(false);
  });

  it('answers a capped total for the mail log, and an exact one for a narrow filter', async () => {
    const all = await list('/wbe/api/mail-logs', { pageSize: '10000', page: '2' });
    expect(all.body.content).toMatchObject({ total: COUNT_CAP, totalCapped: true });
    expect(all.body.content.items).toHaveLength(EXTRA - COUNT_CAP);
    const one = await list('/wbe/api/mail-logs', {
      filter: JSON.stringify({ field: 'subject', op: 'eq', value: 'only one' }),
    });
    expect(one.body.content).toEqual({ items: [expect.objectContaining({ id: 'log-000000' })], total: 1 });
  });

  it('gives the dashboard a capped count of users waiting for approval', async () => {
    const stats = await list('/wbe/api/dashboard/stats');
    expect(stats.status).toBe(200);
    expect(stats.body.content.users.pendingApproval).toBe(COUNT_CAP);
    expect(stats.body.content.users.pendingApprovalCapped).toBe(true);
    expect(stats.body.content.users.byStatus).toContainEqual({
      status: 'pendingApproval',
      count: COUNT_CAP,
      capped: true,
    });
  });
});
