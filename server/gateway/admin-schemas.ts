import { ACCOUNT_ROLES } from '../../core/admin/account-roles';
import { BUSINESS_TYPES } from '../../core/onboarding/onboarding-pro';

/** Bodies and parameters of the admin area's endpoints (server/gateway/admin-area.ts), checked at the edge (400). */
const text = (maxLength: number) => ({ type: 'string', maxLength, pattern: '^[^\\r\\n]*$' });
const filled = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S' });
const day = { type: 'string', pattern: '^(\\d{4}-\\d{2}-\\d{2})?$' };
const id = { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' };

export const idParamsSchema = { type: 'object', required: ['id'], properties: { id } };
export const languageParamsSchema = {
  type: 'object',
  required: ['language'],
  properties: { language: { type: 'string', enum: ['en', 'tr'] } },
};

/** A bank: its name and licence (package, seats, period). */
export const bankSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: filled(100),
    package: text(60),
    seats: { type: 'integer', minimum: 0, maximum: 100_000 },
    licenceStart: day,
    licenceEnd: day,
  },
};

/** "Create user": a new account or an existing one invited into the organisation with the role. */
export const newAccountSchema = {
  type: 'object',
  required: ['email', 'name', 'role', 'organizationId'],
  additionalProperties: false,
  properties: {
    email: { type: 'string', format: 'email', maxLength: 254 },
    name: filled(100),
    role: { type: 'string', enum: [...ACCOUNT_ROLES] },
    organizationId: id,
    password: { type: 'string', minLength: 1, maxLength: 200 },
  },
};

const onboardingFields = {
  applicationId: text(60),
  username: text(100),
  dealerCode: text(60),
};

/** edit-onboarding: the fields an admin keeps of an onboarding. */
export const onboardingAdminSchema = {
  type: 'object',
  additionalProperties: false,
  properties: onboardingFields,
};

/** edit-onboarding-v2: the same and the merchant's profile (onboarding-pro). */
export const onboardingAdminV2Schema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    ...onboardingFields,
    legalName: text(200),
    mcc: { type: 'string', pattern: '^([0-9]{4})?$' },
    country: { type: 'string', pattern: '^([A-Z]{2})?$' },
    businessType: { type: 'string', enum: ['', ...BUSINESS_TYPES] },
    products: { type: 'string', maxLength: 1000 },
  },
};

/** "Create user" in one bank (its id from the path). */
export const newBankAccountSchema = {
  ...newAccountSchema,
  required: ['email', 'name', 'role'],
  properties: Object.fromEntries(
    Object.entries(newAccountSchema.properties).filter(([name]) => name !== 'organizationId'),
  ),
};
