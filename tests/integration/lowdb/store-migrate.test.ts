import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../server/app';
import { MigrationRefusedError, migrateStore, verify } from '../../../server/store/migrate-store';
import { pgPoolClient } from '../../../server/store/pg/pg-pool-client';
import { pgliteClient } from '../../../server/store/pg/pglite-client';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import { createScratchDatabase, type ScratchDatabase, serverAnswers } from '../../support/scratch-database';
import { call, newDataDir, startTestServer, type TestServer, tokenFor } from '../support/harness';
import { published, ticketResource, ticketWorkflow } from '../support/resource-documents';

const TICKETS = '/wbe/api/resources/ticket';

/** What users see of the moved data: their tickets, a ticket's history, the admin's user list, a published document. */
async function snapshot(base: string) {
  const owner = await tokenFor(base, 'owner@demo.test');
  const admin = await tokenFor(base, 'admin@demo.test');
  const tickets = await call(base, 'GET', `${TICKETS}?sort=code`, { token: owner });
  const first = tickets.body.content.items[0].id;
  const history = await call(base, 'GET', `${TICKETS}/${first}/history`, { token: owner });
  const users = await call(base, 'GET', '/wbe/api/admin/users', { token: admin });
  const document = await call(base, 'GET', '/config/v1/documents/resource/ticket');
  return { tickets: tickets.body, history: history.body, users: users.body, document: document.body };
}

/**
 * The move command's own test: the source is always the embedded store (so it lives with the lowdb
 * tests, run once), the target a database of its own on the PostgreSQL server, or PGlite where none answers.
 */
