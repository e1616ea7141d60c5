import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface AppProcess {
  base: string;
  /** The server's process id (its memory can be read from /proc). */
  pid: number;
  stop(): Promise<void>;
}

/**
 * server/main.ts in a child process on `port` (production mode, its own data directory, removed on
 * stop): on the embedded store, or on PostgreSQL when `env` has DATABASE_URL. `files` are written
 * into the data directory first (collection files the embedded store reads at start).
 */
export async function startApp(
  port: number,
  options: { env?: Record<string, string>; files?: Record<string, string> } = {},
): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-app-'));
  for (const [name, text] of Object.entries(options.files ?? {})) fs.writeFileSync(path.join(dataDir, name), text);
  // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'server/main.ts'], {
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', ...options.env },
  });
  // shown only when the app does not start: requests cut off at the end of a run log errors too
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill();
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/config/v1/documents`)).ok) return { base, pid: child.pid as number, stop };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error(`the app on port ${port} did not start:\n${errors}`);
}

/** A demo user's token (admin by default). */
export async function signIn(base: string, username = 'admin@demo.test', password = 'Demo-Pass1'): Promise<string> {
  const res = await fetch(`${base}/iam/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
  });
  if (!res.ok) throw new Error(`sign-in on ${base}: ${res.status}`);
  return ((await res.json()) as { content: { token: string } }).content.token;
}

/** Creates a draft and publishes it through the config API, as an admin would. */
export async function publish(base: string, token: string, kind: string, id: string, body: unknown): Promise<void> {
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
  const draft = await fetch(`${base}/config/v1/documents/${kind}/${id}/drafts`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ body }),
  });
  const { version } = (await draft.json()) as { version: number };
  if (draft.status !== 201) throw new Error(`draft ${kind}/${id}: ${draft.status}`);
  const done = await fetch(`${base}/config/v1/documents/${kind}/${id}/versions/${version}/publish`, {
    method: 'POST',
    headers,
  });
  if (!done.ok) throw new Error(`publish ${kind}/${id}: ${done.status} ${await done.text()}`);
}

/**
 * Stops a child process and waits for it to exit: the app folds its store's journals on the way
 * out, so its data directory is removed only after.
 */
export function stopProcess(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill();
  });
}
