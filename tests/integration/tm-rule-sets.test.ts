import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import rulesSeed from '../../schemas/transaction-monitoring/rules.json';
import type { TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import type { UserRecord } from '../../server/store/records.types';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';
import { tmManagerTokens } from './support/tm-managers';

const INGEST = '/tm/api/v1/transactions';
const TM = '/wbe/api/transaction-monitoring';
const MINUTE = 60_000;
const DEFAULT = rulesSeed.body as unknown as TmRuleSetBody;
/** The demo monitoring organisation (A) and the other one its copy of the manager joins (B). */
const A = 'org-demo-monitoring';
const B = 'org-demo-bank';
const OWN_A = `org.${A}`;
/** The default rules plus one that flags any payment of 100 or more. */
const WITH_BIG: TmRuleSetBody = {
  ...DEFAULT,
  rules: [
    ...DEFAULT.rules,
    {
      id: 'big-payment',
      title: { en: 'Big payment', tr: 'Büyük ödeme' },
      group: 'amount',
      score: 30,
      when: { '>=': [{ var: 'amount' }, 100] },
    },
  ],
};
const CARDS = ['4111111111111111', '5555555555554444', '378282246310005', '6011111111111117'];

/**
 * Per-acquirer rule sets over HTTP (docs/documents/tm-rules.md): an organisation's own set, approved
 * within it, scores its transactions while another organisation stays on the platform default; no
 * route lets one organisation read, draft, approve, roll back or backtest another's set.
 */
describe('transaction-monitoring rule sets per acquirer organisation', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const keys: Record<string, string> = {};
  let sequence = 0;
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  /** One 150.00 payment of its own merchant, card and IP through the organisation's key. */
  const pay = async (organization: 'A' | 'B') => {
    sequence += 1;
    server.clock.advance(MINUTE);
    const answer = await call(server.base, 'POST', INGEST, {
      headers: { 'x-api-key': keys[organization] },
      body: {
        transactionId: `set-${sequence}`,
        merchantId: `set-m-${sequence}`,
        pan: CARDS[sequence % CARDS.length],
        amount: 150,
        currency: 'EUR',
        country: 'DE',
        ip: `203.0.113.${sequence}`,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content as { id: string; decision: string; hits: string[]; ruleSet: unknown };
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    Object.assign(tokens, await tmManagerTokens(server, 'tm-set-b@demo.test'));
    const users = server.store.collection<UserRecord>('users');
    const approver = (await users.all()).find((user) => user.email === 'tm-approver@demo.test') as UserRecord;
    const manage = ['transactionMonitoringManager:view'];
    const approve = [...manage, 'transactionMonitoringRules:approve'];
    // an approver of B only, and one who approves in B but is a plain manager in A (A is its session)
    await users.insert({
      ...approver,
      id: crypto.randomUUID(),
      email: 'b-approver@demo.test',
      organizationIds: [B],
      memberships: undefined,
    });
    await users.insert({
      ...approver,
      id: crypto.randomUUID(),
      email: 'both@demo.test',
      organizationIds: [A, B],
      memberships: { [A]: { roles: ['user'], permissions: manage }, [B]: { roles: ['user'], permissions: approve } },
    });
    for (const who of ['tm-approver', 'b-approver', 'both', 'admin'])
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
    keys.A = (await as('tm', 'POST', `${TM}/keys`, { name: 'Set A' })).body.content.key;
    keys.B = (await as('other', 'POST', `${TM}/keys`, { name: 'Set B' })).body.content.key;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('scores A by its own approved set and B by the default; approval only by another approver of A', async () => {
    const defaultSet = { id: 'acquirer', version: 1 };
    expect(await pay('A')).toMatchObject({ decision: 'approved', ruleSet: defaultSet });
    expect(await pay('B')).toMatchObject({ decision: 'approved', ruleSet: defaultSet });

    // A's first draft starts its own set from the default (version 1, by system): same rules, same decisions
    const drafted = await as('tm', 'POST', `${TM}/rules/drafts`, { body: WITH_BIG });
    expect(drafted.status).toBe(201);
    expect(drafted.body.content).toMatchObject({ id: OWN_A, version: 2, status: 'draft' });
    expect(await pay('A')).toMatchObject({ decision: 'approved', ruleSet: { id: OWN_A, version: 1 } });

    // the author, an approver of B only, and an approver of B in a session of A are all refused
    const author = await as('tm', 'POST', `${TM}/rules/versions/2/approve`, {});
    expect([author.status, author.body.code]).toEqual([403, 'noPermission']);
    const ownDraft = await as('tm-approver', 'POST', `${TM}/rules/drafts`, { body: WITH_BIG });
    const selfApproval = await as(
      'tm-approver',
      'POST',
      `${TM}/rules/versions/${ownDraft.body.content.version}/approve`,
      {},
    );
    expect([selfApproval.status, selfApproval.body.code]).toEqual([403, 'ownDraftApproval']);
    const elsewhere = await as('b-approver', 'POST', `${TM}/rules/versions/2/approve`, {});
    expect(elsewhere.status).toBe(404); // B has no set of its own: A's is not reachable from B
    const inA = await as('both', 'POST', `${TM}/rules/versions/2/approve`, {});
    expect([inA.status, inA.body.code]).toEqual([403, 'noPermission']);
    expect(await pay('A')).toMatchObject({ ruleSet: { id: OWN_A, version: 1 } });

    const approved = await as('tm-approver', 'POST', `${TM}/rules/versions/2/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    const scoredA = await pay('A');
    expect(scoredA).toMatchObject({ decision: 'flagged', hits: ['big-payment'], ruleSet: { id: OWN_A, version: 2 } });
    expect(await pay('B')).toMatchObject({ decision: 'approved', hits: [], ruleSet: defaultSet });

    // the decision keeps the set and version that decided it
    server.clock.advance(16 * MINUTE);
    const stored = await as('tm', 'GET', `${TM}/transactions/${scoredA.id}`);
    expect(stored.body.content.ruleSet).toEqual({ id: OWN_A, version: 2 });

    // each organisation's rules screen reads its own set
    expect((await as('tm', 'GET', `${TM}/rules`)).body.content).toMatchObject({
      ruleSet: OWN_A,
      source: 'own',
      version: 2,
    });
    const rulesB = (await as('other', 'GET', `${TM}/rules?pageSize=50`)).body.content;
    expect(rulesB).toMatchObject({ ruleSet: 'acquirer', source: 'default', version: 1 });
    expect(rulesB.items.map((rule: { id: string }) => rule.id)).not.toContain('big-payment');
    const versionsA = (await as('tm', 'GET', `${TM}/rules/versions?pageSize=50`)).body.content.items;
    expect(versionsA.slice(-2)).toMatchObject([
      { version: 2, status: 'published', ruleSet: OWN_A, author: 'tm@demo.test', approver: 'tm-approver@demo.test' },
      { version: 1, status: 'retired', ruleSet: OWN_A, author: 'system' },
    ]);
  });

  it('refuses B everything of A’s set: reads, drafts, approval, rollback, backtest, and the config API', async () => {
    // B sees the default's published version only, and none of A's
    const versionsB = (await as('other', 'GET', `${TM}/rules/versions`)).body.content.items;
    expect(versionsB).toMatchObject([{ version: 1, status: 'published', ruleSet: 'acquirer', source: 'default' }]);
    expect((await as('other', 'GET', `${TM}/rules/versions/2`)).status).toBe(404);
    expect((await as('other', 'POST', `${TM}/rules/versions/2/rollback`, {})).status).toBe(404);
    expect((await as('b-approver', 'POST', `${TM}/rules/versions/2/approve`, {})).status).toBe(404);
    const to = server.clock.now().toISOString();
    const from = new Date(server.clock.now().getTime() - 60 * MINUTE).toISOString();
    expect((await as('other', 'POST', `${TM}/backtests`, { from, to, version: 2 })).status).toBe(404);
    // B's own backtest replays the default's published version; A's replays A's set
    const backtestB = await as('other', 'POST', `${TM}/backtests`, { from, to, version: 1 });
    expect(backtestB.body.content.ruleSet).toEqual({ id: 'acquirer', version: 1 });
    const backtestA = await as('tm', 'POST', `${TM}/backtests`, { from, to, version: 2 });
    expect(backtestA.body.content.ruleSet).toEqual({ id: OWN_A, version: 2 });
    await server.settled();
    const doneA = (await as('tm', 'GET', `${TM}/backtests/${backtestA.body.content.id}`)).body.content;
    expect(doneA).toMatchObject({ status: 'completed', comparison: { liveVersion: 2 } });
    expect(doneA.result.rules.map((rule: { ruleId: string }) => rule.ruleId)).toContain('big-payment');

    // the config API serves an organisation's set to no one but admins, and lets only the organisation change it
    const config = `/config/v1/documents/tm-rules/${OWN_A}`;
    expect((await call(server.base, 'GET', config)).status).toBe(404);
    expect((await as('other', 'GET', config)).status).toBe(404);
    expect((await as('other', 'GET', `${config}/versions`)).status).toBe(404);
    expect((await as('other', 'GET', `${config}/versions/2`)).status).toBe(404);
    expect((await as('admin', 'GET', config)).status).toBe(200);
    const listed = (await call(server.base, 'GET', '/config/v1/documents')).body.content as Array<{ id: string }>;
    expect(listed.map((entry) => entry.id)).not.toContain(OWN_A);
    const adminDraft = await as('admin', 'POST', `${config}/drafts`, { body: DEFAULT });
    expect([adminDraft.status, adminDraft.body.code]).toEqual([403, 'noPermission']);

    // B's own first draft starts B's set, apart from A's
    const draftB = await as('other', 'POST', `${TM}/rules/drafts`, { body: DEFAULT });
    expect(draftB.body.content).toMatchObject({ id: `org.${B}`, version: 2 });
    expect(await pay('B')).toMatchObject({ ruleSet: { id: `org.${B}`, version: 1 } });
    expect(await pay('A')).toMatchObject({ ruleSet: { id: OWN_A, version: 2 } });
  });
});
