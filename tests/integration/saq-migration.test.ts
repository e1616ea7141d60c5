import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeListQuery } from '../../core/query/query.utils';
import type { UserRecord } from '../../server/store/records.types';
import { REWORDED_3_1_1, SAQ_A_ID, saqANextBody } from '../support/saq-a-next';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { published } from './support/resource-documents';
import { SAQ_API as API, answerSaqA, signedSaqA } from './support/saq-flow';

// Moving an SAQ in progress to a newer SAQ version published at run time (issue 9 'Analysts add an
// SAQ version without code'): what would change, then the merchant's choice, on lowdb and PostgreSQL.
describe('SAQ migration /saq/api/v1/saqs/:saqId/migration, /migrate', () => {
  let server: TestServer;
  let admin: string;
  let merchant: string;
  let other: string;
  let bank: string;
  let assessee: string;
  /** Submitted on 4.0.1 before 4.0.2 is published: the bank's report, never moved. */
  let submittedId: string;
  /** Signed on 4.0.1 before 4.0.2 is published. */
  let signedId: string;

  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body });
  const offer = (saqId: string, token = merchant) => as(token, 'GET', `${API}/saqs/${saqId}/migration`);
  const migrate = (saqId: string, body: unknown, token = merchant) =>
    as(token, 'POST', `${API}/saqs/${saqId}/migrate`, body);

  /** A fresh SAQ starts on 4.0.2 once published: pin one to 4.0.1 as if it was started before the publish. */
  const onOldVersion = async () => {
    const started = await as(merchant, 'POST', `${API}/saqs`, { saqType: 'A' });
    const saqId = started.body.content.id as string;
    const saqs = server.ctx.store.collection<{ id: string; document: unknown; standardVersion: string }>('saqs');
    const record = await saqs.get(saqId);
    if (!record) throw new Error(`SAQ ${saqId} was not stored`);
    await saqs.replace(saqId, { ...record, document: { id: SAQ_A_ID, version: 1 }, standardVersion: '4.0.1' });
    return saqId;
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    // a second merchant: the same fixture user under another id and address
    const users = server.ctx.store.collection<UserRecord>('users');
    const [mert] = await users.find((user) => user.email === 'merchant@demo.test');
    await users.insert({ ...mert, id: 'merchant-two', email: 'merchant2@demo.test' });
    [admin, merchant, other, bank, assessee] = await Promise.all(
      ['admin@demo.test', 'merchant@demo.test', 'merchant2@demo.test', 'bank@demo.test', 'assessee@demo.test'].map(
        (email) => tokenFor(server.base, email),
      ),
    );
    const submitted = await signedSaqA(server, merchant);
    submittedId = submitted.id;
    const sent = await as(merchant, 'POST', `${API}/saqs/${submittedId}/submit`, { bankId: 'org-demo-bank' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    signedId = (await signedSaqA(server, merchant)).id;
  }, 120_000);
  afterAll(() => server.close());

  it('offers nothing while no newer version is published; the same version is 409', async () => {
    expect((await offer(signedId)).body).toEqual({ content: null });
    const rows = await as(
      merchant,
      'GET',
      `${API}/saqs/${signedId}/migration?${new URLSearchParams(encodeListQuery({ page: 1, pageSize: 50 }))}`,
    );
    expect(rows.body).toEqual({ content: { items: [], total: 0 } });
    const same = await migrate(signedId, { documentId: SAQ_A_ID, version: 1 });
    expect([same.status, same.body.code]).toEqual([409, 'saqMigrationNotNewer']);
  });

  it('is for the owner: 401 signed out, 403 for banks and outsiders, admins only read, another user’s SAQ is 404', async () => {
    const target = { documentId: SAQ_A_ID, version: 1 };
    for (const [method, body] of [
      ['GET', undefined],
      ['POST', target],
    ] as const) {
      const path = `${API}/saqs/${signedId}/${method === 'GET' ? 'migration' : 'migrate'}`;
      expect((await as(undefined, method, path, body)).status, path).toBe(401);
      for (const outsider of [bank, assessee]) {
        const refused = await as(outsider, method, path, body);
        expect([refused.status, refused.body.code], path).toEqual([403, 'noPermission']);
      }
      const foreign = await as(method === 'GET' ? admin : other, method, path, body);
      expect([foreign.status, foreign.body.code], path).toEqual([404, 'saqNotFound']);
    }
    const refused = await migrate(signedId, target, admin);
    expect([refused.status, refused.body.code]).toEqual([403, 'noPermission']);
  });

  it('validates the body and the SAQ id (400)', async () => {
    for (const body of [
      {},
      { documentId: SAQ_A_ID },
      { version: 2 },
      { documentId: '', version: 2 },
      { documentId: '../x', version: 2 },
      { documentId: SAQ_A_ID, version: 0 },
      { documentId: SAQ_A_ID, version: 1.5 },
      { documentId: SAQ_A_ID, version: '2' },
      { documentId: SAQ_A_ID, version: 2, extra: true },
    ]) {
      const bad = await migrate(signedId, body);
      expect([bad.status, bad.body.code], JSON.stringify(body)).toEqual([400, 'invalidRequest']);
    }
    expect((await offer('not-a-uuid')).status).toBe(400);
    expect((await migrate('not-a-uuid', { documentId: SAQ_A_ID, version: 1 })).status).toBe(400);
  });

  it('after 4.0.2 is published: shows what would change, migrates a signed SAQ, drops its signature', async () => {
    await published(server.base, admin, 'questionnaire', 'saq-a-4.0.2', saqANextBody());
    const shown = await offer(signedId);
    expect(shown.status, JSON.stringify(shown.body)).toBe(200);
    const first = 'req_2_2_2'; // answered Not Applicable, with its Appendix C row
    expect(shown.body.content).toMatchObject({
      documentId: 'saq-a-4.0.2',
      version: 1,
      standardVersion: '4.0.2',
      from: { documentId: SAQ_A_ID, version: 1, standardVersion: '4.0.1' },
      counts: { moved: 3, dropped: 1, conflicts: 0, added: 1, reworded: 1, kept: 23 },
      dropsSignature: true,
    });
    expect(shown.body.content.report).toMatchObject({
      moved: [
        { from: 'req_6_3_3', to: 'req_6_3_4' },
        { from: 'req_8_3_1', to: 'req_8_3_1_a' },
        { from: 'req_8_3_1', to: 'req_8_3_1_b' },
      ],
      dropped: ['req_12_8_5'],
      added: ['req_12_10_2'],
      // 3.1.1 is asked in other words: its answer travels but is not "kept" as it was
      reworded: [{ from: 'req_3_1_1', to: 'req_3_1_1' }],
    });
    expect(shown.body.content.report.kept).toContain(first);
    expect(shown.body.content.report.kept).not.toContain('req_3_1_1');

    // the same as rows of changes, in the query contract
    const query = new URLSearchParams(
      encodeListQuery({
        page: 1,
        pageSize: 50,
        filter: { field: 'change', op: 'in', value: ['moved', 'dropped', 'added'] },
      }),
    );
    const rows = await as(merchant, 'GET', `${API}/saqs/${signedId}/migration?${query}`);
    expect(rows.status, JSON.stringify(rows.body)).toBe(200);
    expect(rows.body.content.total).toBe(5);
    expect(rows.body.content.items[0]).toEqual({
      id: 'moved:req_6_3_4',
      position: 0,
      change: 'moved',
      question: 'req_6_3_4',
      requirement: '6.3.4',
      text: { en: 'Are security patches installed soon after release?', tr: expect.any(String) },
      fromQuestion: 'req_6_3_3',
      fromRequirement: '6.3.3',
      fromText: { en: expect.stringMatching(/^Are security patches installed promptly/), tr: expect.any(String) },
      answer: { en: 'In Place', tr: 'Uygulanıyor' },
    });
    expect(rows.body.content.items.map((row: { id: string }) => row.id)).toEqual([
      'moved:req_6_3_4',
      'moved:req_8_3_1_a',
      'moved:req_8_3_1_b',
      'dropped:req_12_8_5',
      'added:req_12_10_2',
    ]);
    const reworded = await as(
      merchant,
      'GET',
      `${API}/saqs/${signedId}/migration?${new URLSearchParams(
        encodeListQuery({ page: 1, pageSize: 50, filter: { field: 'change', op: 'eq', value: 'reworded' } }),
      )}`,
    );
    expect(reworded.body.content.items).toEqual([
      expect.objectContaining({
        id: 'reworded:req_3_1_1',
        change: 'reworded',
        requirement: '3.1.1',
        text: REWORDED_3_1_1,
        fromRequirement: '3.1.1',
        fromText: { en: expect.stringMatching(/^Are the policies and procedures/), tr: expect.any(String) },
      }),
    ]);
    const badQuery = await as(merchant, 'GET', `${API}/saqs/${signedId}/migration?sort=answer`);
    expect(badQuery.status).toBe(400);

    // a submitted SAQ is the bank's report: nothing is offered and it never moves
    expect((await offer(submittedId)).body).toEqual({ content: null });
    const locked = await migrate(submittedId, { documentId: 'saq-a-4.0.2', version: 1 });
    expect([locked.status, locked.body.code]).toEqual([409, 'saqLocked']);
    // another type's questionnaire, an unknown document or version
    const otherType = await migrate(signedId, { documentId: 'saq-a-ep-4.0.1', version: 1 });
    expect([otherType.status, otherType.body.code]).toEqual([409, 'saqMigrationOtherType']);
    for (const target of [
      { documentId: 'saq-a-4.0.9', version: 1 },
      { documentId: 'saq-a-4.0.2', version: 7 },
    ]) {
      const missing = await migrate(signedId, target);
      expect([missing.status, missing.body.code], JSON.stringify(target)).toEqual([404, 'documentNotFound']);
    }
    expect((await as(merchant, 'GET', `${API}/saqs/${signedId}/attestation`)).status).toBe(200);

    const before = (await as(merchant, 'GET', `${API}/saqs/${signedId}`)).body.content;
    const moved = await migrate(signedId, { documentId: 'saq-a-4.0.2', version: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const after = moved.body.content;
    expect(after).toMatchObject({
      id: signedId,
      document: { id: 'saq-a-4.0.2', version: 1 },
      standardVersion: '4.0.2',
      status: 'waiting',
      signer: null,
      signedAt: null,
      attestation: null,
      compliance: null,
      completedAt: null,
    });
    expect(after.answers.req_6_3_4).toBe(before.answers.req_6_3_3);
    expect([after.answers.req_8_3_1_a, after.answers.req_8_3_1_b]).toEqual(['inPlace', 'inPlace']);
    for (const gone of ['req_6_3_3', 'req_8_3_1', 'req_12_8_5', 'req_12_10_2'])
      expect(after.answers).not.toHaveProperty(gone);
    expect(after.answers[first]).toBe('notApplicable');
    expect(after.answers.appendixC).toEqual(before.answers.appendixC);
    expect(after.answers.companyName).toBe('Demo Shop');
    expect((await as(merchant, 'GET', `${API}/saqs/${signedId}/attestation`)).status).toBe(404);
    // answers now under other words are flagged for re-reading; the move is in the history
    expect(after.reread.map((flag: { itemId: string }) => flag.itemId)).toEqual([
      'req_3_1_1',
      'req_6_3_4',
      'req_8_3_1_a',
      'req_8_3_1_b',
    ]);
    const history = await as(merchant, 'GET', `${API}/saqs/${signedId}/history`);
    expect(history.body.content.items[0]).toMatchObject({
      action: 'migrate',
      from: 'signed',
      to: 'waiting',
      comment: 'PCI DSS 4.0.1 → 4.0.2; answers to re-read: 4',
    });

    // it is on 4.0.2 now: nothing newer, the new question can be answered, the old one is gone
    expect((await offer(signedId)).body).toEqual({ content: null });
    const again = await migrate(signedId, { documentId: 'saq-a-4.0.2', version: 1 });
    expect([again.status, again.body.code]).toEqual([409, 'saqMigrationNotNewer']);
    const back = await migrate(signedId, { documentId: SAQ_A_ID, version: 1 });
    expect([back.status, back.body.code]).toEqual([409, 'saqMigrationNotNewer']);
    const answered = await as(merchant, 'PUT', `${API}/saqs/${signedId}/answers/req_12_10_2`, { value: 'inPlace' });
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const stale = await as(merchant, 'PUT', `${API}/saqs/${signedId}/answers/req_6_3_3`, { value: 'inPlace' });
    expect(stale.status).toBe(422);
  });

  it('while answering: the move is in the history, and reworded answers stay flagged until confirmed or answered again', async () => {
    const saqId = await onOldVersion();
    for (const [item, value] of [
      ['req_3_1_1', 'inPlace'],
      ['req_6_3_3', 'notInPlace'],
      ['req_2_2_2', 'inPlace'],
    ])
      expect((await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/${item}`, { value })).status).toBe(200);
    const moved = await migrate(saqId, { documentId: 'saq-a-4.0.2', version: 1 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.content.status).toBe('waiting');
    const history = (await as(merchant, 'GET', `${API}/saqs/${saqId}/history`)).body.content.items;
    expect(history[0]).toMatchObject({ action: 'migrate', from: 'waiting', to: 'waiting' });
    expect(history[0].comment).toBe('PCI DSS 4.0.1 → 4.0.2; answers to re-read: 2');

    const reread = `${API}/saqs/${saqId}/reread`;
    const flags = (await as(merchant, 'GET', reread)).body.content;
    expect(flags).toEqual([
      {
        itemId: 'req_3_1_1',
        requirement: '3.1.1',
        standardVersion: '4.0.1',
        text: { en: expect.stringMatching(/^Are the policies and procedures/), tr: expect.any(String) },
      },
      expect.objectContaining({ itemId: 'req_6_3_4', requirement: '6.3.3' }),
    ]);
    // who may confirm, and what
    expect((await as(undefined, 'GET', reread)).status).toBe(401);
    expect((await as(bank, 'GET', reread)).status).toBe(403);
    expect((await as(other, 'GET', reread)).status).toBe(404);
    const confirm = (item: string, body: unknown = {}, token = merchant) =>
      as(token, 'POST', `${reread}/${item}/confirm`, body);
    expect((await confirm('req_3_1_1', {}, admin)).status).toBe(403);
    expect((await confirm('req_3_1_1', {}, other)).status).toBe(404);
    expect((await confirm('req_3_1_1', { sure: true })).status).toBe(400);
    expect((await confirm('../x')).status).toBe(404);
    const unflagged = await confirm('req_2_2_2');
    expect([unflagged.status, unflagged.body.code]).toEqual([404, 'rereadNotFound']);

    // confirming keeps the answer; answering again is re-reading too
    const confirmed = await confirm('req_3_1_1');
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    expect(confirmed.body.content.answers.req_3_1_1).toBe('inPlace');
    expect(confirmed.body.content.reread.map((flag: { itemId: string }) => flag.itemId)).toEqual(['req_6_3_4']);
    expect((await confirm('req_3_1_1')).body.code).toBe('rereadNotFound');
    expect((await as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/req_6_3_4`, { value: 'inPlace' })).status).toBe(
      200,
    );
    expect((await as(merchant, 'GET', reread)).body.content).toEqual([]);
  });

  it('never interleaves with an answer being saved (the user’s SAQ lock)', async () => {
    const saqId = await onOldVersion();
    await answerSaqA(server.base, merchant, saqId);
    const [moved, saved] = await Promise.all([
      migrate(saqId, { documentId: 'saq-a-4.0.2', version: 1 }),
      as(merchant, 'PUT', `${API}/saqs/${saqId}/answers/companyName`, { value: 'Changed Shop' }),
    ]);
    expect([moved.status, saved.status]).toEqual([200, 200]);
    const final = (await as(merchant, 'GET', `${API}/saqs/${saqId}`)).body.content;
    expect(final.document).toEqual({ id: 'saq-a-4.0.2', version: 1 });
    expect(final.answers.companyName).toBe('Changed Shop');
  });
});
