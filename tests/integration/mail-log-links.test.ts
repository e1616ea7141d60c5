import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, linkIn, startTestServer, type TestServer, tokenFor } from './support/harness';

interface MailLog {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Issue 24 item 5: the mail log (mailLogs:view) showed live reset and verification links, so whoever
 * read it could take over the account. It shows the links with their tokens hidden; the mails
 * themselves still carry working links.
 */
describe('the mail log hides link tokens', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ loginRateLimit: 100 });
  });
  afterAll(() => server.close());

  it('shows reset and verification links without their tokens, which still work from the mail', async () => {
    const registered = await call(server.base, 'POST', '/iam/api/auth/register', {
      body: {
        email: 'masked@example.com',
        name: 'Masked Merchant',
        company: 'Masked Shop',
        password: 'Strong-Pass1',
        password_confirm: 'Strong-Pass1',
        using_conditions: true,
        commercial_consent: false,
        phone: '905551112233',
        website: 'https://shop.example.com',
        saq: true,
        site_language: 'en',
        report_language: 'en',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    await call(server.base, 'POST', '/iam/api/auth/forgot-password', { body: { email: 'owner@demo.test' } });
    const verification = linkIn((await server.mailbox().waitFor('masked@example.com')).text, '/verification?token=');
    const reset = linkIn((await server.mailbox().waitFor('owner@demo.test')).text, '/reset-password?token=');
    const live = [verification, reset].map((link) => link.searchParams.get('token') as string);
    await server.settled();

    const admin = await tokenFor(server.base, 'admin@demo.test');
    const logs = await call(server.base, 'GET', '/wbe/api/mail-logs?pageSize=100', { token: admin });
    expect(logs.status).toBe(200);
    const items = logs.body.content.items as MailLog[];
    const shown = JSON.stringify(items);
    for (const token of live) expect(shown).not.toContain(token);
    const resetMail = items.find((log) => log.to === 'owner@demo.test') as MailLog;
    const verifyMail = items.find((log) => log.to === 'masked@example.com') as MailLog;
    expect(resetMail.text).toContain('/reset-password?token=%5Bhidden%5D');
    expect(resetMail.html).toContain('/reset-password?token=%5Bhidden%5D');
    expect(verifyMail.text).toContain('/verification?token=%5Bhidden%5D');

    // the mails themselves were sent with the live links
    expect((await call(server.base, 'POST', '/iam/api/auth/verify', { body: { token: live[0] } })).status).toBe(200);
    const resetDone = await call(server.base, 'POST', '/iam/api/auth/reset-password', {
      body: { token: live[1], password: 'Fresh-Pass2', password_confirm: 'Fresh-Pass2' },
    });
    expect(resetDone.status).toBe(200);
  });
});
