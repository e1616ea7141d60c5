import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { fillPath, mountedRoutes } from './support/mounted-routes';
import { PDFDocument } from 'pdf-lib';
import { NOTIFICATIONS_API_KEY } from '../../core/notifications/notification.types';
import { encodeListQuery } from '../../core/query/query.utils';
import { answerSaqA, download, pdfText, signedSaqA, waitForStatus } from './support/saq-flow';
import { next, pusherFor } from './support/pusher-client';
import { userChannel } from '../../server/realtime/publish';
import type { UserRecord } from '../../server/store/records.types';
import { SAQ_A, SAQ_A_FIELDS, SAQ_A_QUESTIONS } from '../support/saq-a';

// The SAQ service over real HTTP on the seeded SAQ A document: answers judged one by one by the
// pinned questionnaire, completion judged on the whole document, merchants only on their own SAQ.
const API = '/saq/api/v1';

describe('SAQ service /saq/api/v1', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let bank: string;
  let assessee: string;

  const as = (token: string | undefined, method: string, path: string, body?: unknown, language?: string) =>
    call(server.base, method, path, { token, body, headers: language ? { 'accept-language': language } : {} });
  const answer = (saqId: string, item: string, value: unknown, step?: string, language?: string) =>
    as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/${item}`, step ? { value, step } : { value }, language);
  const start = async (saqType: string): Promise<string> => {
    const started = await as(merchant, 'POST', `${API}/saqs`, { saqType });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    return started.body.content.id as string;
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [admin, merchant, bank, assessee] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test', 'bank@demo.test', 'assessee@demo.test'].map((email) =>
        tokenFor(server.base, email),
      ),
    );
  }, 90_000); // a start and four sign-ins: slow on a loaded machine
  afterAll(() => server.close());

  it('is for the saq group (401, 403); banks and admins never write, and another user’s SAQ is 404', async () => {
    const saqId = await start('A');
    const routes: [string, string, unknown][] = [
      ['GET', `${API}/saqs/ongoing`, undefined],
      ['POST', `${API}/saqs`, { saqType: 'A' }],
      ['GET', `${API}/saqs/${saqId}`, undefined],
      ['PUT', `${API}/saqs/${saqId}/answers/companyName`, { value: 'x' }],
      ['POST', `${API}/saqs/${saqId}/complete`, {}],
      ['GET', `${API}/saqs`, undefined],
      ['GET', `${API}/banks`, undefined],
      ['POST', `${API}/saqs/${saqId}/sign`, { signerName: 'A', signerTitle: 'B', agree: true }],
      ['GET', `${API}/saqs/${saqId}/attestation`, undefined],
      ['POST', `${API}/saqs/${saqId}/submit`, { bankId: 'org-demo-bank' }],
      ['GET', `${API}/saqs/${saqId}/workbook`, undefined],
      ['POST', `${API}/saqs/${saqId}/workbook`, {}],
    ];
    for (const [method, path, body] of routes) {
      expect((await as(undefined, method, path, body)).status, `${method} ${path}`).toBe(401);
      for (const outsider of [bank, assessee]) {
        const refused = await as(outsider, method, path, body);
        expect([refused.status, refused.body.code], `${method} ${path}`).toEqual([403, 'noPermission']);
      }
      if (method !== 'GET') {
        const refused = await as(admin, method, path, body);
        expect([refused.status, refused.body.code], `admin ${method} ${path}`).toEqual([403, 'noPermission']);
      }
    }
    // the admin reads in the saq group, but only their own SAQs: the merchant's is not found
    expect((await as(admin, 'GET', `${API}/saqs/ongoing`)).body).toEqual({ content: null });
    const hidden = await as(admin, 'GET', `${API}/saqs/${saqId}`);
    expect([hidden.status, hidden.body.code]).toEqual([404, 'saqNotFound']);
    // nothing the refused callers sent reached the merchant's SAQ
    expect((await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content.answers).toEqual({});
  });

  it('guards every /saq/api/v1 route found by walking the routers, before a parameter or body is read', async () => {
    const routes = mountedRoutes(server.app).filter((route) => route.path.startsWith(`${API}/`));
    expect(routes.length).toBeGreaterThanOrEqual(10);
    for (const route of routes) {
      const path = fillPath(route.path, {});
      const body = route.method === 'GET' ? undefined : {};
      const where = `${route.method} ${route.path}`;
      expect((await as(undefined, route.method, path, body)).status, where).toBe(401);
      for (const outsider of [bank, assessee])
        expect((await as(outsider, route.method, path, body)).status, where).toBe(403);
      if (route.method !== 'GET') expect((await as(admin, route.method, path, body)).status, where).toBe(403);
    }
  });

  it('validates every body and path parameter (400)', async () => {
    const saqId = await start('A');
    for (const body of [{}, { saqType: 'A B' }, { saqType: 'A', extra: 1 }, { saqType: 1 }]) {
      const bad = await as(merchant, 'POST', `${API}/saqs`, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    // well-formed, but no published questionnaire names the type
    const unknown = await as(merchant, 'POST', `${API}/saqs`, { saqType: 'Z' });
    expect([unknown.status, unknown.body.code, unknown.body.errors]).toEqual([
      400,
      'saqTypeUnknown',
      { saqType: 'saqTypeUnknown' },
    ]);
    for (const body of [{}, { value: 'x', step: '../x' }, { value: 'x', other: true }]) {
      const bad = await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/companyName`, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    for (const body of [{ continueAnyway: 'yes' }, { continueAnyway: true, x: 1 }]) {
      const bad = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    for (const body of [
      {},
      { signerName: 'Ada', signerTitle: 'Owner' },
      { signerName: 'Ada', signerTitle: 'Owner', agree: false },
      { signerName: '', signerTitle: 'Owner', agree: true },
      { signerName: '   ', signerTitle: 'Owner', agree: true },
      { signerName: 'x'.repeat(121), signerTitle: 'Owner', agree: true },
      { signerName: 'Ada', signerTitle: 7, agree: true },
      { signerName: 'Ada', signerTitle: 'Owner', agree: true, extra: 1 },
    ]) {
      const bad = await as(merchant, 'POST', `${API}/saqs/${saqId}/sign`, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    for (const body of [{}, { bankId: '' }, { bankId: 1 }, { bankId: '../x' }, { bankId: 'org-demo-bank', x: 1 }]) {
      const bad = await as(merchant, 'POST', `${API}/saqs/${saqId}/submit`, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    for (const query of ['sort=answers', 'filter=nonsense', 'pageSize=0']) {
      const bad = await as(merchant, 'GET', `${API}/saqs?${query}`);
      expect([bad.status, bad.body.code], query).toEqual([400, 'invalidRequest']);
    }
    expect((await as(merchant, 'GET', `${API}/saqs/not-a-uuid`)).status).toBe(400);
    expect((await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/-bad`, { value: 1 })).status).toBe(400);
  });

  it('starts an SAQ pinned to the published version, saves answers judged on the server and resumes at last_step', async () => {
    const types = (await as(merchant, 'GET', `${API}/saq-types`)).body.content;
    expect(types.map((type: { saqType: string }) => type.saqType)).toEqual([
      'A',
      'A-EP',
      'B',
      'B-IP',
      'C',
      'C-VT',
      'D',
      'D-SP',
      'P2PE',
    ]);
    expect(types[0]).toEqual({
      saqType: 'A',
      documentId: 'saq-a-4.0.1',
      version: 1,
      standardVersion: '4.0.1',
      document: { id: 'saq-a-4.0.1', version: 1 },
      title: { en: 'SAQ A (PCI DSS v4.0.1)', tr: 'SAQ A (PCI DSS v4.0.1)' },
      questionCount: SAQ_A_QUESTIONS.length,
    });
    // the list document's call: the query contract
    const query = new URLSearchParams(
      encodeListQuery({
        filter: { field: 'saqType', op: 'in', value: ['D', 'D-SP'] },
        sort: [{ field: 'saqType', direction: 'desc' }],
        pageSize: 1,
      }),
    );
    const listed = await as(merchant, 'GET', `${API}/saq-types?${query}`);
    expect(listed.body.content).toMatchObject({
      total: 2,
      items: [{ saqType: 'D-SP', documentId: 'saq-d-service-provider-4.0.1' }],
    });
    const unknownField = await as(merchant, 'GET', `${API}/saq-types?sort=title`);
    expect([unknownField.status, unknownField.body.code]).toEqual([400, 'invalidRequest']);
    const saqId = await start('A');
    const view = (await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content;
    expect(view).toMatchObject({ saqType: 'A', status: 'waiting', document: { id: 'saq-a-4.0.1', version: 1 } });
    expect((await as(merchant, 'GET', `${API}/saqs/ongoing`)).body.content).toEqual({
      id: saqId,
      saqtype: 'A',
      last_step: null,
      status: 'waiting',
      document: { id: 'saq-a-4.0.1', version: 1 },
    });

    const saved = await answer(saqId, 'req_2_2_2', 'inPlace', 'req2');
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.content.answers).toEqual({ req_2_2_2: 'inPlace' });
    expect((await as(merchant, 'GET', `${API}/saqs/ongoing`)).body.content.last_step).toBe('req2');

    // the client's verdict does not count: a response outside the set, a wrong type, an unknown item
    const wrong = await answer(saqId, 'req_2_2_2', 'maybe');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({
      code: 'answerInvalid',
      problems: [{ item: 'req_2_2_2', message: 'Choose one of the offered answers' }],
    });
    const turkish = await answer(saqId, 'req_2_2_2', 'maybe', undefined, 'tr');
    expect(turkish.body.problems).toEqual([{ item: 'req_2_2_2', message: 'Sunulan yanıtlardan birini seçin' }]);
    expect((await answer(saqId, 'paymentChannels', 'ecommerce')).body.code).toBe('answerInvalid');
    const unknown = await answer(saqId, 'noSuchItem', 'x');
    expect(unknown.body.problems).toEqual([
      { item: 'noSuchItem', message: 'This answer belongs to no question of this questionnaire' },
    ]);
    const step = await answer(saqId, 'dba', 'Shop', 'noSuchSection');
    expect([step.status, step.body.code]).toEqual([422, 'unknownStep']);
    // none of the refused answers was stored; null clears an answer
    expect((await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content.answers).toEqual({ req_2_2_2: 'inPlace' });
    expect((await answer(saqId, 'req_2_2_2', null)).body.content.answers).toEqual({});
  });

  it('completes only after the whole-document check: refusals with the rule messages, missing answers on request', async () => {
    const saqId = await start('A');
    // an empty SAQ breaks document checks (a location, every eligibility): refused, missing listed too
    const empty = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, { continueAnyway: true });
    expect([empty.status, empty.body.code]).toEqual([422, 'saqRefused']);
    expect(empty.body.missing).toEqual(expect.arrayContaining(['companyName', ...SAQ_A_QUESTIONS]));

    for (const [item, value] of Object.entries(SAQ_A_FIELDS))
      expect((await answer(saqId, item, value)).status).toBe(200);
    await answer(saqId, 'contactName', null);
    const missing = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, {});
    expect([missing.status, missing.body.code]).toEqual([409, 'saqAnswersMissing']);
    expect(missing.body.missing).toEqual(['contactName', ...SAQ_A_QUESTIONS]);
    await answer(saqId, 'contactName', 'Ada Merchant');
    for (const question of SAQ_A_QUESTIONS) await answer(saqId, question, 'inPlace');
    // Not Applicable needs its Appendix C entry; Compliant is refused while an answer is Not in Place
    await answer(saqId, SAQ_A_QUESTIONS[0], 'notApplicable');
    await answer(saqId, SAQ_A_QUESTIONS[1], 'notInPlace');
    const refused = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, { continueAnyway: true });
    expect([refused.status, refused.body.code]).toEqual([422, 'saqRefused']);
    expect(refused.body.problems).toEqual(
      expect.arrayContaining([
        { item: SAQ_A_QUESTIONS[0], message: 'Explain it in Appendix C' },
        {
          item: 'status',
          rule: 'compliantNeedsNoNotInPlace',
          message: 'Compliant cannot be chosen while an answer is Not in Place',
        },
      ]),
    );
    const turkish = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, {}, 'tr');
    expect(turkish.body.problems).toContainEqual({ item: SAQ_A_QUESTIONS[0], message: "Ek C'de açıklayın" });
    expect((await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content.status).toBe('waiting');

    await answer(saqId, 'appendixC', [{ question: SAQ_A_QUESTIONS[0], reason: 'No such system' }]);
    await answer(saqId, SAQ_A_QUESTIONS[1], 'inPlace');
    const completed = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, {});
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.content).toMatchObject({ status: 'completed', missingAtCompletion: [] });
    expect(completed.body.content.completedAt).toEqual(expect.any(String));
    expect((await as(merchant, 'GET', `${API}/saqs/ongoing`)).body).toEqual({ content: null });
    const twice = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, {});
    expect([twice.status, twice.body.code]).toEqual([409, 'saqNotWaiting']);

    // an edit after completion sends it back to waiting: it must be completed (and later signed) again
    const edited = await answer(saqId, 'dba', 'Demo');
    expect(edited.body.content).toMatchObject({ status: 'waiting', completedAt: null });
  }, 120_000); // some sixty answers one by one: slow on a loaded machine

  it('completes with missing answers only when the user continues anyway, and lists them', async () => {
    const saqId = await start('A');
    for (const [item, value] of Object.entries(SAQ_A_FIELDS)) await answer(saqId, item, value);
    const completed = await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, { continueAnyway: true });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body.content.missingAtCompletion).toEqual(SAQ_A_QUESTIONS);
  }, 60_000);

  it('keeps every one of answers saved at once, and parallel starts leave exactly one SAQ', async () => {
    const saqId = await start('A');
    const saved = await Promise.all(SAQ_A_QUESTIONS.slice(0, 8).map((question) => answer(saqId, question, 'inPlace')));
    expect(saved.map((one) => one.status)).toEqual(new Array(8).fill(200));
    const { answers } = (await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content;
    expect(Object.keys(answers).sort()).toEqual(SAQ_A_QUESTIONS.slice(0, 8).sort());

    const starts = await Promise.all(
      ['A', 'B', 'C', 'P2PE'].map((saqType) => as(merchant, 'POST', `${API}/saqs`, { saqType })),
    );
    expect(starts.map((one) => one.status)).toEqual([201, 201, 201, 201]);
    const survivors = await server.store.collection<{ id: string; userId: string }>('saqs').all();
    const ongoing = (await as(merchant, 'GET', `${API}/saqs/ongoing`)).body.content;
    expect(survivors.filter((saq) => saq.userId === survivors.find((s) => s.id === ongoing.id)?.userId)).toHaveLength(
      1,
    );
  }, 60_000);

  it('keeps an SAQ on its version after a newer one is published; a new SAQ deletes the previous one', async () => {
    const old = await start('A');
    const body = structuredClone(SAQ_A.body);
    body.responseSets.saq.options.push({ value: 'partly', label: { en: 'Partly', tr: 'Kısmen' } });
    const draft = await as(admin, 'POST', '/config/v1/documents/questionnaire/saq-a-4.0.1/drafts', { body });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await as(
      admin,
      'POST',
      `/config/v1/documents/questionnaire/saq-a-4.0.1/versions/${draft.body.version}/publish`,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    expect((await answer(old, SAQ_A_QUESTIONS[0], 'partly')).body.code).toBe('answerInvalid');
    const fresh = await start('A');
    expect((await as(merchant, 'GET', `${API}/saqs/${fresh}`)).body.content.document).toEqual({
      id: 'saq-a-4.0.1',
      version: draft.body.version,
    });
    expect((await answer(fresh, SAQ_A_QUESTIONS[0], 'partly')).status).toBe(200);
    // the new SAQ replaced the old one
    expect((await as(merchant, 'GET', `${API}/saqs/${old}`)).status).toBe(404);
    expect((await as(merchant, 'GET', `${API}/saqs/ongoing`)).body.content.id).toBe(fresh);
    const other = await start('D-SP');
    expect((await as(merchant, 'GET', `${API}/saqs/ongoing`)).body.content).toMatchObject({
      id: other,
      saqtype: 'D-SP',
      document: { id: 'saq-d-service-provider-4.0.1' },
    });
    expect((await as(merchant, 'GET', `${API}/saqs/${fresh}`)).status).toBe(404);
  });
  it('signs a completed SAQ: pending, then signed with a real PDF by the background job; an edit drops the signature', async () => {
    const started = await start('A');
    const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
    const early = await as(merchant, 'POST', `${API}/saqs/${started}/sign`, signer);
    expect([early.status, early.body.code]).toEqual([409, 'saqNotCompleted']);
    const none = await as(merchant, 'GET', `${API}/saqs/${started}/attestation`);
    expect([none.status, none.body.code]).toEqual([404, 'attestationNotFound']);

    await answerSaqA(server.base, merchant, started);
    const completed = await as(merchant, 'POST', `${API}/saqs/${started}/complete`, {});
    expect(completed.body.content).toMatchObject({
      status: 'completed',
      compliance: 'compliant',
      standardVersion: '4.0.1',
    });
    const pending = await as(merchant, 'POST', `${API}/saqs/${started}/sign`, signer);
    expect(pending.status, JSON.stringify(pending.body)).toBe(202);
    expect(pending.body.content).toMatchObject({ status: 'pending', signer: { name: 'Ada Merchant', title: 'Owner' } });
    const twice = await as(merchant, 'POST', `${API}/saqs/${started}/sign`, signer);
    expect([twice.status, twice.body.code]).toEqual([409, 'saqNotCompleted']);

    const signed = await waitForStatus(server, merchant, started, 'signed');
    const day = new Date().toISOString().slice(0, 10);
    expect(signed.attestation).toMatchObject({
      fileName: `SAQ-A-${day}.pdf`,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const year = new Date(signed.signedAt);
    year.setUTCFullYear(year.getUTCFullYear() + 1);
    expect(signed.expiresAt).toBe(year.toISOString());

    const file = await download(server.base, `${API}/saqs/${started}/attestation`, merchant);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="SAQ-A-${day}.pdf"; filename*=UTF-8''SAQ-A-${day}.pdf`,
    );
    expect(file.bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(file.bytes.length).toBe(signed.attestation.size);
    const pdf = await PDFDocument.load(file.bytes);
    expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
    expect(pdf.getPageCount()).toBeLessThanOrEqual(3);
    expect(pdf.getTitle()).toBe('SAQ A Attestation of Compliance');
    const text = await pdfText(file.bytes);
    for (const expected of [
      'Merchant: Demo Merchant Ltd',
      'Standard: PCI DSS 4.0.1',
      `Questionnaire version: saq-a-4.0.1 v${signed.document.version}`,
      'Signed by: Ada Merchant, Owner',
      `Date: ${day}`,
      'Compliance status: Compliant',
      `In Place: ${SAQ_A_QUESTIONS.length - 1}`,
      'No such system',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).toMatch(/SHA-256 of the answers: [0-9a-f]{64}/);

    // the list of one's SAQs: every status, without answers
    const mine = await as(
      merchant,
      'GET',
      `${API}/saqs?${new URLSearchParams(encodeListQuery({ filter: { field: 'status', op: 'eq', value: 'signed' } }))}`,
    );
    expect(mine.status).toBe(200);
    expect(mine.body.content.items.map((saq: { id: string }) => saq.id)).toContain(started);
    expect(mine.body.content.items[0]).not.toHaveProperty('answers');
    expect(mine.body.content.items[0]).not.toHaveProperty('userId');

    // an answer changed after signing: back to waiting, signature and file gone
    const edited = await answer(started, 'dba', 'Demo');
    expect(edited.body.content).toMatchObject({
      status: 'waiting',
      signer: null,
      signedAt: null,
      attestation: null,
      expiresAt: null,
      compliance: null,
    });
    const gone = await as(merchant, 'GET', `${API}/saqs/${started}/attestation`);
    expect([gone.status, gone.body.code]).toEqual([404, 'attestationNotFound']);
    expect(await server.store.collection('saqAttestations').get(started)).toBeUndefined();
  }, 120_000);

  it('submits a signed SAQ to a bank: the bank’s users are notified; submitted SAQs stay when a new one starts', async () => {
    const signed = await signedSaqA(server, merchant);
    const banks = await as(merchant, 'GET', `${API}/banks`);
    expect(banks.body.content).toEqual([
      { id: 'org-demo-acquirer', name: 'Demo Acquirer' },
      { id: 'org-demo-bank', name: 'Demo Bank' },
    ]);
    for (const bankId of ['org-demo-merchant', 'no-such-bank']) {
      const refused = await as(merchant, 'POST', `${API}/saqs/${signed.id}/submit`, { bankId });
      expect([refused.status, refused.body.code], bankId).toEqual([422, 'bankNotFound']);
    }
    const submitted = await as(merchant, 'POST', `${API}/saqs/${signed.id}/submit`, { bankId: 'org-demo-bank' });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.content).toMatchObject({
      status: 'submitted',
      bankId: 'org-demo-bank',
      bankName: 'Demo Bank',
      merchantName: 'Demo Merchant Ltd',
      merchantEmail: 'merchant@demo.test',
      submittedAt: expect.any(String),
    });
    const again = await as(merchant, 'POST', `${API}/saqs/${signed.id}/submit`, { bankId: 'org-demo-bank' });
    expect([again.status, again.body.code]).toEqual([409, 'saqNotSigned']);
    expect((await answer(signed.id, 'dba', 'x')).body.code).toBe('saqLocked');

    const notifs = await call(server.base, 'GET', '/ntgw/api/notifs?pageSize=50', {
      token: bank,
      headers: { 'x-api-key': NOTIFICATIONS_API_KEY },
    });
    expect(notifs.status).toBe(200);
    expect(notifs.body.content.items).toContainEqual(
      expect.objectContaining({
        title: 'New SAQ from Demo Merchant Ltd',
        url: `/app/management-saq/saq-details/${signed.id}`,
      }),
    );
    const turkish = await call(server.base, 'GET', '/ntgw/api/notifs?pageSize=50', {
      token: bank,
      headers: { 'x-api-key': NOTIFICATIONS_API_KEY, 'accept-language': 'tr' },
    });
    expect(turkish.body.content.items.map((item: { title: string }) => item.title)).toContain(
      'Demo Merchant Ltd yeni bir SAQ gönderdi',
    );

    const fresh = await start('B');
    const mine = (await as(merchant, 'GET', `${API}/saqs?pageSize=100`)).body.content.items as { id: string }[];
    expect(mine.map((saq) => saq.id)).toEqual(expect.arrayContaining([signed.id, fresh]));
    expect((await as(merchant, 'GET', `${API}/saqs/${signed.id}`)).body.content.status).toBe('submitted');
    // the submitted SAQ's attestation is still there for the merchant
    expect((await download(server.base, `${API}/saqs/${signed.id}/attestation`, merchant)).status).toBe(200);
  }, 120_000);

  it('tells the owner in real time when the signing job is done, and the bank’s users on submission', async () => {
    const users = await server.store.collection<UserRecord>('users').all();
    const idOf = (email: string) => users.find((user) => user.email === email)?.id as string;
    const owner = pusherFor(server.base, merchant);
    const banker = pusherFor(server.base, bank);
    try {
      const mine = owner.subscribe(userChannel(idOf('merchant@demo.test')));
      const theirs = banker.subscribe(userChannel(idOf('bank@demo.test')));
      await Promise.all([next(mine, 'pusher:subscription_succeeded'), next(theirs, 'pusher:subscription_succeeded')]);

      const saqId = await start('A');
      await answerSaqA(server.base, merchant, saqId);
      await as(merchant, 'POST', `${API}/saqs/${saqId}/complete`, {});
      const signedEvent = next<{ id: string; status: string }>(mine, 'saq.changed');
      const signer = { signerName: 'Ada Merchant', signerTitle: 'Owner', agree: true };
      expect((await as(merchant, 'POST', `${API}/saqs/${saqId}/sign`, signer)).status).toBe(202);
      expect(await signedEvent).toEqual({ id: saqId, status: 'signed' });

      const submittedEvent = next<{ id: string; bankId: string }>(theirs, 'saq.submitted');
      const submitted = await as(merchant, 'POST', `${API}/saqs/${saqId}/submit`, { bankId: 'org-demo-bank' });
      expect(submitted.status).toBe(200);
      expect(await submittedEvent).toEqual({ id: saqId, bankId: 'org-demo-bank' });
    } finally {
      owner.disconnect();
      banker.disconnect();
    }
  }, 120_000);

  it('starts SAQ A on a questionnaire published at run time under a new id with a higher standard version', async () => {
    const body = structuredClone(SAQ_A.body);
    body.standard = { name: 'PCI DSS', version: '4.0.2', type: 'A' };
    body.title = { en: 'SAQ A (PCI DSS v4.0.2)', tr: 'SAQ A (PCI DSS v4.0.2)' };
    const draft = await as(admin, 'POST', '/config/v1/documents/questionnaire/saq-a-4-0-2-runtime/drafts', { body });
    expect(draft.status, JSON.stringify(draft.body)).toBe(201);
    const published = await as(
      admin,
      'POST',
      `/config/v1/documents/questionnaire/saq-a-4-0-2-runtime/versions/${draft.body.version}/publish`,
    );
    expect(published.status, JSON.stringify(published.body)).toBe(200);

    const types = (await as(merchant, 'GET', `${API}/saq-types`)).body.content as { saqType: string }[];
    expect(types.find((type) => type.saqType === 'A')).toMatchObject({
      documentId: 'saq-a-4-0-2-runtime',
      standardVersion: '4.0.2',
      title: { en: 'SAQ A (PCI DSS v4.0.2)' },
    });
    const started = await as(merchant, 'POST', `${API}/saqs`, { saqType: 'A' });
    expect(started.body.content).toMatchObject({
      saqType: 'A',
      standardVersion: '4.0.2',
      document: { id: 'saq-a-4-0-2-runtime', version: draft.body.version },
    });
    // an older standard version published later does not take over
    const older = structuredClone(SAQ_A.body);
    older.standard = { name: 'PCI DSS', version: '4.0.1', type: 'A' };
    const olderDraft = await as(admin, 'POST', '/config/v1/documents/questionnaire/saq-a-old-runtime/drafts', {
      body: older,
    });
    await as(
      admin,
      'POST',
      `/config/v1/documents/questionnaire/saq-a-old-runtime/versions/${olderDraft.body.version}/publish`,
    );
    const again = (await as(merchant, 'GET', `${API}/saq-types`)).body.content as { saqType: string }[];
    expect(again.find((type) => type.saqType === 'A')).toMatchObject({ documentId: 'saq-a-4-0-2-runtime' });
  });
});
