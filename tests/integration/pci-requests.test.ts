import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Filter } from '../../core/query/query.types';
import { encodeListQuery } from '../../core/query/query.utils';
import { NOTIFICATIONS_API_KEY } from '../../core/notifications/notification.types';
import type { PciRequestIdRecord, SaqLevelResultRecord, UserRecord } from '../../server/store/records.types';
import { textPdf } from './support/pdf';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';
import { SAQ_API, signedSaqA } from './support/saq-flow';

const IDS = '/wbe/api/pci-request-ids';
const REQUESTS = '/wbe/api/pci-requests';
const where = (filter: Filter) => new URLSearchParams(encodeListQuery({ filter })).toString();
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * PCI requests and request IDs (docs/gateway/wbe-compliance.md 'PCI requests and request IDs'): a bank generates a code, a
 * merchant organisation enters it, and the request's status follows the merchant's level, SAQ and
 * documents; every call scoped to the session's organisation.
 */
describe('PCI requests and request IDs', () => {
  let server: TestServer;
  let bank: string;
  let acquirer: string;
  let merchant: string;
  let admin: string;
  const as = (token: string | undefined, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token, body, headers: { 'accept-language': 'en' } });
  const generate = async (body: Record<string, unknown>) => {
    const made = await as(bank, 'POST', IDS, body);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    return made.body.content as { id: string; code: string };
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    [bank, merchant, admin] = await Promise.all(
      ['bank@demo.test', 'merchant@demo.test', 'admin@demo.test'].map((email) => tokenFor(server.base, email)),
    );
    const switched = await as(bank, 'GET', '/trn/v2/login/organization/org-demo-acquirer');
    expect(switched.status).toBe(200);
    acquirer = switched.body.content.token;
  }, 90_000); // four sign-ins: slow on a loaded machine
  afterAll(() => server?.close());

  it('refuses signed-out callers, merchants on the bank side and banks on the merchant side', async () => {
    for (const [method, path] of [
      ['GET', IDS],
      ['POST', IDS],
      ['GET', REQUESTS],
      ['POST', REQUESTS],
      ['GET', `${REQUESTS}/open`],
      ['GET', '/wbe/api/pci-dss/merchants'],
      ['GET', '/wbe/api/pci-dss/stats'],
    ]) {
      expect((await as(undefined, method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(
        401,
      );
    }
    expect((await as(merchant, 'GET', IDS)).status).toBe(403);
    expect((await as(merchant, 'POST', IDS, { dueDate: day(30), limit: 1 })).status).toBe(403);
    expect((await as(merchant, 'GET', '/wbe/api/pci-dss/merchants')).status).toBe(403);
    expect((await as(bank, 'GET', REQUESTS)).status).toBe(403);
    expect((await as(bank, 'POST', REQUESTS, { requestId: 'PCI-AAAA-BBBB' })).status).toBe(403);
    expect((await as(merchant, 'GET', `${REQUESTS}/${encodeURIComponent('not an id')}`)).status).toBe(400);
  });

  it('generates request IDs judged by the form document, with limit, quota and state', async () => {
    const past = await as(bank, 'POST', IDS, { dueDate: day(-1), limit: 1 });
    expect(past.status).toBe(422);
    expect(past.body).toMatchObject({ code: 'dueDateInPast', errors: { dueDate: 'errors.dueDateInPast' } });
    const badLimit = await as(bank, 'POST', IDS, { dueDate: day(30), limit: 0, extra: 1 });
    expect(badLimit.status).toBe(422);
    expect(badLimit.body.errors).toMatchObject({ limit: expect.any(String), extra: 'validation.invalid' });
    expect((await as(bank, 'POST', IDS, { dueDate: day(30), limit: 'many' })).status).toBe(400);

    const made = await generate({ dueDate: day(30), limit: 3, note: 'Q3 campaign' });
    expect(made).toMatchObject({
      limit: 3,
      used: 0,
      quota: 3,
      state: 'active',
      bankName: 'Demo Bank',
      note: 'Q3 campaign',
    });
    expect(made.code).toMatch(/^PCI-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    const listed = await as(bank, 'GET', `${IDS}?${where({ field: 'code', op: 'eq', value: made.code })}`);
    expect(listed.body.content.items.map((item: { id: string }) => item.id)).toEqual([made.id]);
    // another organisation's request IDs are not listed, and revoking one is 404
    const other = await as(acquirer, 'GET', IDS);
    expect(other.body.content.items.some((item: { id: string }) => item.id === made.id)).toBe(false);
    expect((await as(acquirer, 'POST', `${IDS}/${made.id}/revoke`)).status).toBe(404);
  });

  it('lets a merchant enter a code once, within its limit, due date and while not revoked', async () => {
    expect((await as(merchant, 'POST', REQUESTS, { requestId: 'PCI-ZZZZ-ZZZZ' })).body.code).toBe('requestIdNotFound');
    const single = await generate({ dueDate: day(10), limit: 1 });
    // typed in lower case with spaces: codes are read as stored
    const typed = ` ${single.code.toLowerCase().replace('-', ' - ')} `;
    const entered = await as(merchant, 'POST', REQUESTS, { requestId: typed });
    expect(entered.status, JSON.stringify(entered.body)).toBe(201);
    expect(entered.body.content).toMatchObject({
      bankId: 'org-demo-bank',
      bankName: 'Demo Bank',
      merchantName: 'Demo Merchant Ltd',
      requestCode: single.code,
      dueDate: day(10),
    });
    expect((await as(merchant, 'POST', REQUESTS, { requestId: single.code })).body.code).toBe('pciRequestExists');
    // limit 1: the next organisation finds it used up; the bank sees the quota spent
    const full = await as(admin, 'POST', REQUESTS, { requestId: single.code });
    expect([full.status, full.body.code]).toEqual([409, 'requestIdUsedUp']);
    const ids = await as(bank, 'GET', `${IDS}?${where({ field: 'limit', op: 'isNull', value: true })}&sort=secret`);
    expect(ids.status).toBe(400);
    const byCode = await as(bank, 'GET', `${IDS}?${where({ field: 'code', op: 'eq', value: single.code })}`);
    expect(byCode.body.content.items[0]).toMatchObject({ used: 1, quota: 0, state: 'usedUp' });

    const revoked = await generate({ dueDate: day(10), limit: 5 });
    expect((await as(bank, 'POST', `${IDS}/${revoked.id}/revoke`)).body.content.state).toBe('revoked');
    expect((await as(merchant, 'POST', REQUESTS, { requestId: revoked.code })).body.code).toBe('requestIdNotFound');

    const lapsed = await generate({ dueDate: day(1), limit: 5 });
    const stored = server.store.collection<PciRequestIdRecord>('pciRequestIds');
    const record = await stored.get(lapsed.id);
    if (!record) throw new Error('the generated request ID is not stored');
    await stored.replace(lapsed.id, { ...record, dueDate: day(-1) });
    const late = await as(merchant, 'POST', REQUESTS, { requestId: lapsed.code });
    expect([late.status, late.body.code]).toEqual([410, 'requestIdExpired']);
    // the bank's own code is not a request to itself
    const own = await generate({ dueDate: day(10), limit: 5 });
    expect((await as(bank, 'POST', REQUESTS, { requestId: own.code })).status).toBe(403);

    // the bank hears of it, in the reader's language
    for (const [language, title] of [
      ['en', `Demo Merchant Ltd entered request ID ${single.code}`],
      ['tr', `Demo Merchant Ltd, ${single.code} talep kimliğini girdi`],
    ]) {
      const notifs = await call(server.base, 'GET', '/ntgw/api/notifs?pageSize=50', {
        token: bank,
        headers: { 'x-api-key': NOTIFICATIONS_API_KEY, 'accept-language': language },
      });
      expect(notifs.body.content.items).toContainEqual(
        expect.objectContaining({ title, url: '/app/pci-dss/merchants' }),
      );
    }

    // another organisation's request is 404 as if it did not exist
    const id = entered.body.content.id;
    expect((await as(merchant, 'GET', `${REQUESTS}/${id}`)).status).toBe(200);
    expect((await as(admin, 'GET', `${REQUESTS}/${id}`)).body.code).toBe('pciRequestNotFound');
  });

  it('opens the request page by the merchant id as shell §2.5 names it, and by the request id (issue 24 item 10)', async () => {
    const { code } = await generate({ dueDate: day(30), limit: 5 });
    const entered = await as(merchant, 'POST', REQUESTS, { requestId: code });
    expect(entered.status).toBe(201);
    // the merchant organisation's newest request stands for it
    const byMerchant = await as(merchant, 'GET', `${REQUESTS}/org-demo-merchant`);
    expect(byMerchant.status, JSON.stringify(byMerchant.body)).toBe(200);
    expect(byMerchant.body.content).toMatchObject({ id: entered.body.content.id, requestCode: code });
    expect((await as(merchant, 'GET', `${REQUESTS}/${entered.body.content.id}`)).body.content).toEqual(
      byMerchant.body.content,
    );
    // another merchant's id, or an organisation without requests: not found, never 400 or 500
    for (const other of ['org-demo-bank', 'org-without-requests']) {
      const answer = await as(merchant, 'GET', `${REQUESTS}/${other}`);
      expect([answer.status, answer.body.code]).toEqual([404, 'pciRequestNotFound']);
    }
    expect((await as(merchant, 'GET', `${REQUESTS}/${encodeURIComponent('a b')}`)).status).toBe(400);
  });

  it('computes the status from the level, the SAQ and the documents, and submission picks the request', async () => {
    const { code } = await generate({ dueDate: day(60), limit: 10 });
    const entered = await as(merchant, 'POST', REQUESTS, { requestId: code });
    const id = entered.body.content.id as string;
    const status = async () => (await as(merchant, 'GET', `${REQUESTS}/${id}`)).body.content;

    expect(await status()).toMatchObject({ saqStatus: 'noLevel', status: 'noLevel', aocStatus: 'notRequired' });
    // entering the code shares the organisation's documents with the bank
    const shares = await as(merchant, 'GET', '/wbe/api/userComplianceShares');
    expect(shares.body.content.items.find((share: { id: string }) => share.id === 'org-demo-bank')?.shared).toBe(true);

    const user = (await server.store.collection<UserRecord>('users').find((u) => u.email === 'merchant@demo.test'))[0];
    const level: SaqLevelResultRecord = {
      id: user.id,
      userId: user.id,
      level: 4,
      saqType: 'A',
      answers: {},
      createdAt: new Date().toISOString(),
    };
    const results = server.store.collection<SaqLevelResultRecord>('saqLevelResults');
    if (await results.get(user.id)) await results.replace(user.id, level);
    else await results.insert(level);
    // SAQ A asks 11.3.2 (external scans by an ASV): an ASV report is needed
    expect(await status()).toMatchObject({
      level: 4,
      saqType: 'A',
      saqStatus: 'inProgress',
      asvStatus: 'uploadRequired',
    });

    const signed = await signedSaqA(server, merchant);
    expect(await status()).toMatchObject({ saqStatus: 'signed', saqId: signed.id, status: 'uploadRequired' });

    // domain §5: with a request open to that bank, one must be picked
    const open = await as(merchant, 'GET', `${REQUESTS}/open`);
    expect(open.body.content.map((choice: { id: string }) => choice.id)).toContain(id);
    const submit = (body: Record<string, unknown>) => as(merchant, 'POST', `${SAQ_API}/saqs/${signed.id}/submit`, body);
    const unpicked = await submit({ bankId: 'org-demo-bank' });
    expect([unpicked.status, unpicked.body.code]).toEqual([422, 'requestIdRequired']);
    expect((await submit({ bankId: 'org-demo-acquirer', requestId: id })).body.code).toBe('requestIdInvalid');
    const submitted = await submit({ bankId: 'org-demo-bank', requestId: id });
    expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
    expect(submitted.body.content.pciRequestId).toBe(id);
    expect(await status()).toMatchObject({
      saqStatus: 'completed',
      asvStatus: 'uploadRequired',
      status: 'uploadRequired',
    });
    expect((await as(merchant, 'GET', `${REQUESTS}/open`)).body.content.some((c: { id: string }) => c.id === id)).toBe(
      false,
    );

    // an ASV report valid for 90 days from its scan: waiting for the bank's check
    const form = new FormData();
    form.append('validFrom', day(-5));
    form.append('file', new Blob([new Uint8Array(await textPdf('ASV scan'))], { type: 'application/pdf' }), 'asv.pdf');
    const uploaded = await fetch(`${server.base}/wbe/api/compliance-documents/asv`, {
      method: 'POST',
      headers: { authorization: `Bearer ${merchant}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    expect(await status()).toMatchObject({ asvStatus: 'waitingCheck', status: 'waitingCheck' });

    // the bank that generated the code sees the merchant; another bank organisation does not
    const filter = where({ field: 'requestCode', op: 'eq', value: code });
    const seen = await as(bank, 'GET', `/wbe/api/pci-dss/merchants?${filter}`);
    expect(seen.body.content.items).toHaveLength(1);
    expect(seen.body.content.items[0]).toMatchObject({ merchantName: 'Demo Merchant Ltd', status: 'waitingCheck' });
    expect((await as(acquirer, 'GET', `/wbe/api/pci-dss/merchants?${filter}`)).body.content.items).toHaveLength(0);
    const stats = await as(bank, 'GET', '/wbe/api/pci-dss/stats');
    expect(stats.body.content.total).toBeGreaterThan(0);

    // the merchant's list filters on the computed status
    const mine = await as(
      merchant,
      'GET',
      `${REQUESTS}?${where({ field: 'status', op: 'eq', value: 'waitingCheck' })}`,
    );
    expect(mine.body.content.items.map((item: { id: string }) => item.id)).toContain(id);

    // a level 1 merchant validates with a QSA: no SAQ, but an AoC to upload
    await results.replace(user.id, { ...level, level: 1 });
    expect(await status()).toMatchObject({ saqStatus: 'notRequired', aocStatus: 'uploadRequired' });
  }, 180_000); // an SAQ answered one by one and signed: slow on a loaded machine
});
