import { randomBytes } from 'node:crypto';
import { access, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { type TestServer, call, newDataDir, startTestServer, tokenFor } from '../support/harness';

/** Issue 7: on PostgreSQL without JWT_SECRET the signing key lives in the database, for every instance. */
describe('signing key on PostgreSQL', () => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await server.close();
  });

  it('adopts an existing secret.key on first start, keeps it in the database and writes no file', async () => {
    const dataDir = await newDataDir();
    const key = randomBytes(40).toString('base64url');
    await writeFile(join(dataDir, 'secret.key'), `${key}\n`);
    const first = await startTestServer({ dataDir, withSmtp: false });
    servers.push(first);
    const token = await tokenFor(first.base, 'merchant@demo.test');
    await expect(jwtVerify(token, new TextEncoder().encode(key))).resolves.toBeDefined();
    await first.stopApp();

    // a later start without the file (another machine) reads the key from the database
    await rm(join(dataDir, 'secret.key'));
    const elsewhere = await startTestServer({ dataDir, withSmtp: false });
    servers.push(elsewhere);
    expect((await call(elsewhere.base, 'GET', '/iam/api/me', { token })).status).toBe(200);
  });

  it('generates one when there is none, and JWT_SECRET still wins', async () => {
    const dataDir = await newDataDir();
    const generated = await startTestServer({ dataDir, withSmtp: false });
    servers.push(generated);
    const token = await tokenFor(generated.base, 'merchant@demo.test');
    await expect(access(join(dataDir, 'secret.key'))).rejects.toThrow(/ENOENT/);
    await generated.stopApp();
    const configured = await startTestServer({ dataDir, withSmtp: false, jwtSecret: 'x'.repeat(40) });
    servers.push(configured);
    expect((await call(configured.base, 'GET', '/iam/api/me', { token })).status).toBe(401);
    const own = await tokenFor(configured.base, 'merchant@demo.test');
    await expect(jwtVerify(own, new TextEncoder().encode('x'.repeat(40)))).resolves.toBeDefined();
  });
});
