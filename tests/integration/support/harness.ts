import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Express } from 'express';
import pg from 'pg';
import { inject } from 'vitest';
import { type AppOptions, createApp } from '../../../server/app';
import type { EventBus } from '../../../server/scale/event-bus';
import type { AppContext } from '../../../server/context';
import { openLowdbStore } from '../../../server/store/lowdb-store';
import { pgPoolClient } from '../../../server/store/pg/pg-pool-client';
import { openPgStore } from '../../../server/store/pg/pg-store';
import { pgliteClient } from '../../../server/store/pg/pglite-client';
import type { RealtimeServer } from '../../../server/realtime/realtime-server';
import type { SqlClient } from '../../../server/store/pg/sql-client';
import type { Store } from '../../../server/store/store.types';
import { stoppedClock, type TestClock, testClock } from '../../support/test-clock';
import { type SmtpSink, start as startSink } from './smtp-sink';

export const DEMO_PASSWORD = 'Demo-Pass1';

export interface TestServer {
  base: string;
  dataDir: string;
  sink: SmtpSink | null;
  /** The app's store, for arranging states no endpoint creates (e.g. a revoked membership). */
  store: Store;
  /** The Express app itself (its routers are walked by the fuzz suite). */
  app: Express;
  /** The Pusher-protocol socket server, attached at `/app/:key` (ws://… on `base`). */
  realtime: RealtimeServer;
  /** The app's context, for calling a service function as other server code does. */
  ctx: AppContext;
  /** The app's event bus, to watch what it publishes (real-time events) in process. */
  bus: EventBus;
  /** The app's clock (ctx.clock): advance it instead of waiting for time to pass. */
  clock: TestClock;
  /** The SMTP sink; throws for a server started without one. */
  mailbox(): SmtpSink;
  /**
   * Resolves once the work after answers is done and no background job runs here (a mail handed to
   * a job is then delivered and logged).
   */
  settled(): Promise<void>;
  /** Stops the HTTP server and closes the app (data directory kept). */
  stopApp(): Promise<void>;
  /** stopApp, then the SMTP sink, then removes the data directory (and the test's schema or PGlite). */
  close(): Promise<void>;
  /** Makes the next store access fail under the running app: the data directory, or the records table, goes. */
  breakStorage(): Promise<void>;
}

/** 'lowdb' in the 'integration' project, 'postgres' in 'integration-pg' (vitest.config.ts). */
export const TEST_STORE: 'lowdb' | 'postgres' = process.env.TEST_STORE === 'postgres' ? 'postgres' : 'lowdb';

/** A test server's own PostgreSQL: a schema on the run's database, or a PGlite of its own. */
interface PgTarget {
  client(): SqlClient;
  /** Runs SQL outside the app (to break or inspect the store). */
  run(text: string): Promise<void>;
  drop(): Promise<void>;
}

