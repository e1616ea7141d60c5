/**
 * The point-in-time backtest on PostgreSQL (issue 25): a month of BENCH_TRANSACTIONS (1,000,000)
 * generated transactions of the tm user's organisation (bench/support/tm-data.ts, stored as ingest
 * stores them, without the trace the replay never reads; 2 % labelled by closed cases) and a block
 * list of 50 e-mail addresses added on day 10 (history), replayed by the `tm.backtest` job of a
 * real server (its own database, dropped after) through the 20-rule set of bench/tm-rules.ts as a
 * draft body: POST /backtests to `completed`, wall time. Target ≤ 60 s.
 * Peer, right after in the same run: one SQL statement on the same rows computing the same figures
 * with window functions (velocity per card and IP, the merchant's 30-day average before each), the
 * same 20 conditions and thresholds, the block list from day 10, and the counts per decision and
 * per rule — what one would ship for a backtest on PostgreSQL without an engine (it cannot replay a
 * draft written in json-logic or the list history in general; here it is written for these rules).
 * The statement runs with work_mem BENCH_WORK_MEM (256MB), as one would give an analytic query.
 * Both answers are compared (decisions and hits per rule) and the differences printed: SQL's RANGE
 * window counts transactions of the same millisecond that come after, the replay does not.
 * Run: npx tsx bench/tm-backtest.ts (also in npm run bench; BENCH_PORT: the server's port, 4595). Not part of npm test.
 */
