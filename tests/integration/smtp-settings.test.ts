import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailLogRecord, UserRecord } from '../../server/store/records.types';
import { call, startTestServer, type TestServer, tokenFor } from './support/harness';
import { type SmtpSink, start as startSink } from './support/smtp-sink';

const PATH = '/wbe/api/admin/smtp-settings';
const CREDENTIALS = { user: 'mailer', pass: 'S3cret-smtp-pass' };

/**
 * Administration → SMTP settings against real SMTP servers: the environment's sink (SMTP_HOST/PORT
 * of the harness) and a second sink that takes mail only with its user name and password.
 */
describe('SMTP settings the mailer reads', () => {
  let server: TestServer;
  let saved: SmtpSink;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
    saved = await startSink({ auth: CREDENTIALS });
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(async () => {
    await server.close();
    await saved.stop();
  });

  const settings = (body: Record<string, unknown>) => call(server.base, 'PUT', PATH, { token: admin, body });
  const testMail = () => call(server.base, 'POST', `${PATH}/test`, { token: admin, body: {} });

  it("shows the environment's server until settings are saved", async () => {
    const answer = await call(server.base, 'GET', PATH, { token: admin });
    expect(answer.status).toBe(200);
    expect(answer.body.content).toEqual({
      source: 'environment',
      host: '127.0.0.1',
      port: server.mailbox().port,
      passwordSet: false,
    });
  });

  it('delivers the test mail and every later mail through the saved server, with the saved password', async () => {
    const put = await settings({ host: '127.0.0.1', port: saved.port, ...CREDENTIALS, from: 'alerts@paysec.test' });
    expect(put.status).toBe(200);
    expect(put.body.content).toMatchObject({ source: 'stored', port: saved.port, user: 'mailer', passwordSet: true });
    const read = await call(server.base, 'GET', PATH, { token: admin });
    // write-only: no answer carries the password
    expect(JSON.stringify(put.body)).not.toContain(CREDENTIALS.pass);
    expect(JSON.stringify(read.body)).not.toContain(CREDENTIALS.pass);

    const sent = await testMail();
    expect(sent.status).toBe(200);
    expect(sent.body.content).toMatchObject({ status: 'sent', to: 'admin@demo.test' });
    const mail = await saved.waitFor('admin@demo.test');
    expect(mail.subject).toBe('PaySec test mail');
    expect(mail.from).toBe('alerts@paysec.test');
    expect(mail.authUser).toBe('mailer');
    expect(server.mailbox().messages.filter((m) => m.to.includes('admin@demo.test'))).toEqual([]);

    // an ordinary mail (queued, delivered by the job) takes the saved server too
    const [merchant] = await server.store
      .collection<UserRecord>('users')
      .find((user) => user.email === 'merchant@demo.test');
    const note = { subject: 'About your SAQ', body: 'Please finish it this week.' };
    const queued = await call(server.base, 'POST', `/wbe/api/admin/users/${merchant.id}/email`, {
      token: admin,
      body: note,
    });
    expect(queued.status).toBe(200);
    await server.settled();
    expect((await saved.waitFor('merchant@demo.test')).subject).toBe(note.subject);
    expect(server.mailbox().messages.some((m) => m.to.includes('merchant@demo.test'))).toBe(false);
  });

  it('keeps the saved password when the form leaves it empty; a wrong one fails the test mail (422)', async () => {
    const kept = await settings({ host: '127.0.0.1', port: saved.port, user: 'mailer', from: 'alerts@paysec.test' });
    expect(kept.body.content.passwordSet).toBe(true);
    expect((await testMail()).status).toBe(200);

    expect((await settings({ host: '127.0.0.1', port: saved.port, user: 'mailer', pass: 'wrong' })).status).toBe(200);
    const refused = await testMail();
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('smtpTestFailed');
    const logs = await server.store.collection<MailLogRecord>('mailLogs').all();
    expect(logs.at(-1)).toMatchObject({ to: 'admin@demo.test', status: 'failed' });

    // a new user name without a password keeps none
    const other = await settings({ host: '127.0.0.1', port: saved.port, user: 'someone-else' });
    expect(other.body.content.passwordSet).toBe(false);
  });

  it('refuses malformed settings (400) and what the form document refuses (422)', async () => {
    expect((await settings({ host: '127.0.0.1', port: 'x' })).status).toBe(400);
    expect((await settings({ host: ['a'], port: 25 })).status).toBe(400);
    const invalid = await settings({ host: 'bad host!', port: 70_000, from: 'not an address' });
    expect(invalid.status).toBe(422);
    expect(invalid.body.code).toBe('validationFailed');
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['from', 'host', 'port']);
    const missing = await settings({});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toMatchObject({ host: 'validation.required', port: 'validation.required' });
    expect((await settings({ host: 'smtp.example.test', port: 25, extra: 1 })).status).toBe(422);
    expect((await call(server.base, 'GET', `${PATH}?reveal=pass`, { token: admin })).status).toBe(400);
  });

  it("forgets the saved settings: the environment's server applies again", async () => {
    const cleared = await call(server.base, 'DELETE', PATH, { token: admin });
    expect(cleared.status).toBe(200);
    expect(cleared.body.content.source).toBe('environment');
    const before = saved.messages.length;
    expect((await testMail()).status).toBe(200);
    await server.mailbox().waitFor('admin@demo.test', { match: (m) => m.subject === 'PaySec test mail' });
    expect(saved.messages.length).toBe(before);
  });

  it("answers 409 smtpNotConfigured with no SMTP server at all, in the request's language", async () => {
    const bare = await startTestServer({ withSmtp: false });
    try {
      const token = await tokenFor(bare.base, 'admin@demo.test');
      expect((await call(bare.base, 'GET', PATH, { token })).body.content).toEqual({
        source: 'none',
        passwordSet: false,
      });
      const answer = await call(bare.base, 'POST', `${PATH}/test`, {
        token,
        body: {},
        headers: { 'accept-language': 'tr' },
      });
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('smtpNotConfigured');
      expect(answer.body.message).toMatch(/SMTP sunucusu/);
    } finally {
      await bare.close();
    }
  });
});
