/**
 * The peer of bench/tm-ingest.ts: what one would ship without durability — an Express route taking
 * a transaction with the same checks as ours (an API key compared in memory, the ingest's JSON
 * schema with ajv, Luhn, the card's keyed hash), the velocity and merchant figures kept in memory
 * (per key, the transactions of the longest window), the plain rules of bench/support/tm-data.ts
 * scored by json-logic-js, and the decision answered. Nothing is written anywhere.
 * Run by the bench: npx tsx bench/support/tm-memory-server.ts <port> <api key>
 */
import { createHash, randomUUID } from 'node:crypto';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import express from 'express';
import jsonLogic from 'json-logic-js';
import { transactionSchema } from '../../server/gateway/tm-ingest';
import { cardForms, luhn } from '../../server/cards/card-numbers';
import { countryRiskOf, ruleSet } from './tm-data';

const [port, apiKey] = [Number(process.argv[2]), process.argv[3]];
const keyHash = createHash('sha256').update(apiKey).digest('hex');
const cardKey = createHash('sha256').update('bench card key').digest();
const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const check = ajv.compile(transactionSchema);
const { plain, ours } = ruleSet();
const { thresholds } = ours;

const MINUTE = 60_000;
/** Per velocity key, the [time, amount] of the last day's transactions, oldest first. */
const seen = new Map<string, Array<[number, number]>>();
function velocity(key: string, now: number, minutes: number, amount: number): { count: number; sum: number } {
  let list = seen.get(key);
  if (!list) {
    list = [];
    seen.set(key, list);
  }
  while (list.length > 0 && list[0][0] < now - 1440 * MINUTE) list.shift();
  list.push([now, amount]);
  let count = 0;
  let sum = 0;
  for (let i = list.length - 1; i >= 0 && list[i][0] >= now - minutes * MINUTE; i -= 1) {
    count += 1;
    sum += list[i][1];
  }
  return { count, sum };
}
const merchants = new Map<string, { total: number; count: number }>();

const app = express();
app.use(express.json({ limit: '1mb' }));
app.post('/tm/api/v1/transactions', (req, res) => {
  const presented = req.get('x-api-key');
  if (!presented || createHash('sha256').update(presented).digest('hex') !== keyHash) {
    res.status(401).json({ error: 'invalidIngestKey' });
    return;
  }
  const body = req.body as Record<string, unknown> & { pan: string; amount: number; merchantId: string };
  if (!check(body) || !luhn(body.pan)) {
    res.status(400).json({ error: 'invalidRequest' });
    return;
  }
  const { pan, ...rest } = body;
  const card = cardForms(pan, cardKey);
  const now = Date.now();
  const cardCount10 = velocity(`c:${card.cardHash}`, now, 10, rest.amount);
  const cardCount60 = velocity(`c60:${card.cardHash}`, now, 60, rest.amount);
  const cardDay = velocity(`c1440:${card.cardHash}`, now, 1440, rest.amount);
  const ip = rest.ip ? velocity(`i:${rest.ip}`, now, 60, rest.amount) : { count: 1, sum: rest.amount };
  const merchant = merchants.get(rest.merchantId) ?? { total: 0, count: 0 };
  const average = merchant.count > 0 ? merchant.total / merchant.count : null;
  merchant.total += rest.amount;
  merchant.count += 1;
  merchants.set(rest.merchantId, merchant);
  const data = {
    ...rest,
    bin: card.bin,
    last4: card.last4,
    cardHash: card.cardHash,
    f: {
      cardHash_count_10: cardCount10.count,
      cardHash_count_60: cardCount60.count,
      cardHash_sum_1440: cardDay.sum,
      ip_count_60: ip.count,
      countryRisk: countryRiskOf(String(rest.country ?? '')),
      merchantAmountRatio: average ? Math.round((rest.amount / average) * 100) / 100 : null,
    },
  };
  let score = 0;
  const hits: string[] = [];
  for (const rule of plain)
    if (jsonLogic.truthy(jsonLogic.apply(rule.when as never, data))) {
      score += rule.score;
      hits.push(rule.id);
    }
  const decision =
    score >= thresholds.decline
      ? 'declined'
      : score >= thresholds.investigate
        ? 'investigating'
        : score >= thresholds.flag
          ? 'flagged'
          : 'approved';
  res.status(201).json({ content: { id: randomUUID(), transactionId: rest.transactionId, decision, score, hits } });
});
app.listen(port, '127.0.0.1', () => console.log(`memory ingest on ${port}`));
