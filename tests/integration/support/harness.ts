import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { Express } from 'express';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, createApp } from '../../../server/app';
import type { Store } from '../../../server/store/store.types';
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
  /** The SMTP sink; throws for a server started without one. */
  mailbox(): SmtpSink;
  /** Resolves once no background job runs here (a mail handed to a job is then delivered and logged). */
  settled(): Promise<void>;
  /** Stops the HTTP server and closes the app (data directory kept). */
  stopApp(): Promise<void>;
  /** stopApp, then the SMTP sink, then removes the data directory. */
  close(): Promise<void>;
}

const quietLog = { info: () => {}, warn: () => {}, error: () => {} };

export async function newDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'paysec-it-'));
}

/** createApp on port 0 over a fresh (or given) data directory, with a real SMTP sink. */
export async function startTestServer(options: Partial<AppOptions> & { withSmtp?: boolean } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await newDataDir());
  const sink = options.withSmtp === false ? null : await startSink();
  const { app, close, store, ctx } = await createApp({
    log: quietLog,
    ...options,
    dataDir,
    smtp: sink ? { host: '127.0.0.1', port: sink.port } : null,
    appUrl: 'http://app.test',
  });
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let stopped = false;
  const stopApp = async () => {
    if (stopped) return;
    stopped = true;
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
    settled: () => ctx.jobs.settled(),
    mailbox() {
      if (!sink) throw new Error('started without an SMTP sink');
      return sink;
    },
    stopApp,
    async close() {
      await stopApp();
      await sink?.stop();
      await rm(dataDir, { recursive: true, force: true });
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
