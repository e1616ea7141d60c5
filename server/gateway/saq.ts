import express, { type RequestHandler, type Router } from 'express';
import { LEVEL_CHOICES } from '../../core/saq/saq-level';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { validate } from '../http/validate';
import type { Services } from '../services';

type Field = keyof typeof LEVEL_CHOICES;
const choice = (field: Field) => ({ type: 'string', enum: [...LEVEL_CHOICES[field]] });
/** The `required` questions when `field` holds `value` (ajv's strict mode wants them declared there too). */
const whenThen = (field: Field, value: string, required: Field[]) => ({
  if: { required: [field], properties: { [field]: { const: value } } },
  // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then, not a promise
  then: { required, properties: Object.fromEntries(required.map((name) => [name, choice(name)])) },
});

/** The PCI DSS level wizard's merged answers: each question asked on the branch the answers took. */
export const levelAnswersSchema = {
  type: 'object',
  required: ['role', 'accurate'],
  additionalProperties: false,
  properties: {
    ...Object.fromEntries(Object.keys(LEVEL_CHOICES).map((field) => [field, choice(field as Field)])),
    accurate: { const: true },
  },
  allOf: [
    whenThen('role', 'serviceProvider', ['spTransactions']),
    whenThen('role', 'merchant', ['annualTransactions', 'acceptance', 'storesCardData']),
    whenThen('annualTransactions', 'under1m', ['ecommerceTransactions']),
    whenThen('acceptance', 'ecommerce', ['paymentPage']),
    whenThen('acceptance', 'cardPresent', ['terminals']),
    whenThen('acceptance', 'mailTelephone', ['entry']),
  ],
};

/** The SAQ area's endpoints under /wbe/api (for now the level wizard's result), guarded by the saq group. */
export function saqRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const saq = [...signedIn, requireGuard(ctx, { group: 'saq' })];

  router.post('/saq/level-result', ...saq, validate(levelAnswersSchema), async (req, res) => {
    res.status(201).json({ content: await services.saqLevel.record(requireAuth(req).user.id, req.body) });
  });

  router.get('/saq/level-result', ...saq, async (req, res) => {
    res.json({ content: await services.saqLevel.latest(requireAuth(req).user.id) });
  });

  return router;
}
