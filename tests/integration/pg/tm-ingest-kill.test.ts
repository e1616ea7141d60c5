import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../../support/scratch-database';
import { call, tokenFor } from '../support/harness';

const PAN = '4111111111111111';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * The ingest's group commit on PostgreSQL (docs/domain/transaction-monitoring.md): a decision is
 * answered only once its group's INSERT is committed, so a server killed mid-stream (SIGKILL: no
 * shutdown, nothing flushed) has stored every transaction it answered. A server of its own in a
 * child process over a database of its own, so it can be killed; it needs a PostgreSQL server.
 */
describe.runIf(inject('pgUrl'))('transaction ingest on PostgreSQL killed with SIGKILL', () => {
  it('loses no transaction whose decision was answered, with calls grouped', async () => {
    const database = await createScratchDatabase('tm_kill');
    const dataDir = await mkdtemp(join(tmpdir(), 'tm-kill-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const { REDIS_URL: _redis, ...env } = process.env;
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      stdio: ['ignore', 'ignore', 'ignore'],
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: database.url, DEMO_TRANSACTIONS: '0' },
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      for (let ready = false; !ready; await new Promise((resolve) => setTimeout(resolve, 200))) {
        if (child.exitCode !== null) throw new Error('the server did not start');
        ready = await fetch(`${base}/config/v1/documents`).then(
          (res) => res.ok,
          () => false,
        );
      }
      const token = await tokenFor(base, 'tm@demo.test');
      const created = await call(base, 'POST', '/wbe/api/transaction-monitoring/keys', {
        token,
        body: { name: 'Kill' },
      });
      const key = created.body.content.key as string;

      // ten callers at once, so calls share groups; the server is killed once 150 were answered
      const answered: string[] = [];
      let sent = 0;
      const caller = async () => {
        while (!child.killed) {
          const body = { transactionId: `k${sent++}`, merchantId: 'm-1', pan: PAN, amount: 10, currency: 'EUR' };
          const res = await fetch(`${base}/tm/api/v1/transactions`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-api-key': key },
            body: JSON.stringify(body),
          }).catch(() => null);
          const answer = res?.status === 201 ? await res.json().catch(() => null) : null;
          if (!answer) continue;
          answered.push((answer as { content: { id: string } }).content.id);
          if (answered.length === 150) child.kill('SIGKILL');
        }
      };
      await Promise.all(Array.from({ length: 10 }, caller));
      await exited;

      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      const { rows } = await client.query<{ id: string }>(
        "SELECT id FROM records WHERE collection = 'tmTransactions' AND id = ANY($1::text[])",
        [answered],
      );
      await client.end();
      const stored = new Set(rows.map((row) => row.id));
      expect(answered.length).toBeGreaterThanOrEqual(150);
      expect(answered.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
      await database.drop();
    }
  }, 180_000);
});
