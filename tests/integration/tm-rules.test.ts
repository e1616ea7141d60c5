import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rulesSeed from '../../schemas/transaction-monitoring/rules.json';
import type { TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const INGEST = '/tm/api/v1/transactions';
const TM = '/wbe/api/transaction-monitoring';
const MINUTE = 60_000;
/** The demo monitoring organisation's own rule set in the config API (its first draft starts it). */
const OWN = '/config/v1/documents/tm-rules/org.org-demo-monitoring';
const LIVE = rulesSeed.body as unknown as TmRuleSetBody;
/** The seeded rules plus one that flags any payment of 100 or more. */
const WITH_BIG: TmRuleSetBody = {
  ...LIVE,
  rules: [
    ...LIVE.rules,
    {
      id: 'big-payment',
      title: { en: 'Big payment', tr: 'Büyük ödeme' },
      group: 'amount',
      score: 30,
      when: { '>=': [{ var: 'amount' }, 100] },
    },
  ],
};
/** Luhn-valid card numbers, one per transaction, so no velocity rule joins in. */
const CARDS = [
  '4111111111111111',
  '5555555555554444',
  '378282246310005',
  '6011111111111117',
  '5105105105105100',
  '4012888888881881',
];

/**
 * Maker-checker of the tm-rules document over HTTP (docs/documents/tm-rules.md): a manager's draft,
 * approved only by another user holding transactionMonitoringRules:approve; approval switches scoring
 * at once; rollback is a draft equal to an earlier version; the preview replays a draft over the
 * organisation's recent transactions with the engine that scores them.
 */
describe('transaction-monitoring rules: drafts, approval, rollback, preview', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let key = '';
  let sequence = 0;
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  /** One transaction of its own merchant, card and IP (no history rule joins in), a minute after the last. */
  const pay = async (amount: number) => {
    sequence += 1;
    server.clock.advance(MINUTE);
    const answer = await call(server.base, 'POST', INGEST, {
      headers: { 'x-api-key': key },
      body: {
        transactionId: `r-${sequence}`,
        merchantId: `m-${sequence}`,
        pan: CARDS[sequence % CARDS.length],
        amount,
        currency: 'EUR',
        country: 'DE',
        ip: `198.51.100.${sequence}`,
      },
    });
    expect(answer.status).toBe(201);
    return answer.body.content as { decision: string; hits: string[]; ruleSet: { version: number } };
  };
  const draft = async (who: string, body: TmRuleSetBody) => {
    const answer = await as(who, 'POST', `${TM}/rules/drafts`, { body });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content.version as number;
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of ['tm', 'tm-approver', 'bank', 'admin'])
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    key = (await as('tm', 'POST', `${TM}/keys`, { name: 'Rules test' })).body.content.key;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('lets no one approve their own draft, nor anyone without the approver permission; another approver’s approval switches scoring at once', async () => {
    expect(await pay(150)).toMatchObject({ decision: 'approved', hits: [], ruleSet: { version: 1 } });
    const version = await draft('tm', WITH_BIG);
    expect(version).toBe(2);

    const own = await as('tm-approver', 'POST', `${TM}/rules/drafts`, { body: WITH_BIG });
    const ownApproval = await as('tm-approver', 'POST', `${TM}/rules/versions/${own.body.content.version}/approve`, {});
    expect([ownApproval.status, ownApproval.body.code]).toEqual([403, 'ownDraftApproval']);
    expect(ownApproval.body.message).toContain('another approver');
    const turkish = await call(server.base, 'POST', `${TM}/rules/versions/${own.body.content.version}/approve`, {
      token: tokens['tm-approver'],
      body: {},
      headers: { 'accept-language': 'tr' },
    });
    expect(turkish.body.message).toContain('onaylayıcı');

    // a manager without transactionMonitoringRules:approve, and a user without the area at all
    const notApprover = await as('tm', 'POST', `${TM}/rules/versions/${version}/approve`, {});
    expect([notApprover.status, notApprover.body.code]).toEqual([403, 'noPermission']);
    expect((await as('bank', 'POST', `${TM}/rules/versions/${version}/approve`, {})).status).toBe(403);
    // nor through the admin's document editor: the organisation's own set is changed only within it
    const adminPublish = await as('admin', 'POST', `${OWN}/versions/${version}/publish`);
    expect(adminPublish.status).toBe(403);
    const adminEdit = await as('admin', 'PUT', `${OWN}/versions/${version}`, { body: LIVE });
    expect([adminEdit.status, adminEdit.body.code]).toEqual([403, 'noPermission']);
    expect(await pay(150)).toMatchObject({ decision: 'approved', ruleSet: { version: 1 } });

    const approved = await as('tm-approver', 'POST', `${TM}/rules/versions/${version}/approve`, {});
    expect(approved.status).toBe(200);
    expect(approved.body.content).toMatchObject({
      status: 'published',
      createdBy: 'tm@demo.test',
      publishedBy: 'tm-approver@demo.test',
    });
    expect(await pay(150)).toMatchObject({ decision: 'flagged', hits: ['big-payment'], ruleSet: { version: 2 } });
    expect(await pay(50)).toMatchObject({ decision: 'approved', ruleSet: { version: 2 } });
    const again = await as('tm-approver', 'POST', `${TM}/rules/versions/${version}/approve`, {});
    expect([again.status, again.body.code]).toEqual([409, 'documentImmutable']);
  });

  it('rolls back: a draft equal to an earlier version, approved by another, scores as that version did', async () => {
    const pending = await draft('tm', WITH_BIG);
    const rolledBack = await as('tm', 'POST', `${TM}/rules/versions/1/rollback`, {});
    expect(rolledBack.status).toBe(201);
    const version = rolledBack.body.content.version as number;
    expect(rolledBack.body.content).toMatchObject({ status: 'draft', createdBy: 'tm@demo.test' });
    expect(await pay(150)).toMatchObject({ decision: 'flagged', ruleSet: { version: 2 } });
    expect((await as('tm', 'POST', `${TM}/rules/versions/${pending}/rollback`, {})).body.code).toBe('rollbackOfDraft');

    const approved = await as('tm-approver', 'POST', `${TM}/rules/versions/${version}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(await pay(150)).toMatchObject({ decision: 'approved', hits: [], ruleSet: { version } });
    // a draft made before the rollback was published would undo it: it is made again from the current version
    const superseded = await as('tm-approver', 'POST', `${TM}/rules/versions/${pending}/approve`, {});
    expect([superseded.status, superseded.body.code]).toEqual([409, 'draftSuperseded']);

    const history = (await as('tm', 'GET', `${TM}/rules/versions?pageSize=50`)).body.content.items as Array<
      Record<string, unknown>
    >;
    expect(history.map((row) => row.version)).toEqual([version, pending, 3, 2, 1]); // newest first
    const byVersion = Object.fromEntries(history.map((row) => [row.version, row]));
    expect(byVersion[1]).toMatchObject({ status: 'retired', author: 'system', sameAs: null });
    expect(byVersion[2]).toMatchObject({
      status: 'retired',
      author: 'tm@demo.test',
      approver: 'tm-approver@demo.test',
    });
    expect(byVersion[pending]).toMatchObject({ status: 'draft', superseded: true, sameAs: 2, approver: null });
    expect(byVersion[version]).toMatchObject({ status: 'published', sameAs: 1, approver: 'tm-approver@demo.test' });
    expect(byVersion[version].approvedAt).toEqual(expect.any(String));
  });

  it('previews a draft over the recent visible transactions: how many decisions change, which, and each rule’s hits', async () => {
    // six more, scored by the rolled-back version; then all of them are past the 15-minute delay
    for (const amount of [20, 150, 30, 250, 99, 100]) await pay(amount);
    server.clock.advance(16 * MINUTE);
    const live = (await as('tm', 'GET', `${TM}/transactions?pageSize=100`)).body.content.items as Array<{
      amount: number;
      decision: string;
      transactionId: string;
    }>;
    const ids = (rows: Array<{ transactionId: string }>) => rows.map((row) => row.transactionId).sort();
    // only big-payment (of version 2) ever flagged one of these: the live rules approve them all again
    const flagged = live.filter((row) => row.decision === 'flagged');
    expect(flagged.length).toBeGreaterThanOrEqual(1);
    const same = await as('tm', 'POST', `${TM}/rules/preview`, { body: LIVE });
    expect(same.status).toBe(200);
    expect(same.body.content).toMatchObject({
      total: live.length,
      changed: flagged.length,
      transitions: [{ from: 'flagged', to: 'approved', count: flagged.length }],
    });
    expect(ids(same.body.content.changes)).toEqual(ids(flagged));

    const preview = await as('tm', 'POST', `${TM}/rules/preview`, { body: WITH_BIG, days: 1 });
    expect(preview.status).toBe(200);
    const answer = preview.body.content;
    const expected = live.filter((row) => row.amount >= 100 && row.decision === 'approved');
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(answer.changed).toBe(expected.length);
    expect(answer.transitions).toEqual([{ from: 'approved', to: 'flagged', count: expected.length }]);
    expect(ids(answer.changes)).toEqual(ids(expected));
    const big = answer.rules.find((rule: { ruleId: string }) => rule.ruleId === 'big-payment');
    expect(big.draftHits).toBe(live.filter((row) => row.amount >= 100).length);
    expect(big.liveHits).toBe(flagged.length);
    expect(answer.rules.find((rule: { ruleId: string }) => rule.ruleId === 'large-amount')).toEqual({
      ruleId: 'large-amount',
      liveHits: 0,
      draftHits: 0,
    });
    expect(JSON.stringify(answer)).not.toMatch(/4111111111111111|cardHash/);

    // a user without the area replays nothing
    expect((await as('bank', 'POST', `${TM}/rules/preview`, { body: WITH_BIG })).status).toBe(403);
  });

  it('refuses bad bodies with 4xx: missing or unknown fields 400, a rule set publishing would refuse 422 with its problems', async () => {
    expect((await as('tm', 'POST', `${TM}/rules/preview`, {})).status).toBe(400);
    expect((await as('tm', 'POST', `${TM}/rules/preview`, { body: LIVE, days: 0 })).status).toBe(400);
    expect((await as('tm', 'POST', `${TM}/rules/preview`, { body: LIVE, limit: 'all' })).status).toBe(400);
    expect((await as('tm', 'POST', `${TM}/rules/preview`, '[1,')).status).toBe(400);
    expect((await as('tm', 'POST', `${TM}/rules/drafts`, { body: LIVE, extra: 1 })).status).toBe(400);
    const broken = {
      ...LIVE,
      thresholds: { flag: 90, investigate: 60, decline: 30 },
      rules: [LIVE.rules[0], LIVE.rules[0]],
    };
    const refused = await as('tm', 'POST', `${TM}/rules/drafts`, { body: broken });
    expect(refused.status).toBe(422);
    const paths = refused.body.problems.map((problem: { path: string }) => problem.path);
    expect(paths).toEqual(expect.arrayContaining(['/body/thresholds', '/body/rules/1/id']));
    const unknownOp = { ...LIVE, rules: [{ ...LIVE.rules[0], when: { eval: ['1'] } }] };
    expect((await as('tm', 'POST', `${TM}/rules/preview`, { body: unknownOp })).status).toBe(422);
    expect((await as('tm', 'POST', `${TM}/rules/preview`, { body: { rules: 'x' } })).status).toBe(422);
    expect((await as('tm-approver', 'POST', `${TM}/rules/versions/abc/approve`, {})).status).toBe(400);
    expect((await as('tm-approver', 'POST', `${TM}/rules/versions/999/approve`, {})).status).toBe(404);
    expect((await as('tm-approver', 'POST', `${TM}/rules/versions/1/approve`, { now: true })).status).toBe(400);
    expect((await as('tm', 'GET', `${TM}/rules/versions/1`)).body.content.body.rules.length).toBe(LIVE.rules.length);
  });

  it('keeps the organisation’s screen variant (shell §2.4): acquirer by default, alternate once chosen, in the session guards read', async () => {
    const mode = async (who: string) =>
      (await as(who, 'GET', '/iam/api/me')).body.content.data.transactionMonitoringMode;
    expect((await as('tm', 'GET', `${TM}/settings`)).body.content).toEqual({ mode: 'acquirer' });
    expect(await mode('tm')).toBe('acquirer');
    expect((await as('tm', 'PUT', `${TM}/settings`, { mode: 'sideways' })).status).toBe(400);
    expect((await as('tm', 'PUT', `${TM}/settings`, { mode: 'alternate', extra: 1 })).status).toBe(400);
    expect((await as('bank', 'PUT', `${TM}/settings`, { mode: 'alternate' })).status).toBe(403);
    const saved = await as('tm', 'PUT', `${TM}/settings`, { mode: 'alternate' });
    expect(saved.body.content).toEqual({ mode: 'alternate' });
    // every user of the organisation sees it; another organisation keeps the default
    expect(await mode('tm-approver')).toBe('alternate');
    expect(await mode('admin')).toBe('acquirer');
    expect((await as('tm', 'GET', `${TM}/settings`)).body.content).toEqual({ mode: 'alternate' });
  });
});