import { createHash, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { DEMO_MONITORING_ORG } from '../fixtures/demo-transactions';
import { TRANSACTION_FIELDS } from '../server/services/tm-records';
import { insertRecords } from '../server/store/migrate-store';
import { pgPoolClient } from '../server/store/pg/pg-pool-client';
import { openPgStore } from '../server/store/pg/pg-store';
import { createScratchDatabase } from '../tests/support/scratch-database';
import { signIn, startApp } from './support/app-process';
import { BLOCKED_EMAILS, generatedTransaction, PREPAID_BINS, random, ruleSet } from './support/tm-data';

const COUNT = Number(process.env.BENCH_TRANSACTIONS ?? 1_000_000);
const TARGET_SECONDS = 60;
const PEER_WORK_MEM = process.env.BENCH_WORK_MEM ?? '256MB';
const PORT = Number(process.env.BENCH_PORT ?? 4595);
const TM = '/wbe/api/transaction-monitoring';
const DAY = 86_400_000;
const { ours } = ruleSet();

const to = Date.now() - 60 * 60_000;
const from = to - 30 * DAY;
const listedAt = new Date(from + 10 * DAY).toISOString();

async function call(base: string, token: string, method: string, path: string, body?: unknown) {
  const res = await fetch(base + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { content: Record<string, unknown> }).content;
}

/** Transactions [start, end) of the month as ingest stores them (time-ordered, a few per millisecond at most). */
function transactions(start: number, end: number, organizationId: string, rnd: () => number) {
  return Array.from({ length: end - start }, (_, k) => {
    const i = start + k;
    const { pan, ...rest } = generatedTransaction(i, rnd);
    const at = new Date(from + Math.floor(((i + rnd()) * (to - from)) / COUNT)).toISOString();
    const risky = rest.amount > 5000 || rest.email.startsWith('mule');
    const label = rnd() < 0.02 ? (rnd() < (risky ? 0.6 : 0.2) ? 'confirmed_risk' : 'false_positive') : undefined;
    return {
      ...rest,
      id: randomUUID(),
      organizationId,
      maskedPan: `${pan.slice(0, 6)}******${pan.slice(-4)}`,
      bin: pan.slice(0, 6),
      last4: pan.slice(-4),
      cardHash: createHash('sha256').update(pan).digest('hex'),
      occurredAt: at,
      scoredAt: at,
      decision: 'approved',
      score: 0,
      hits: [],
      ruleSet: { id: 'acquirer', version: 1 },
      keyId: 'bench',
      ...(label ? { label } : {}),
    };
  });
}

/** The block list's entries and their history: added on day 10 of the month. */
function blockList(organizationId: string) {
  const entries = BLOCKED_EMAILS.map((value) => ({
    id: randomUUID(),
    organizationId,
    listId: 'blocked-emails',
    listKind: 'black',
    entityType: 'email',
    value,
    display: value,
    createdAt: listedAt,
    createdBy: 'bench',
    updatedAt: listedAt,
    updatedBy: 'bench',
    revision: 1,
  }));
  const history = entries.map((entry) => ({
    id: `${entry.id}.000001`,
    organizationId,
    entryId: entry.id,
    listId: entry.listId,
    action: 'add',
    at: listedAt,
    by: 'bench',
    before: null,
    after: entry,
  }));
  return { entries, history };
}

const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
const risk = (column: string) =>
  `case when upper(${column}) in (${list(ours.countryRisk?.high ?? [])}) then 'high' when upper(${column}) in (${list(ours.countryRisk?.medium ?? [])}) then 'medium' else 'low' end`;
/** The 20 conditions of bench/support/tm-data.ts in SQL, over the columns of `figures` below. */
const CONDITIONS: Record<string, string> = {
  'large-amount': 'amount >= 5000',
  'very-large-foreign': `amount >= 20000 and currency in ('USD', 'EUR', 'GBP')`,
  'card-velocity': 'c10 > 5',
  'ip-velocity': 'i60 > 10',
  'card-testing': 'amount < 2 and c60 >= 3',
  'card-daily-sum': 's1440 > 10000',
  'high-risk-country': `risk = 'high'`,
  'medium-risk-large': `risk = 'medium' and amount > 1000`,
  'country-mismatch': `coalesce(shipping, '') <> '' and billing is distinct from shipping`,
  'billing-abroad': `coalesce(billing, '') <> '' and billing is distinct from country`,
  'amount-spike': 'mavg > 0 and round((amount / mavg * 100)::numeric) > 500',
  'risky-mcc': `mcc in ('7995', '6051', '4829', '5967')`,
  'risky-mcc-large': `mcc in ('7995', '6051', '4829', '5967') and amount > 500`,
  'outbound-foreign': `direction = 'outbound' and country is distinct from 'TR'`,
  'disposable-email': `position('@mailinator.' in coalesce(email, '')) > 0`,
  'no-device-large': `coalesce(device, '') = '' and amount > 300`,
  'round-amount': 'amount >= 1000 and amount::numeric % 100 = 0',
  'blocked-email': `at >= $4::timestamptz and lower(email) in (${list(BLOCKED_EMAILS)})`,
  'prepaid-bin': `bin in (${list(PREPAID_BINS)})`,
  combined: `(risk = 'high' and i60 > 3) or (amount between 3000 and 5000 and coalesce(shipping, '') <> '' and billing is distinct from shipping) or (case when currency = 'TRY' then c10 > 3 else s1440 > 5000 end)`,
};
const window = (partition: string, interval: string) =>
  `(partition by ${partition} order by at range between interval '${interval}' preceding and current row)`;
const rules = ours.rules.map((rule) => ({ id: rule.id, score: rule.score, sql: CONDITIONS[rule.id] }));
const PEER_SQL = `
with t as (
  select (data->>'scoredAt')::timestamptz as at, (data->>'amount')::float8 as amount, data->>'currency' as currency,
    data->>'country' as country, data->>'billingCountry' as billing, data->>'shippingCountry' as shipping,
    data->>'direction' as direction, data->>'mcc' as mcc, data->>'email' as email, data->>'bin' as bin,
    data->>'deviceId' as device, data->>'cardHash' as card, data->>'ip' as ip, data->>'merchantId' as merchant,
    data->>'label' as label
  from records
  where collection = 'tmTransactions' and data->>'organizationId' = $1
    and data->>'scoredAt' >= $2 and data->>'scoredAt' <= $3
), figures as (
  select *, ${risk('country')} as risk,
    count(*) over ${window('card', '10 minutes')} as c10,
    count(*) over ${window('card', '60 minutes')} as c60,
    sum(amount) over ${window('card', '1440 minutes')} as s1440,
    case when coalesce(ip, '') = '' then 1 else count(*) over ${window('ip', '60 minutes')} end as i60,
    -- the 30 days before, itself left out by subtraction: a frame with EXCLUDE CURRENT ROW is summed
    -- again for every row (no moving aggregate), quadratic in a busy merchant's month
    (sum(amount) over ${window('merchant', '30 days')} - amount)
      / nullif(count(*) over ${window('merchant', '30 days')} - 1, 0) as mavg
  from t
), hits as (
  select label, ${rules.map((rule, i) => `coalesce(${rule.sql}, false) as h${i}`).join(', ')} from figures
), scored as (
  select *, ${rules.map((rule, i) => `case when h${i} then ${rule.score} else 0 end`).join(' + ')} as score from hits
)
select
  count(*) filter (where score < ${ours.thresholds.flag})::int as approved,
  count(*) filter (where score >= ${ours.thresholds.flag} and score < ${ours.thresholds.investigate})::int as flagged,
  count(*) filter (where score >= ${ours.thresholds.investigate} and score < ${ours.thresholds.decline})::int as investigating,
  count(*) filter (where score >= ${ours.thresholds.decline})::int as declined,
  count(*) filter (where score >= ${ours.thresholds.flag} and label = 'confirmed_risk')::int as tp,
  ${rules.map((_, i) => `count(*) filter (where h${i})::int as r${i}`).join(', ')}
from scored`;

const database = await createScratchDatabase('bench_tm_backtest');
try {
  const sql = pgPoolClient(database.url, { max: 1 });
  // loaded before the app starts, into a partition without indexes, which are built after: a bulk
  // load, not the ingest path (bench/tm-ingest.ts measures that)
  const loading = performance.now();
  const store = await openPgStore(sql);
  await store.declareQueryable('tmTransactions', { filterable: [], sortable: [] });
  const rnd = random(2502);
  for (let start = 0; start < COUNT; start += 50_000) {
    const batch = transactions(start, Math.min(COUNT, start + 50_000), DEMO_MONITORING_ORG, rnd);
    await sql.transaction((tx) => insertRecords(tx, 'tmTransactions', batch, 5000));
  }
  const { entries, history } = blockList(DEMO_MONITORING_ORG);
  await sql.transaction(async (tx) => {
    await insertRecords(tx, 'tmListEntries', entries);
    await insertRecords(tx, 'tmListHistory', history);
  });
  await store.declareQueryable('tmTransactions', TRANSACTION_FIELDS);
  await sql.query('vacuum analyze records');
  console.log(
    `loaded ${COUNT.toLocaleString('en')} transactions, indexed and analysed in ${((performance.now() - loading) / 1000).toFixed(0)} s`,
  );
  const app = await startApp(PORT, { env: { DATABASE_URL: database.url, DEMO_TRANSACTIONS: '0' } });
  try {
    const tm = await signIn(app.base, 'tm@demo.test');
    const organizationId = DEMO_MONITORING_ORG;
    const period = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
    const started = performance.now();
    const { id } = await call(app.base, tm, 'POST', `${TM}/backtests`, { ...period, rules: ours });
    let backtest: Record<string, unknown>;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      backtest = await call(app.base, tm, 'GET', `${TM}/backtests/${id}`);
      if (backtest.status === 'completed' || backtest.status === 'failed') break;
    }
    const oursSeconds = (performance.now() - started) / 1000;
    if (backtest.status !== 'completed') throw new Error(`the backtest failed: ${JSON.stringify(backtest)}`);
    const result = backtest.result as {
      transactions: number;
      decisions: Record<string, number>;
      overall: { truePositives: number };
      rules: Array<{ ruleId: string; hits: number }>;
    };

    const peerStart = performance.now();
    // the memory an analyst's query is given, so its window sorts do not spill to disk (the default 4 MB does)
    const peer = await sql.transaction(async (tx) => {
      await tx.query(`set local work_mem = '${PEER_WORK_MEM}'`);
      return (await tx.query<Record<string, number>>(PEER_SQL, [organizationId, period.from, period.to, listedAt]))
        .rows[0];
    });
    const peerSeconds = (performance.now() - peerStart) / 1000;

    const decisionGaps = Object.entries(result.decisions).map(
      ([decision, n]) => `${decision} ${n} vs ${peer[decision]}`,
    );
    const ruleGaps = rules
      .map((rule, i) => ({
        id: rule.id,
        ours: result.rules.find((r) => r.ruleId === rule.id)?.hits ?? 0,
        sql: peer[`r${i}`],
      }))
      .filter((gap) => gap.ours !== gap.sql);
    const met = oursSeconds <= TARGET_SECONDS;
    console.log(
      `backtest on PostgreSQL: ${result.transactions.toLocaleString('en')} transactions of a month, 20 rules, a block list added on day 10; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
    console.log(
      `  ours (tm.backtest job, POST to completed) ${oursSeconds.toFixed(1)} s (${Math.round(result.transactions / oursSeconds).toLocaleString('en')}/s) | target ≤ ${TARGET_SECONDS} s: ${met ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  peer (one SQL statement, window functions) ${peerSeconds.toFixed(1)} s | ours / peer ${(oursSeconds / peerSeconds).toFixed(2)}×`,
    );
    console.log(
      `  decisions (ours vs SQL): ${decisionGaps.join(', ')}; true positives ${result.overall.truePositives} vs ${peer.tp}`,
    );
    console.log(
      `  rules whose hits differ: ${ruleGaps.length === 0 ? 'none' : ruleGaps.map((gap) => `${gap.id} ${gap.ours} vs ${gap.sql}`).join(', ')}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    await sql.close();
    await app.stop();
  }
} finally {
  await database.drop();
}
