import { ECOMMERCE_TIERS } from '../../core/pricing/price-list.types';

/** Bodies and parameters of pricing, billing and shared reports (server/gateway/billing.ts), checked at the edge (400). */
const id = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' };
const uuid = {
  type: 'string',
  pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
};

export const groupParamsSchema = {
  type: 'object',
  required: ['group'],
  properties: { group: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,63}$' } },
};
export const purchaseParamsSchema = {
  type: 'object',
  required: ['group', 'purchaseId'],
  properties: { ...groupParamsSchema.properties, purchaseId: uuid },
};
export const idParamsSchema = { type: 'object', required: ['id'], properties: { id } };

/**
 * A purchase: the client's purchase id (its idempotency key, a UUID), the tier, and the card — its
 * number checked by Luhn in the service, never stored (only masked and keyed-hashed).
 */
export const purchaseSchema = {
  type: 'object',
  required: ['purchaseId', 'tier', 'card'],
  additionalProperties: false,
  properties: {
    purchaseId: uuid,
    tier: { type: 'string', enum: [...ECOMMERCE_TIERS] },
    card: {
      type: 'object',
      required: ['number', 'holder', 'expiry', 'cvc'],
      additionalProperties: false,
      properties: {
        number: { type: 'string', pattern: '^[0-9][0-9 -]{10,24}[0-9]$' },
        holder: { type: 'string', minLength: 2, maxLength: 100, pattern: '^[^\\r\\n]*\\S[^\\r\\n]*$' },
        expiry: { type: 'string', pattern: '^(0[1-9]|1[0-2])/[0-9]{2}$' },
        cvc: { type: 'string', pattern: '^[0-9]{3,4}$' },
      },
    },
  },
};

/** The cardholder's answer to the 3-D Secure-like challenge. */
export const challengeSchema = {
  type: 'object',
  required: ['code'],
  additionalProperties: false,
  properties: { code: { type: 'string', pattern: '^[0-9]{4,8}$' } },
};