async function onDatabase(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** By data directory, so a server restarted on the same directory finds the same database. */
const targets = new Map<string, Promise<PgTarget>>();

/** Memoized as a promise: servers started together on one directory (tests/integration/pg/) share it. */
function pgTargetFor(dataDir: string): Promise<PgTarget> {
  let target = targets.get(dataDir);
  if (!target) {
    target = newPgTarget();
    targets.set(dataDir, target);
  }
  return target;
}

async function newPgTarget(): Promise<PgTarget> {
  const url = inject('pgUrl');
  let target: PgTarget;
  if (url) {
    const schema = `it_${randomBytes(8).toString('hex')}`;
    await onDatabase(url, `CREATE SCHEMA ${schema}`);
    target = {
      client: () => pgPoolClient(url, { schema, max: 4 }),
      run: (text) => onDatabase(url, `SET search_path TO ${schema}; ${text}`),
      drop: () => onDatabase(url, `DROP SCHEMA IF EXISTS ${schema} CASCADE`),
    };
  } else {
    const template = inject('pgliteTemplate');
    if (!template) throw new Error('TEST_STORE=postgres needs tests/integration/support/pg-global-setup.ts');
    const db = new PGlite({ loadDataDir: new Blob([await readFile(template)]) });
    target = {
      client: () => pgliteClient(db, { closeWith: false }),
      run: async (text) => {
        await db.exec(text);
      },
      drop: () => db.close(),
    };
  }
  return target;
}

async function dropTarget(dataDir: string): Promise<void> {
  const target = targets.get(dataDir);
  targets.delete(dataDir);
  // a target that failed to come up has nothing to drop (and its error was thrown already)
  await (await target?.catch(() => undefined))?.drop();
}

/** A PostgreSQL database of its own (a schema, or a PGlite), for tests of the PostgreSQL side itself. */
export async function openTestSql(): Promise<{ client(): SqlClient; dispose(): Promise<void> }> {
  if (TEST_STORE !== 'postgres') throw new Error('openTestSql runs in the integration-pg project only');
  const dataDir = await newDataDir();
  const target = await pgTargetFor(dataDir);
  return {
    client: () => target.client(),
    async dispose() {
      await dropTarget(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A store of the project's adapter on its own data directory or database, for store-level tests. */
export async function openTestStore(): Promise<{ store: Store; dispose(): Promise<void> }> {
  const dataDir = await newDataDir();
  const store =
    TEST_STORE === 'postgres'
      ? await openPgStore((await pgTargetFor(dataDir)).client())
      : await openLowdbStore(dataDir);
  return {
    store,
    async dispose() {
      await store.close();
      await dropTarget(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

/** A clock the test passed in itself (and moves itself). */
function givenClock(now: () => Date): TestClock {
  return {
    now,
    advance() {
      throw new Error('this test server runs on the clock its test gave: move that one');
    },
  };
}

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'paysec-it-'));
}

/** createApp on port 0 over a fresh (or given) data directory, with a real SMTP sink. */
export async function startTestServer(
  options: Partial<AppOptions> & { withSmtp?: boolean; stoppedClock?: boolean } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const sink = options.withSmtp === false ? null : await startSink();
  const sql = TEST_STORE === 'postgres' ? (await pgTargetFor(dataDir)).client() : undefined;
  const clock = options.clock ? givenClock(options.clock) : options.stoppedClock ? stoppedClock() : testClock();
  const { app, listener, close, settled, store, ctx, realtime } = await createApp({
    log: quietLog,
    ...options,
    clock: clock.now,
    dataDir,
    sql,
    smtp: sink ? { host: '127.0.0.1', port: sink.port } : null,
    appUrl: 'http://app.test',
  }).catch(async (error: unknown) => {
    await sink?.stop();
    if (!options.dataDir) await dropTarget(dataDir);
    throw error;
  });
  const server: Server = await new Promise((resolve) => {
    const listening = createServer(listener).listen(0, '127.0.0.1', () => resolve(listening));
  });
  realtime.attach(server);
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let stopped = false;
  const stopApp = async () => {
    if (stopped) return;
    stopped = true;
    await realtime.close(); // open sockets would keep server.close waiting
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
  };
  return {
    base,
    dataDir,
    sink,
    store,
    app,
    realtime,
    ctx,
    bus: ctx.bus,
    clock,
    settled,
    mailbox() {
      if (!sink) throw new Error('started without an SMTP sink');
      return sink;
    },
    stopApp,
    async close() {
      await stopApp();
      await sink?.stop();
      await dropTarget(dataDir);
      await rm(dataDir, { recursive: true, force: true });
    },
    async breakStorage() {
      if (TEST_STORE === 'postgres') await (await pgTargetFor(dataDir)).run('DROP TABLE records');
      else await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type AnyJson = any;

export interface JsonAnswer<T = AnyJson> {
  status: number;
  headers: Headers;
  body: T;
}

/** fetch + JSON; `token` becomes a Bearer header, objects are sent as JSON. */
export async function call<T = AnyJson>(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string>; form?: Record<string, string> } = {},
): Promise<JsonAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  }
  const response = await fetch(base + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: tests assert on that
  }
  return { status: response.status, headers: response.headers, body: parsed as T };
}

/** POST /iam/api/login as form data, the way the client sends it. */
export function login(base: string, username: string, password = DEMO_PASSWORD, extra: Record<string, string> = {}) {
  return call(base, 'POST', '/iam/api/login', { form: { username, password, ...extra } });
}

/** A token for a demo user (fails the test when sign-in does not succeed). */
export async function tokenFor(base: string, email: string, extra: Record<string, string> = {}): Promise<string> {
  const answer = await login(base, email, DEMO_PASSWORD, extra);
  if (answer.status !== 200) throw new Error(`login ${email} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.content.token as string;
}

/** The first link in a mail's text whose path starts with `path`. */
export function linkIn(text: string, path: string): URL {
  const match = text.match(new RegExp(`https?://\\S*${path.replace(/[/?]/g, '\\$&')}\\S*`));
  if (!match) throw new Error(`no ${path} link in mail:\n${text}`);
  return new URL(match[0]);
}
