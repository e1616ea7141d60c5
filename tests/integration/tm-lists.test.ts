import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKTEST_JOB, type TmBacktestRecord } from '../../server/services/tm-backtest.service';
import type { TmTransactionRecord } from '../../server/services/tm-records';
import { COLLECTION_NAMES } from '../../server/store/store.types';
import type { UserRecord } from '../../server/store/records.types';
import { call, TEST_STORE, type TestServer, startTestServer, tokenFor } from './support/harness';

const TM = '/wbe/api/transaction-monitoring';
const INGEST = '/tm/api/v1/transactions';
/** Luhn-valid card numbers that must never be found at rest nor in an answer. */
const PAN = '5105105105105100';
const CSV_PAN = '4012888888881881';
const MINUTE = 60_000;
const OTHER_CARD = '5105100000000001';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

/**
 * Transaction monitoring's lists and point-in-time backtest over HTTP (issue 25): entries with
 * their history, expiry by the injected clock, allow beats block and its not-overridable exception
 * in live decisions, the CSV import's per-row report, organisation scope, and a backtest that
 * replays each transaction with the lists as they were then (no look-ahead) against case labels.
 */
describe('transaction monitoring: lists and backtest', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  let key = '';
  const as = (who: string, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: tokens[who], body, headers: { 'accept-language': 'en' } });
  const ingest = async (id: string, patch: Record<string, unknown> = {}) => {
    const answer = await call(server.base, 'POST', INGEST, {
      headers: { 'x-api-key': key },
      body: {
        transactionId: id,
        merchantId: 'lists-shop',
        pan: PAN,
        amount: 25,
        currency: 'EUR',
        country: 'DE',
        ...patch,
      },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.content as { id: string; hits: string[]; decision: string };
  };
  const upload = async (csv: string, language = 'en') => {
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'entries.csv');
    const response = await fetch(`${server.base}${TM}/list-entries/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.tm}`, 'accept-language': language },
      body: form,
    });
    return { status: response.status, text: await response.text() };
  };

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    const users = server.store.collection<UserRecord>('users');
    const tm = (await users.all()).find((user) => user.email === 'tm@demo.test') as UserRecord;
    await users.insert({
      ...tm,
      id: crypto.randomUUID(),
      email: 'tm-other@demo.test',
      organizationIds: ['org-demo-bank'],
      memberships: undefined,
    });
    for (const [who, email] of [
      ['tm', 'tm@demo.test'],
      ['other', 'tm-other@demo.test'],
      ['bank', 'bank@demo.test'],
    ])
      tokens[who] = await tokenFor(server.base, email);
    key = (await as('tm', 'POST', `${TM}/keys`, { name: 'Lists' })).body.content.key;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('adds, edits, expires and removes an entry, keeping every change with who, when, before and after', async () => {
    const added = await as('tm', 'POST', `${TM}/list-entries`, {
      listId: 'watched-emails',
      listKind: 'watch',
      entityType: 'email',
      value: 'Mule@Example.com',
      note: 'reported',
    });
    expect(added.status).toBe(201);
    const entry = added.body.content;
    expect(entry).toMatchObject({ display: 'Mule@Example.com', revision: 1, expired: false });
    expect(entry.createdBy).toBeTruthy();
    const id = entry.id;
    const edited = await as('tm', 'PUT', `${TM}/list-entries/${id}`, { notOverridable: true });
    expect(edited.body.content).toMatchObject({ notOverridable: true, revision: 2 });
    expect(edited.body.content).not.toHaveProperty('note'); // the whole editable set: left out is cleared
    const expired = await as('tm', 'POST', `${TM}/list-entries/${id}/expire`, {});
    expect(expired.body.content.expired).toBe(true);
    expect((await as('tm', 'POST', `${TM}/list-entries/${id}/expire`, {})).status).toBe(409);
    expect((await as('tm', 'DELETE', `${TM}/list-entries/${id}`)).status).toBe(200);
    expect((await as('tm', 'GET', `${TM}/list-entries/${id}`)).status).toBe(404);
    const history = (await as('tm', 'GET', `${TM}/list-entries/${id}/history`)).body.content.items;
    expect(history.map((change: { action: string }) => change.action)).toEqual(['add', 'edit', 'expire', 'remove']);
    expect(history[0]).toMatchObject({ before: null, after: { note: 'reported', notOverridable: false } });
    expect(history[1].changed).toContain('notOverridable: — → true');
    expect(history[3]).toMatchObject({ after: null, by: entry.createdBy });
    const all = await as(
      'tm',
      'GET',
      `${TM}/list-history?filter=${encodeURIComponent(JSON.stringify({ field: 'entryId', op: 'eq', value: id }))}`,
    );
    expect(all.body.content.total).toBe(4);
  });

  it('refuses malformed bodies and values (4xx naming the field), a list of two kinds and a duplicate', async () => {
    const post = (body: unknown) => as('tm', 'POST', `${TM}/list-entries`, body);
    const base = { listId: 'blocked-ips', listKind: 'black', entityType: 'ipRange', value: '198.51.100.0/24' };
    expect((await post({ ...base, createdBy: 'me' })).status).toBe(400);
    expect((await post({ ...base, listKind: 'grey' })).body.errors).toHaveProperty('listKind');
    expect((await post({ ...base, listId: 'Bad List' })).status).toBe(400);
    const badIp = await post({ ...base, value: '300.1.1.1/8' });
    expect([badIp.status, badIp.body.errors]).toEqual([422, { value: 'errors.tmListInvalidIpRange' }]);
    const past = await post({ ...base, expiresAt: '2001-01-01T00:00:00Z' });
    expect(past.body.errors).toEqual({ expiresAt: 'errors.tmListExpiryPast' });
    expect((await post(base)).status).toBe(201);
    expect((await post({ ...base, value: '198.51.100.0/24 ' })).status).toBe(409);
    expect((await post({ ...base, listKind: 'white', value: '2001:db8::/32' })).body.errors).toEqual({
      listKind: 'errors.tmListKindMismatch',
    });
    expect((await as('tm', 'PUT', `${TM}/list-entries/nope`, { note: 'x' })).status).toBe(404);
    expect((await as('tm', 'PUT', `${TM}/list-entries/x`, { value: 'y' })).status).toBe(400);
  });

  it('keeps a card entry as its keyed hash and masked number: the PAN is never answered', async () => {
    const added = await as('tm', 'POST', `${TM}/list-entries`, {
      listId: 'trusted-cards',
      listKind: 'white',
      entityType: 'card',
      value: PAN,
    });
    expect(added.status).toBe(201);
    expect(added.body.content.display).toBe('510510******5100');
    expect(added.body.content).not.toHaveProperty('value');
    expect(JSON.stringify(added.body)).not.toContain(PAN);
    const listed = await as('tm', 'GET', `${TM}/list-entries?pageSize=100`);
    expect(JSON.stringify(listed.body)).not.toContain(PAN);
    const bad = await as('tm', 'POST', `${TM}/list-entries`, { ...added.body.content, value: '4111111111111112' });
    expect(bad.status).toBe(400); // server-set members are refused at the edge
  });

  it('allow beats block in live decisions, except a block marked not overridable; an expired entry stops matching', async () => {
    // the seeded rule `blocked-card-bin` reads the list `blocked-bins`; the card is on the white list above
    const block = await as('tm', 'POST', `${TM}/list-entries`, {
      listId: 'blocked-bins',
      listKind: 'black',
      entityType: 'binRange',
      value: '510500-510599',
      expiresAt: new Date(server.clock.now().getTime() + 30 * MINUTE).toISOString(),
    });
    expect(block.status).toBe(201);
    const allowed = await ingest('l-allowed');
    expect(allowed.hits).not.toContain('blocked-card-bin');
    // another card of the range is not on the white list
    expect((await ingest('l-other-card', { pan: OTHER_CARD })).hits).toContain('blocked-card-bin');
    await as('tm', 'PUT', `${TM}/list-entries/${block.body.content.id}`, {
      notOverridable: true,
      expiresAt: block.body.content.expiresAt,
    });
    const hard = await ingest('l-hard');
    expect(hard.hits).toContain('blocked-card-bin');
    expect(hard.decision).toBe('declined');
    server.clock.advance(31 * MINUTE);
    expect((await ingest('l-after-expiry')).hits).not.toContain('blocked-card-bin');
  });

  it('imports a CSV file row by row: one refused row refuses the file and the report says why, in the caller’s language', async () => {
    const csv = [
      'listId,listKind,entityType,value,notOverridable',
      'csv-ips,black,ipRange,203.0.113.0/24,yes',
      'csv-ips,black,ipRange,not-an-ip,',
      `csv-cards,black,card,${CSV_PAN},`,
    ].join('\n');
    const refused = await upload(csv, 'tr');
    expect(refused.status).toBe(422);
    expect(refused.text).not.toContain(CSV_PAN);
    const rows = JSON.parse(refused.text).rows;
    expect(rows).toEqual([
      { row: 1, line: 2, status: 'accepted' },
      { row: 2, line: 3, status: 'refused', column: 'value', message: expect.stringContaining('CIDR') },
      { row: 3, line: 4, status: 'accepted' },
    ]);
    expect(rows[1].message).toMatch(/IP adresi/);
    const listed = async (listId: string) =>
      (
        await as(
          'tm',
          'GET',
          `${TM}/list-entries?filter=${encodeURIComponent(JSON.stringify({ field: 'listId', op: 'eq', value: listId }))}`,
        )
      ).body.content;
    expect((await listed('csv-ips')).total).toBe(0);
    const header = await upload('list,kind,value\nx,black,1');
    expect(header.status).toBe(422);
    expect(JSON.parse(header.text).rows[0]).toMatchObject({ line: 1, status: 'refused' });

    const good = await upload(
      csv
        .split('\n')
        .filter((_, index) => index !== 2)
        .join('\n'),
    );
    expect(good.status).toBe(200);
    expect(good.text).not.toContain(CSV_PAN);
    expect(JSON.parse(good.text).content).toMatchObject({ imported: 2 });
    expect((await listed('csv-ips')).items[0]).toMatchObject({ notOverridable: true, display: '203.0.113.0/24' });
    expect((await listed('csv-cards')).items[0].display).toBe('401288******1881');
  });

  it('never keeps a card number of a list entry or an import at rest', async () => {
    if (TEST_STORE === 'lowdb') {
      for (const file of await filesUnder(server.dataDir)) {
        const text = await readFile(file, 'latin1');
        expect(text, file).not.toContain(CSV_PAN);
        expect(text, file).not.toContain(PAN);
      }
    } else {
      for (const name of COLLECTION_NAMES) {
        const text = JSON.stringify(await server.store.collection(name).all());
        expect(text, name).not.toContain(CSV_PAN);
        expect(text, name).not.toContain(PAN);
      }
    }
  });

  it('keeps lists to their organisation: 404 across organisations, 403 without the permission', async () => {
    const mine = (await as('tm', 'GET', `${TM}/list-entries?pageSize=1`)).body.content.items[0];
    expect((await as('other', 'GET', `${TM}/list-entries/${mine.id}`)).status).toBe(404);
    expect((await as('other', 'PUT', `${TM}/list-entries/${mine.id}`, {})).status).toBe(404);
    expect((await as('other', 'DELETE', `${TM}/list-entries/${mine.id}`)).status).toBe(404);
    expect((await as('other', 'POST', `${TM}/list-entries/${mine.id}/expire`, {})).status).toBe(404);
    expect((await as('other', 'GET', `${TM}/list-entries`)).body.content.total).toBe(0);
    expect((await as('other', 'GET', `${TM}/list-entries/${mine.id}/history`)).body.content.total).toBe(0);
    expect((await as('bank', 'GET', `${TM}/list-entries`)).status).toBe(403);
    expect((await as('bank', 'POST', `${TM}/backtests`, {})).status).toBe(403);
  });

  it('backtests a past period with each transaction seeing the lists of its own time, against the labels', async () => {
    server.clock.advance(2 * MINUTE); // past the earlier tests' transactions
    const start = server.clock.now().toISOString();
    const card = { pan: '6011000990139424', merchantId: 'bt-shop' };
    const early = await ingest('bt-early', { ...card, amount: 20 });
    server.clock.advance(MINUTE);
    // listed after the first transaction: the replay must not see it for that one
    await as('tm', 'POST', `${TM}/list-entries`, {
      listId: 'blocked-bins',
      listKind: 'black',
      entityType: 'binRange',
      value: '601100',
    });
    server.clock.advance(MINUTE);
    const late = await ingest('bt-late', { ...card, amount: 20 });
    expect(late.hits).toContain('blocked-card-bin');
    const quiet = await ingest('bt-quiet', { pan: '3530111333300000', merchantId: 'bt-shop', amount: 20 });
    const transactions = server.store.collection<TmTransactionRecord>('tmTransactions');
    await transactions.update(early.id, { label: 'confirmed_risk' });
    await transactions.update(late.id, { label: 'false_positive' });
    await transactions.update(quiet.id, { label: 'confirmed_risk' });
    server.clock.advance(MINUTE);
    const to = server.clock.now().toISOString();

    const started = await as('tm', 'POST', `${TM}/backtests`, { from: start, to, version: 1 });
    expect(started.status).toBe(201);
    expect(started.body.content).toMatchObject({ status: 'queued', progress: { done: 0 }, ruleSet: { version: 1 } });
    await server.settled();
    const done = (await as('tm', 'GET', `${TM}/backtests/${started.body.content.id}`)).body.content;
    expect(done).toMatchObject({ status: 'completed', progress: { done: 3, total: 3 } });
    expect(done.result).toMatchObject({
      transactions: 3,
      labelled: 3,
      confirmedRisks: 2,
      decisions: { declined: 1, approved: 2 },
      overall: { truePositives: 0, falsePositives: 1, missed: 2, precision: 0, recall: 0 },
    });
    const rules = (await as('tm', 'GET', `${TM}/backtests/${done.id}/rules?pageSize=50`)).body.content.items;
    const bin = rules.find((rule: { ruleId: string }) => rule.ruleId === 'blocked-card-bin');
    // only the later transaction: the entry added after the first is not seen by it
    expect(bin).toMatchObject({ hits: 1, truePositives: 0, falsePositives: 1, missed: 2 });

    // a draft body: one rule that flags everything catches both confirmed risks
    const draft = {
      title: 'draft',
      thresholds: { flag: 30, investigate: 60, decline: 90 },
      rules: [{ id: 'all', title: 'all', group: 'g', score: 30, when: { '>': [{ var: 'amount' }, 0] } }],
    };
    const drafted = await as('tm', 'POST', `${TM}/backtests`, { from: start, to, rules: draft });
    expect(drafted.status).toBe(201);
    await server.settled();
    const figures = (await as('tm', 'GET', `${TM}/backtests/${drafted.body.content.id}`)).body.content.result;
    expect(figures.overall).toMatchObject({
      truePositives: 2,
      falsePositives: 1,
      missed: 0,
      recall: 1,
      precision: 0.6667,
    });
    expect(figures.decisions.flagged).toBe(3);
    // beside the live version (1) over the same transactions: overall and per rule, with deltas
    const compared = (await as('tm', 'GET', `${TM}/backtests/${drafted.body.content.id}`)).body.content.comparison;
    expect(compared).toMatchObject({
      liveVersion: 1,
      overall: {
        alerts: 3,
        liveAlerts: 1,
        alertsDelta: 2,
        precision: 0.6667,
        livePrecision: 0,
        precisionDelta: 0.6667,
        recall: 1,
        liveRecall: 0,
        recallDelta: 1,
        f1: 0.8,
        liveF1: null,
        f1Delta: null,
      },
    });
    const draftRules = (await as('tm', 'GET', `${TM}/backtests/${drafted.body.content.id}/rules?pageSize=50`)).body
      .content.items;
    expect(draftRules.find((rule: { ruleId: string }) => rule.ruleId === 'all')).toMatchObject({
      hits: 3,
      alerts: 3,
      liveAlerts: null,
      truePositives: 2,
      f1: 0.8,
    });
    expect(draftRules.find((rule: { ruleId: string }) => rule.ruleId === 'blocked-card-bin')).toMatchObject({
      alerts: null,
      liveAlerts: 1,
      livePrecision: 0,
      liveRecall: 0,
      alertsDelta: null,
    });
    // the live version backtested against itself: no difference
    expect(done.comparison.overall).toMatchObject({ alerts: 1, liveAlerts: 1, alertsDelta: 0, recallDelta: 0 });

    // example hits and misses per rule, each naming the transaction's page
    const examples = async (id: string, rule: string) => {
      const filter = encodeURIComponent(JSON.stringify({ field: 'ruleId', op: 'eq', value: rule }));
      return (await as('tm', 'GET', `${TM}/backtests/${id}/examples?pageSize=50&filter=${filter}`)).body.content.items
        .map((row: { kind: string; transaction: string }) => `${row.kind}:${row.transaction}`)
        .sort();
    };
    expect(await examples(drafted.body.content.id, 'all')).toEqual(
      [`truePositives:${early.id}`, `truePositives:${quiet.id}`, `falsePositives:${late.id}`].sort(),
    );
    expect(await examples(done.id, 'blocked-card-bin')).toEqual(
      [`falsePositives:${late.id}`, `missed:${early.id}`, `missed:${quiet.id}`].sort(),
    );
    const example = (await as('tm', 'GET', `${TM}/backtests/${done.id}/examples?pageSize=1`)).body.content.items[0];
    expect(example.transactionId).toMatch(/^bt-/);

    expect((await as('other', 'GET', `${TM}/backtests/${done.id}`)).status).toBe(404);
    expect((await as('other', 'GET', `${TM}/backtests`)).body.content.total).toBe(0);
    expect((await as('tm', 'GET', `${TM}/backtests`)).body.content.total).toBe(2);
  });

  it('stops a queued or running backtest (its job ends at the next chunk, keeping its progress) and refuses to stop a finished one', async () => {
    const to = server.clock.now().toISOString();
    const from = new Date(server.clock.now().getTime() - 60 * MINUTE).toISOString();
    const finished = await as('tm', 'POST', `${TM}/backtests`, { from, to, version: 1 });
    await server.settled();
    const again = await as('tm', 'POST', `${TM}/backtests/${finished.body.content.id}/stop`, {});
    expect([again.status, again.body.code]).toEqual([409, 'tmBacktestFinished']);

    // queued, its job not yet run: stopped at once; the job, when it comes, leaves it stopped
    const backtests = server.store.collection<TmBacktestRecord>('tmBacktests');
    const queued = { ...(await backtests.get(finished.body.content.id)), id: crypto.randomUUID() } as TmBacktestRecord;
    const { result: _result, comparison: _comparison, finishedAt: _finished, ...unfinished } = queued;
    await backtests.insert({ ...unfinished, status: 'queued', progress: { done: 0, total: 0 } });
    expect((await as('other', 'POST', `${TM}/backtests/${queued.id}/stop`, {})).status).toBe(404);
    expect((await as('bank', 'POST', `${TM}/backtests/${queued.id}/stop`, {})).status).toBe(403);
    expect((await as('tm', 'POST', `${TM}/backtests/${queued.id}/stop`, { now: true })).status).toBe(400);
    const stopped = await as('tm', 'POST', `${TM}/backtests/${queued.id}/stop`, {});
    expect(stopped.status).toBe(200);
    expect(stopped.body.content).toMatchObject({ status: 'stopped', progress: { done: 0 } });
    await server.ctx.jobs.send(BACKTEST_JOB, { id: queued.id });
    await server.settled();
    const after = (await as('tm', 'GET', `${TM}/backtests/${queued.id}`)).body.content;
    expect(after.status).toBe('stopped');
    expect(after.result).toBeUndefined();
    expect((await as('tm', 'POST', `${TM}/backtests/${queued.id}/stop`, {})).status).toBe(409);

    // running: stopped (over HTTP) as the job writes its first progress; it ends at the next chunk, keeping it
    const store = server.ctx.store;
    const collection = store.collection.bind(store);
    let stopSent = false;
    const stopAtFirstProgress = (name: string) => {
      const target = collection<TmBacktestRecord>(name as 'tmBacktests');
      return new Proxy(target, {
        get(real, member) {
          if (member !== 'update') return Reflect.get(real, member).bind(real);
          return async (id: string, patch: Partial<TmBacktestRecord>) => {
            if (!stopSent && !patch.status && (patch.progress?.done ?? 0) > 0) {
              stopSent = true;
              expect((await as('tm', 'POST', `${TM}/backtests/${id}/stop`, {})).status).toBe(200);
            }
            return real.update(id, patch);
          };
        },
      });
    };
    store.collection = stopAtFirstProgress as typeof store.collection;
    try {
      const wide = new Date(server.clock.now().getTime() - 24 * 60 * MINUTE).toISOString();
      const running = await as('tm', 'POST', `${TM}/backtests`, { from: wide, to, version: 1 });
      await server.settled();
      const partial = (await as('tm', 'GET', `${TM}/backtests/${running.body.content.id}`)).body.content;
      expect(partial.status).toBe('stopped');
      // the first progress was written at one chunk, the stop seen at the next: two chunks of the total
      expect(partial.progress.total).toBeGreaterThan(2);
      expect(partial.progress.done).toBe(2 * Math.max(1, Math.ceil(partial.progress.total / 20)));
      expect(partial.result).toBeUndefined();
    } finally {
      store.collection = collection;
    }
  });

  it('keeps a draft version’s latest backtest with the version, for the approver', async () => {
    const published = (await as('tm', 'GET', `${TM}/rules/versions/1`)).body.content.body;
    const drafted = await as('tm', 'POST', `${TM}/rules/drafts`, { body: { ...published, title: 'with backtest' } });
    expect(drafted.status).toBe(201);
    const version = drafted.body.content.version as number;
    const row = async () =>
      (await as('tm', 'GET', `${TM}/rules/versions?pageSize=50`)).body.content.items.find(
        (item: { version: number }) => item.version === version,
      );
    expect(await row()).toMatchObject({ status: 'draft', backtestId: null, backtestStatus: null });
    const to = server.clock.now().toISOString();
    const from = new Date(server.clock.now().getTime() - 60 * MINUTE).toISOString();
    await as('tm', 'POST', `${TM}/backtests`, { from, to, version });
    await server.settled();
    const latest = await as('tm', 'POST', `${TM}/backtests`, { from, to, version });
    await server.settled();
    const shown = await row();
    const full = (await as('tm', 'GET', `${TM}/backtests/${latest.body.content.id}`)).body.content;
    expect(shown).toMatchObject({
      backtestId: latest.body.content.id,
      backtestStatus: 'completed',
      backtestAlerts: full.result.alerts,
      backtestF1: full.result.overall.f1,
      backtestLiveF1: full.comparison.overall.liveF1,
    });
    // the draft is of the organisation's own rule set, which its first draft started
    expect(full.ruleSet).toEqual({ id: 'org.org-demo-monitoring', version });
    // another organisation's reader sees neither the version nor this organisation's backtest
    const theirs = (await as('other', 'GET', `${TM}/rules/versions?pageSize=50`)).body.content.items;
    expect(theirs).toMatchObject([{ ruleSet: 'acquirer', version: 1, backtestId: null }]);
  });

  it('refuses a backtest of a bad period, an unknown version or a broken draft (4xx)', async () => {
    const now = server.clock.now().getTime();
    const at = (minutes: number) => new Date(now + minutes * MINUTE).toISOString();
    const post = (body: unknown) => as('tm', 'POST', `${TM}/backtests`, body);
    expect((await post({ from: at(-10), to: at(-20), version: 1 })).status).toBe(422);
    expect((await post({ from: at(-10), to: at(60), version: 1 })).body.errors).toEqual({
      to: 'errors.tmBacktestFuture',
    });
    expect((await post({ from: at(-10), to: at(-1) })).status).toBe(400);
    expect((await post({ from: 'yesterday', to: at(-1), version: 1 })).status).toBe(400);
    expect((await post({ from: at(-10), to: at(-1), version: 99 })).status).toBe(404);
    const broken = await post({
      from: at(-10),
      to: at(-1),
      rules: { title: 'x', thresholds: { flag: 9, investigate: 5, decline: 1 }, rules: [] },
    });
    expect([broken.status, broken.body.errors]).toEqual([422, { rules: 'errors.tmBacktestRules' }]);
    expect(broken.body.problems.length).toBeGreaterThan(0);
  });
});