describe('moving an embedded store into PostgreSQL (npm run store:migrate)', () => {
  let lowdbApp: TestServer;
  let database: ScratchDatabase | null = null;
  let pglite: PGlite | null = null;
  let sql: SqlClient;
  /** Another client on the same database, for an app that closes its own. */
  let client: () => SqlClient;
  let before: Awaited<ReturnType<typeof snapshot>>;
  let ownerToken = '';

  beforeAll(async () => {
    // a data directory written by the app: demo users, published documents, resource records and their history
    lowdbApp = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    const { base } = lowdbApp;
    const admin = await tokenFor(base, 'admin@demo.test');
    const owner = await tokenFor(base, 'owner@demo.test');
    ownerToken = owner;
    await published(base, admin, 'workflow', 'ticket-flow', ticketWorkflow());
    await published(base, admin, 'resource', 'ticket', ticketResource());
    for (const [index, title] of ['Card data in logs', 'Weak TLS on the portal', 'Default passwords'].entries()) {
      const created = await call(base, 'POST', TICKETS, {
        token: owner,
        body: { title, code: `MG-${index + 1}`, priority: 'high', points: index },
      });
      expect(created.status).toBe(201);
    }
    const first = (await call(base, 'GET', `${TICKETS}?sort=code`, { token: owner })).body.content.items[0];
    expect((await call(base, 'POST', `${TICKETS}/${first.id}/actions/close`, { token: owner })).status).toBe(200);
    before = await snapshot(base);
    expect(before.tickets.content.total).toBe(3);
    expect(before.history.content.length).toBe(2); // created, closed
    await lowdbApp.stopApp();

    if (await serverAnswers()) {
      const db = await createScratchDatabase('it_migrate');
      database = db;
      client = () => pgPoolClient(db.url, { max: 3 });
    } else {
      const db = await PGlite.create();
      pglite = db;
      client = () => pgliteClient(db, { closeWith: false });
    }
    sql = client();
  });

  afterAll(async () => {
    await sql?.close();
    await database?.drop();
    await pglite?.close();
    await lowdbApp?.close();
  });

  it('copies every collection and finds the same count and checksum on both sides', async () => {
    const report = await migrateStore({ dataDir: lowdbApp.dataDir, sql });
    expect(report.collections.filter((check) => !check.ok)).toEqual([]);
    expect(report.ok).toBe(true);
    const byName = new Map(report.collections.map((check) => [check.name, check]));
    for (const name of ['users', 'documents', 'auditLog', 'res.ticket', 'hist.ticket']) {
      const file = JSON.parse(await readFile(join(lowdbApp.dataDir, `${name}.json`), 'utf8')) as unknown[];
      expect(file.length, name).toBeGreaterThan(0);
      expect(byName.get(name)?.target.count, name).toBe(file.length);
      expect(byName.get(name)?.target.checksum, name).toBe(byName.get(name)?.source.checksum);
    }
    expect(byName.get('res.ticket')?.source.count).toBe(3);
    expect(report.secret).toBe('copied');
    const key = (await readFile(join(lowdbApp.dataDir, 'secret.key'), 'utf8')).trim();
    const { rows: secrets } = await sql.query<{ value: string }>("select value from secrets where name = 'jwt'");
    expect(secrets).toEqual([{ value: key }]);
    const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from records');
    expect(rows[0].n).toBe(report.collections.reduce((sum, check) => sum + check.source.count, 0));
  });

  it('serves the same data from an app started on the database', async () => {
    const { listener, close, store } = await createApp({
      dataDir: await newDataDir(),
      sql: client(),
      smtp: null,
      log: { info: () => {}, warn: () => {}, error: () => {} },
    });
    const server: Server = await new Promise((resolve) => {
      const listening = createServer(listener).listen(0, '127.0.0.1', () => resolve(listening));
    });
    try {
      expect(store.engine).toBe('postgres');
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect(await snapshot(base)).toEqual(before);
      // the key moved with the data: a session signed by the embedded app is still valid (the app's own data dir has no key)
      const me = await call(base, 'GET', '/iam/api/me', { token: ownerToken });
      expect(me.status).toBe(200);
      expect(me.body.content.user.email).toBe('owner@demo.test');
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await close();
    }
  }, 90000);

  it('refuses a second run into the now non-empty database and writes nothing', async () => {
    const { rows: counted } = await sql.query<{ n: number }>('select count(*)::int as n from records');
    await expect(migrateStore({ dataDir: lowdbApp.dataDir, sql })).rejects.toThrow(MigrationRefusedError);
    const { rows } = await sql.query<{ n: number }>('select count(*)::int as n from records');
    expect(rows[0].n).toBe(counted[0].n);
  });

  it('the command exits 2 with the reason when it refuses', async () => {
    const run = promisify(execFile)(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/store-migrate.ts',
        '--data',
        join(lowdbApp.dataDir, 'nope'),
        '--database',
        database?.url ?? 'postgres://127.0.0.1:1/none',
      ],
      { cwd: process.cwd() },
    );
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Refused: No data directory') });
  });

  it('detects a changed record, a missing one, a changed doc and an extra collection', async () => {
    expect((await verify({ dataDir: lowdbApp.dataDir, sql })).filter((check) => !check.ok)).toEqual([]);
    const firstOf = (collection: string) =>
      `collection = '${collection}' and id = (select min(id) from records where collection = '${collection}')`;
    await sql.query(
      `update records set data = jsonb_set(data, '{title}', '"tampered"'), doc = jsonb_set(data, '{title}', '"tampered"')::json where ${firstOf('res.ticket')}`,
    );
    await sql.query(`delete from records where ${firstOf('users')}`);
    // only the column reads return: list queries would still see the true record
    await sql.query(`update records set doc = '{"id":"x"}' where ${firstOf('hist.ticket')}`);
    await sql.query(`insert into records (collection, id, data) values ('res.stray', 'x', '{"id":"x"}')`);
    const bad = (await verify({ dataDir: lowdbApp.dataDir, sql })).filter((check) => !check.ok);
    expect(Object.fromEntries(bad.map((check) => [check.name, check.problems]))).toEqual({
      'res.ticket': ['checksum'],
      users: ['count', 'checksum'],
      'hist.ticket': ['doc differs from data'],
      'res.stray': ['not in the data directory', 'count', 'checksum'],
    });
  });
});
