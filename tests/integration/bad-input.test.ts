import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATIONS_API_KEY } from '../../core/notifications/notification.types';
import type { UserRecord } from '../../server/store/records.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** Each request here answered 500 with a logged stack before (issue 6, causes 1–4 and item 7). */
describe('bad input is a 4xx in the documented shape, never a 500', () => {
  let server: TestServer;
  const logged: unknown[] = [];
  let admin: string;
  let user: string;

  beforeAll(async () => {
    server = await startTestServer({
      withSmtp: false,
      log: { info: () => {}, warn: () => {}, error: (message, error) => logged.push([message, error]) },
    });
    admin = await tokenFor(server.base, 'admin@demo.test');
    user = await tokenFor(server.base, 'assessee@demo.test');
  });
  afterAll(() => server.close());

  const idOf = async (email: string) =>
    (await server.store.collection<UserRecord>('users').find((user) => user.email === email))[0].id;

  function expectShape(
    answer: { status: number; body: { code?: unknown; message?: unknown } },
    status: number,
    code: string,
  ) {
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
    expect(typeof answer.body.message).toBe('string');
  }

  it('a Content-Encoding the body does not have is 400; a body that is really gzipped is read', async () => {
    const headers = { 'content-encoding': 'gzip' };
    for (const path of [
      '/iam/api/login',
      '/iam/api/auth/register',
      '/wbe/api/user/log/error',
      '/wbe/api/analytics/page-views',
      '/config/v1/documents',
      '/wbe/api/realtime/auth',
      '/ntgw/api/notifications/mark-as-read',
    ]) {
      expectShape(await call(server.base, 'POST', path, { headers, body: {} }), 400, 'invalidRequest');
    }
    expectShape(
      await call(server.base, 'POST', '/ntgw/api/notifications', { token: admin, headers, body: {} }),
      400,
      'invalidRequest',
    );
    expectShape(
      await call(server.base, 'PUT', '/iam/api/me', { token: user, headers, body: {} }),
      400,
      'invalidRequest',
    );
    for (const path of ['/wbe/api/help-chat/mine/messages', '/wbe/api/help-chat/conversations/x/messages']) {
      expectShape(await call(server.base, 'POST', path, { token: admin, headers, body: {} }), 400, 'invalidRequest');
    }
    const unknown = await call(server.base, 'POST', '/iam/api/login', {
      headers: { 'content-encoding': 'x-bogus' },
      body: {},
    });
    expectShape(unknown, 415, 'unsupportedMediaType');

    const zipped = await fetch(`${server.base}/iam/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(JSON.stringify({ email: 'nobody@demo.test' })),
    });
    expect(zipped.status).toBe(200);
  });

  it('a malformed percent-escape in a path parameter is 400', async () => {
    for (const path of [
      '/config/v1/documents/%zz/app',
      '/config/v1/documents/routes/%E0%A4%A/versions',
      '/trn/v2/login/organization/%',
    ]) {
      expectShape(await call(server.base, 'GET', path, { token: admin }), 400, 'invalidRequest');
    }
    expectShape(
      await call(server.base, 'GET', '/wbe/api/admin/impersonate-uuid/%zz', { token: admin }),
      400,
      'invalidRequest',
    );
    expectShape(
      await call(server.base, 'GET', '/wbe/api/help-chat/conversations/%zz', { token: admin }),
      400,
      'invalidRequest',
    );
  });

  it('a write without a body reads as {}; a body of a type we do not parse is 415', async () => {
    const empty = await fetch(`${server.base}/iam/api/auth/register`, { method: 'POST' });
    expect(empty.status).toBe(422);
    expect((await empty.json()).code).toBe('validationFailed');
    expect((await call(server.base, 'PUT', '/iam/api/me', { token: user })).status).toBe(200);

    for (const type of ['text/plain', 'application/vnd.api+json', 'application/octet-stream']) {
      const headers = { 'content-type': type };
      const body = JSON.stringify({ email: 'x@demo.test' });
      expectShape(
        await call(server.base, 'POST', '/iam/api/auth/register', { headers, body }),
        415,
        'unsupportedMediaType',
      );
      expectShape(
        await call(server.base, 'PUT', '/iam/api/me', { token: user, headers, body }),
        415,
        'unsupportedMediaType',
      );
      for (const path of [
        '/wbe/api/realtime/auth',
        '/ntgw/api/notifications/mark-as-read',
        '/ntgw/api/notifications',
      ]) {
        const withKey = { ...headers, 'x-api-key': NOTIFICATIONS_API_KEY };
        expectShape(
          await call(server.base, 'POST', path, { token: admin, headers: withKey, body }),
          415,
          'unsupportedMediaType',
        );
      }
    }
  });

  it('JSON nested deeper than the cap is 400 before any handler recurses into it', async () => {
    const deep = nested(4_100);
    const signUp = await call(server.base, 'POST', '/iam/api/auth/register', { body: `{"x":${deep}}` });
    expectShape(signUp, 400, 'invalidRequest');
    for (const action of ['drafts', 'validate']) {
      const answer = await call(server.base, 'POST', `/config/v1/documents/form/deep/${action}`, {
        token: admin,
        body: `{"body":{"rules":${deep}}}`,
      });
      expectShape(answer, 400, 'invalidRequest');
    }
    const key = { 'x-api-key': NOTIFICATIONS_API_KEY };
    for (const path of ['/ntgw/api/notifications', '/ntgw/api/notifications/mark-as-read', '/wbe/api/realtime/auth']) {
      const answer = await call(server.base, 'POST', path, { token: admin, headers: key, body: `{"ids":${deep}}` });
      expectShape(answer, 400, 'invalidRequest');
    }
    // 64 levels are fine
    const fine = await call(server.base, 'POST', '/config/v1/documents/form/deep/validate', {
      token: admin,
      body: `{"body":{"rules":${nested(62)}}}`,
    });
    expect(fine.status).toBe(200);
  });

  it('an anonymous or non-admin caller cannot make the server read a large body', async () => {
    const big = { page_url: 'x'.repeat(2_000), error_reason: 'y'.repeat(4_000), endpoint: 'z'.repeat(2_000) };
    expect((await call(server.base, 'POST', '/wbe/api/user/log/error', { body: big })).status).toBe(201);
    const large = JSON.stringify({ page_url: 'x', error_reason: 'y', pad: 'z'.repeat(20_000) });
    expectShape(await call(server.base, 'POST', '/wbe/api/user/log/error', { body: large }), 413, 'payloadTooLarge');
    expect((await call(server.base, 'POST', '/wbe/api/user/log/error', { token: user, body: large })).status).toBe(201);

    const document = JSON.stringify({ body: { pad: 'x'.repeat(200_000) } });
    const path = '/config/v1/documents/form/large/validate';
    expectShape(await call(server.base, 'POST', path, { body: document }), 413, 'payloadTooLarge');
    expectShape(await call(server.base, 'POST', path, { token: user, body: document }), 413, 'payloadTooLarge');
    expect((await call(server.base, 'POST', path, { token: admin, body: document })).status).toBe(200);
  });

  it('text PostgreSQL cannot store (U+0000, a lone surrogate) is 400 in a body or a filter, never a 500 as an id', async () => {
    for (const name of ['a\u0000b', 'half \ud800 pair', 'low \udc00 half']) {
      const body = `{"name": ${JSON.stringify(name)}}`; // JSON.stringify writes lone surrogates as escapes
      const answer = await call(server.base, 'PUT', '/iam/api/me', { token: user, body });
      expectShape(answer, 400, 'invalidRequest');
    }
    for (const text of ['a\u0000b', 'half \ud800 pair']) {
      const body = `{"body": ${JSON.stringify(text)}}`;
      const message = await call(server.base, 'POST', '/wbe/api/help-chat/mine/messages', { token: user, body });
      expectShape(message, 400, 'invalidRequest');
    }
    const key = await call(server.base, 'PUT', '/iam/api/me', { token: user, body: '{"na\\u0000me": "x"}' });
    expectShape(key, 400, 'invalidRequest');
    expectShape(
      await call(server.base, 'POST', '/iam/api/login', { form: { username: 'a\u0000b', password: 'x' } }),
      400,
      'invalidRequest',
    );
    const filter = encodeURIComponent(JSON.stringify({ field: 'name', op: 'eq', value: 'x\u0000' }));
    const list = await call(server.base, 'GET', `/wbe/api/admin/users?filter=${filter}`, { token: admin });
    expectShape(list, 400, 'invalidRequest');
    expect(list.body.errors).toEqual({ filter: 'invalidRequest' });
    const id = await call(server.base, 'GET', '/wbe/api/resources/ticket/a%00b', { token: admin });
    expect(id.status).toBeLessThan(500); // the store's own answer to such an id: tests/integration/store.test.ts
    // a pair in order is ordinary text
    const emoji = await call(server.base, 'PUT', '/iam/api/me', { token: user, body: { name: 'Ada \ud83d\ude00' } });
    expect(emoji.status).toBe(200);
    expect(emoji.body.content.name).toBe('Ada 😀');
  });

  it('SAQ bodies the schemas refuse, unstorable answers and odd ids are 4xx, never a 500', async () => {
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const started = await call(server.base, 'POST', '/saq/api/v1/saqs', { token: merchant, body: { saqType: 'A' } });
    expect(started.status).toBe(201);
    const answers = `/saq/api/v1/saqs/${started.body.content.id}/answers`;
    for (const body of [[], 'text', { saqType: null }, { saqType: ['A'] }, { saqType: 'A', extra: 1 }]) {
      const answer = await call(server.base, 'POST', '/saq/api/v1/saqs', {
        token: merchant,
        body: JSON.stringify(body),
      });
      expectShape(answer, 400, 'invalidRequest');
    }
    for (const body of [[], 'text', { step: 'part1' }, { value: 1, step: 7 }, `{"value": ${nested(500)}}`]) {
      const text = typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body);
      const answer = await call(server.base, 'PUT', `${answers}/companyName`, { token: merchant, body: text });
      expectShape(answer, 400, 'invalidRequest');
    }
    const unstorable = await call(server.base, 'PUT', `${answers}/companyName`, {
      token: merchant,
      body: `{"value": ${JSON.stringify('a\u0000b')}}`,
    });
    expectShape(unstorable, 400, 'invalidRequest');
    // values of the wrong shape for their item are the questionnaire's 422, not a crash
    for (const [item, value] of [
      ['locations', { facility: 'x' }],
      ['locations', [null, 1, 'row']],
      ['paymentChannels', [{}]],
      ['req_2_2_2', { value: 'inPlace' }],
      ['constructor', 'x'],
      ['hasOwnProperty', 'x'],
    ] as const) {
      const answer = await call(server.base, 'PUT', `${answers}/${item}`, { token: merchant, body: { value } });
      expect([answer.status, answer.body.code], `${item} ${JSON.stringify(value)}`).toEqual([422, 'answerInvalid']);
    }
    const proto = await call(server.base, 'PUT', `${answers}/__proto__`, { token: merchant, body: { value: 'x' } });
    expectShape(proto, 400, 'invalidRequest');
    const id = await call(server.base, 'GET', '/saq/api/v1/saqs/a%00b', { token: merchant });
    expectShape(id, 400, 'invalidRequest');
    expect(logged).toEqual([]);
  });

  it('signing, submitting and the SAQ lists refuse bad bodies and queries with a 4xx, never a 500', async () => {
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const bank = await tokenFor(server.base, 'bank@demo.test');
    const started = await call(server.base, 'POST', '/saq/api/v1/saqs', { token: merchant, body: { saqType: 'A' } });
    const saq = `/saq/api/v1/saqs/${started.body.content.id}`;
    for (const body of [
      [],
      'text',
      { signerName: 'Ada', signerTitle: 'Owner', agree: 'true' },
      { signerName: ['Ada'], signerTitle: 'Owner', agree: true },
      { signerName: 'a\u0000b', signerTitle: 'Owner', agree: true },
      `{"signerName": ${nested(500)}, "signerTitle": "x", "agree": true}`,
    ]) {
      const text = typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body);
      expectShape(
        await call(server.base, 'POST', `${saq}/sign`, { token: merchant, body: text }),
        400,
        'invalidRequest',
      );
    }
    for (const body of [[], 'text', { bankId: null }, { bankId: ['org-demo-bank'] }, { bankId: 'a\u0000b' }]) {
      expectShape(
        await call(server.base, 'POST', `${saq}/submit`, { token: merchant, body: JSON.stringify(body) }),
        400,
        'invalidRequest',
      );
    }
    // the right shape in the wrong state is the lifecycle's 409, not a crash
    const early = await call(server.base, 'POST', `${saq}/submit`, {
      token: merchant,
      body: { bankId: 'org-demo-bank' },
    });
    expectShape(early, 409, 'saqNotSigned');
    for (const path of [
      '/saq/api/v1/saqs?filter=%7B',
      '/saq/api/v1/saqs?sort=-answers',
      '/saq/api/v1/saq-types?pageSize=-1',
      '/saq/api/v1/saq-types?filter=%7B%22field%22%3A%22saqType%22%2C%22op%22%3A%22eq%22%2C%22value%22%3A%22a%5Cu0000b%22%7D',
    ]) {
      expectShape(await call(server.base, 'GET', path, { token: merchant }), 400, 'invalidRequest');
    }
    for (const path of [
      '/wbe/api/management-saq/saqs?filter=%7B',
      '/wbe/api/management-saq/saqs?sort=merchantName,answers',
      '/wbe/api/management-saq/saqs/a%00b',
      '/wbe/api/management-saq/saqs/%zz/attestation',
    ]) {
      expectShape(await call(server.base, 'GET', path, { token: bank }), 400, 'invalidRequest');
    }
    // the bank's validation: bodies its schemas refuse, then the right shape on an SAQ not submitted to it
    const review = `/wbe/api/management-saq/saqs/${started.body.content.id}`;
    for (const [action, body] of [
      ['validate', []],
      ['validate', { outcome: null }],
      ['validate', { outcome: 'compliant', note: ['x'] }],
      ['validate', { outcome: 'a\u0000b' }],
      ['return', 'text'],
      ['return', { note: null }],
      ['return', { note: '\u0000' }],
      ['return', `{"note": ${nested(500)}}`],
    ] as const) {
      const text = typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body);
      expectShape(
        await call(server.base, 'POST', `${review}/${action}`, { token: bank, body: text }),
        400,
        'invalidRequest',
      );
    }
    const notTheirs = await call(server.base, 'POST', `${review}/validate`, {
      token: bank,
      body: { outcome: 'compliant' },
    });
    expectShape(notTheirs, 404, 'saqNotFound');
    expect(logged).toEqual([]);
  });

  it('the SAQ migration refuses bad bodies, ids and queries with a 4xx, never a 500', async () => {
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const started = await call(server.base, 'POST', '/saq/api/v1/saqs', { token: merchant, body: { saqType: 'A' } });
    const saq = `/saq/api/v1/saqs/${started.body.content.id}`;
    for (const body of [
      [],
      'text',
      { documentId: null, version: 1 },
      { documentId: ['saq-a-4.0.1'], version: 1 },
      { documentId: 'a\u0000b', version: 1 },
      { documentId: 'saq-a-4.0.1', version: -1 },
      { documentId: 'saq-a-4.0.1', version: 1e20 },
      { documentId: 'x'.repeat(101), version: 1 },
      `{"documentId": ${nested(500)}, "version": 1}`,
    ]) {
      const text = typeof body === 'string' && body.startsWith('{') ? body : JSON.stringify(body);
      expectShape(
        await call(server.base, 'POST', `${saq}/migrate`, { token: merchant, body: text }),
        400,
        'invalidRequest',
      );
    }
    // the right shape naming nothing newer is the 409 the merchant reads, not a crash
    expectShape(
      await call(server.base, 'POST', `${saq}/migrate`, {
        token: merchant,
        body: { documentId: 'saq-a-4.0.1', version: 1 },
      }),
      409,
      'saqMigrationNotNewer',
    );
    expectShape(
      await call(server.base, 'POST', `${saq}/migrate`, {
        token: merchant,
        body: { documentId: 'no-such-saq', version: 1 },
      }),
      404,
      'documentNotFound',
    );
    for (const path of [
      `${saq}/migration?filter=%7B`,
      `${saq}/migration?sort=answer`,
      `${saq}/migration?pageSize=-1`,
      `${saq}/migration?filter=%7B%22field%22%3A%22change%22%2C%22op%22%3A%22eq%22%2C%22value%22%3A%22a%5Cu0000b%22%7D`,
      '/saq/api/v1/saqs/a%00b/migration',
      '/saq/api/v1/saqs/%zz/migration',
    ]) {
      expectShape(await call(server.base, 'GET', path, { token: merchant }), 400, 'invalidRequest');
    }
    expect(logged).toEqual([]);
  });

  it('request IDs and PCI requests refuse bad bodies, ids and queries with a 4xx, never a 500', async () => {
    const merchant = await tokenFor(server.base, 'merchant@demo.test');
    const bank = await tokenFor(server.base, 'bank@demo.test');
    for (const body of [[], 'text', { dueDate: 7 }, { dueDate: '2030-01-01', limit: '3' }, { note: ['x'] }]) {
      const answer = await call(server.base, 'POST', '/wbe/api/pci-request-ids', {
        token: bank,
        body: JSON.stringify(body),
      });
      expectShape(answer, 400, 'invalidRequest');
    }
    // the right types, values the form document refuses: 422 naming each field
    const judged = await call(server.base, 'POST', '/wbe/api/pci-request-ids', {
      token: bank,
      body: { dueDate: 'soon', limit: 100000, note: 'x'.repeat(201) },
    });
    expectShape(judged, 422, 'validationFailed');
    expect(Object.keys(judged.body.errors ?? {}).sort()).toEqual(['dueDate', 'limit', 'note']);
    for (const body of [
      [],
      'text',
      { requestId: null },
      { requestId: ['PCI'] },
      { requestId: '' },
      { requestId: 'x', extra: 1 },
    ]) {
      const answer = await call(server.base, 'POST', '/wbe/api/pci-requests', {
        token: merchant,
        body: JSON.stringify(body),
      });
      expectShape(answer, 400, 'invalidRequest');
    }
    expectShape(
      await call(server.base, 'POST', '/wbe/api/pci-requests', { token: merchant, body: { requestId: 'a\u0000b' } }),
      400,
      'invalidRequest',
    );
    for (const path of [
      '/wbe/api/pci-requests?filter=%7B',
      '/wbe/api/pci-requests?sort=secret',
      '/wbe/api/pci-requests/a%00b',
    ]) {
      expectShape(await call(server.base, 'GET', path, { token: merchant }), 400, 'invalidRequest');
    }
    for (const path of ['/wbe/api/pci-request-ids?sort=organizationId', '/wbe/api/pci-dss/merchants?filter=%7B']) {
      expectShape(await call(server.base, 'GET', path, { token: bank }), 400, 'invalidRequest');
    }
    expectShape(
      await call(server.base, 'POST', '/wbe/api/pci-request-ids/not-an-id/revoke', { token: bank }),
      400,
      'invalidRequest',
    );
    expect(logged).toEqual([]);
  });

  it('help-chat bodies and conversation ids the schemas refuse are 400 naming the field, for user and agent', async () => {
    const paths = ['/wbe/api/help-chat/mine/messages', '/wbe/api/help-chat/conversations/someone/messages'];
    for (const path of paths) {
      for (const body of [
        [],
        'text',
        { body: null },
        { body: ['x'] },
        { body: { en: 'x' } },
        { body: 'x', extra: 1 },
      ]) {
        const answer = await call(server.base, 'POST', path, { token: admin, body: JSON.stringify(body) });
        expectShape(answer, 400, 'invalidRequest');
      }
    }
    const form = await call(server.base, 'POST', paths[0], { token: user, form: { body: '' } });
    expectShape(form, 400, 'invalidRequest');
    expect(form.body.errors).toEqual({ body: 'invalidRequest' });
    const longId = await call(server.base, 'POST', `/wbe/api/help-chat/conversations/${'a'.repeat(129)}/read`, {
      token: admin,
    });
    expectShape(longId, 400, 'invalidRequest');
    expect(longId.body.errors).toEqual({ conversationId: 'invalidRequest' });
  });

  it("the shell services' endpoints (issue 8) answer malformed bodies and queries with 4xx in the shape", async () => {
    const json = { 'content-type': 'application/json' };
    for (const [method, path, token] of [
      ['POST', '/wbe/api/analytics/page-views', undefined],
      ['PUT', '/wbe/api/admin/smtp-settings', admin],
      ['POST', '/wbe/api/admin/smtp-settings/test', admin],
      ['DELETE', '/wbe/api/admin/smtp-settings', admin],
    ] as const) {
      expectShape(
        await call(server.base, method, path, { token, headers: json, body: '{"path":' }),
        400,
        'invalidRequest',
      );
      expectShape(await call(server.base, method, path, { token, body: '[1,2]' }), 400, 'invalidRequest');
      expectShape(
        await call(server.base, method, path, { token, body: `{"x":${nested(200)}}` }),
        400,
        'invalidRequest',
      );
      expectShape(
        await call(server.base, method, path, { token, headers: { 'content-type': 'text/plain' }, body: 'x' }),
        415,
        'unsupportedMediaType',
      );
    }
    const session = (
      await call(server.base, 'GET', `/wbe/api/admin/impersonate-uuid/${await idOf('merchant@demo.test')}`, {
        token: admin,
      })
    ).body.content.token as string;
    expectShape(
      await call(server.base, 'POST', '/wbe/api/impersonation/return', { token: session, body: { at: '2020' } }),
      400,
      'invalidRequest',
    );
    for (const query of ['days=%zz', 'days=1e1', 'days[]=1']) {
      expectShape(
        await call(server.base, 'GET', `/wbe/api/admin/analytics?${query}`, { token: admin }),
        400,
        'invalidRequest',
      );
    }
    const filter = encodeURIComponent(JSON.stringify({ field: 'route', op: 'eq', value: 'x\u0000' }));
    for (const list of ['/wbe/api/admin/analytics/page-views', '/wbe/api/admin/impersonations']) {
      expectShape(await call(server.base, 'GET', `${list}?filter=${filter}`, { token: admin }), 400, 'invalidRequest');
      expectShape(await call(server.base, 'GET', `${list}?filter=%7B`, { token: admin }), 400, 'invalidRequest');
      expectShape(await call(server.base, 'GET', `${list}?page=0`, { token: admin }), 400, 'invalidRequest');
    }
    expectShape(
      await call(server.base, 'PUT', '/wbe/api/admin/smtp-settings', {
        token: admin,
        body: { host: 'a\u0000b', port: 25 },
      }),
      400,
      'invalidRequest',
    );
  });

  it('logged no failure for any of these client errors', () => {
    expect(logged).toEqual([]);
  });
});
