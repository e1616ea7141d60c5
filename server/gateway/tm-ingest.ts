import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { weightedRateLimit } from '../auth/rate-limits';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { bodies } from '../http/bodies';
import { describeHandler } from '../http/handler-docs';
import { noStore } from '../http/security';
import type { Services } from '../services';
import { luhn } from '../cards/card-numbers';
import type { TmApiKeyRecord } from '../services/tm-records';
import type { SubmittedTransaction } from '../services/tm-scoring.service';

const COUNTRY = { type: 'string', pattern: '^[A-Z]{2}$' };

/** One transaction as an acquirer submits it (domain §3 'Transaction'); the PAN is read, hashed, masked and dropped. */
export const transactionSchema = {
  type: 'object',
  required: ['transactionId', 'merchantId', 'pan', 'amount', 'currency'],
  additionalProperties: false,
  properties: {
    transactionId: { type: 'string', minLength: 1, maxLength: 64 },
    merchantId: { type: 'string', minLength: 1, maxLength: 64 },
    merchantName: { type: 'string', maxLength: 200 },
    mcc: { type: 'string', pattern: '^[0-9]{4}$' },
    pan: { type: 'string', pattern: '^[0-9]{12,19}$', description: 'Card number; never stored or answered.' },
    amount: { type: 'number', exclusiveMinimum: 0, maximum: 1_000_000_000 },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    country: COUNTRY,
    direction: { enum: ['inbound', 'outbound'] },
    ip: { type: 'string', maxLength: 45, anyOf: [{ format: 'ipv4' }, { format: 'ipv6' }] },
    deviceId: { type: 'string', maxLength: 128 },
    email: { type: 'string', format: 'email', maxLength: 254 },
    billingCountry: COUNTRY,
    shippingCountry: COUNTRY,
    occurredAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const MAX_BATCH = 500;
export const batchSchema = {
  type: 'object',
  required: ['transactions'],
  additionalProperties: false,
  properties: { transactions: { type: 'array', minItems: 1, maxItems: MAX_BATCH, items: transactionSchema } },
} as const;

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);

/**
 * Validates the body against `schema` and answers 400 `invalidRequest` naming every problem by its
 * dotted path (`transactions.3.amount`), so a batch says which item is wrong; never echoes a value.
 * Described to /openapi.json like validate() (server/http/validate.ts), whose errors name only the top field.
 */
function validateTransactions(
  schema: Record<string, unknown>,
  pans: (body: Record<string, unknown>) => Array<[string, unknown]>,
) {
  let check: ReturnType<typeof ajv.compile> | undefined;
  const handler = (req: Request, _res: Response, next: NextFunction) => {
    check ??= ajv.compile(schema);
    const fields: Record<string, string> = {};
    if (!check(req.body ?? {})) {
      for (const error of check.errors ?? []) {
        const base = error.instancePath.split('/').filter(Boolean).join('.');
        const field =
          error.keyword === 'required'
            ? [base, String(error.params.missingProperty)].filter(Boolean).join('.')
            : error.keyword === 'additionalProperties'
              ? [base, String(error.params.additionalProperty)].filter(Boolean).join('.')
              : base || 'body';
        fields[field] ??= error.keyword === 'required' ? 'validation.required' : 'invalidRequest';
      }
    } else {
      for (const [path, pan] of pans(req.body))
        if (typeof pan === 'string' && !luhn(pan)) fields[path] = 'invalidCardNumber';
    }
    if (Object.keys(fields).length > 0) throw new AppError(400, 'invalidRequest', fields);
    next();
  };
  return describeHandler(handler, { body: schema });
}

declare global {
  namespace Express {
    interface Request {
      tmKey?: TmApiKeyRecord;
    }
  }
}

/**
 * The ingest API under /tm/api/v1 (docs/gateway/tm.md): a key of an acquirer organisation in
 * `X-Api-Key` (401 without one, or with an unknown or revoked one), checked before the body is read;
 * then a body of up to 1 MB (a batch of MAX_BATCH), each transaction validated, scored, stored, and
 * the decisions answered at once. A valid body then spends its transactions from the key's budget
 * of the window (429 `tooManyTransactions` with Retry-After once spent), counted across instances.
 */
export function tmIngestRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  const apiKey = describeHandler(
    async (req: Request, _res: Response, next: NextFunction) => {
      const presented = req.get('x-api-key');
      const key = presented ? await services.tmKeys.verify(presented) : null;
      if (!key) throw new AppError(401, 'invalidIngestKey');
      req.tmKey = key;
      next();
    },
    { apiKeyHeader: 'x-api-key' },
  );
  router.use(noStore, apiKey, bodies({ smallLimit: '1mb', largeLimit: '1mb', trusted: async () => true }));
  const single = validateTransactions(transactionSchema, (body) => [['pan', body.pan]]);
  const batch = validateTransactions(batchSchema, (body) =>
    (body.transactions as Array<{ pan?: unknown }>).map((item, index) => [`transactions.${index}.pan`, item.pan]),
  );
  const { windowMs } = ctx.transactionMonitoring.ingestBudget;
  const budget = weightedRateLimit({
    name: 'tm-ingest',
    stores: ctx.counters,
    budget: (req) => services.tmIngestBudget.limitOf((req.tmKey as TmApiKeyRecord).organizationId),
    windowMs,
    clock: ctx.clock,
    key: (req) => `key|${(req.tmKey as TmApiKeyRecord).id}`,
    weight: (req) => {
      const items = (req.body as { transactions?: unknown[] }).transactions;
      return Array.isArray(items) ? items.length : 1;
    },
    code: 'tooManyTransactions',
  });
  const throttled = describeHandler(budget, {
    throttled:
      "`tooManyTransactions`: the key's budget of transactions for the window is spent (a batch counts its transactions).",
  });
  router.post('/transactions', single, throttled, async (req, res) => {
    const [answer] = await services.tmScoring.ingest(req.tmKey as TmApiKeyRecord, [req.body as SubmittedTransaction]);
    res.status(201).json({ content: answer });
  });
  router.post('/transactions/batch', batch, throttled, async (req, res) => {
    const items = (req.body as { transactions: SubmittedTransaction[] }).transactions;
    const answers = await services.tmScoring.ingest(req.tmKey as TmApiKeyRecord, items);
    res.status(201).json({ content: { items: answers, total: answers.length } });
  });
  return router;
}
