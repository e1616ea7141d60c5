/**
 * The SAQ lifecycle of domain §4, as seeded in schemas/workflows/saq.json (the published workflow
 * decides; these are the states the seeded one has): `waiting` → `completed` → `pending` (signed,
 * its attestation PDF being made) → `signed` → `submitted` to a bank (domain's "waiting for
 * validation") → `validated` by the bank, or `returned` to the merchant, who edits it back to
 * `waiting`. An edit before submission goes back to `waiting` too, dropping the signature.
 */
export const SAQ_STATUSES = [
  'waiting',
  'completed',
  'pending',
  'signed',
  'submitted',
  'validated',
  'returned',
] as const;
export type SaqStatus = (typeof SAQ_STATUSES)[number];

/** What a bank confirms when it validates an SAQ (the SAQ's `validatedCompliance`). */
export const REVIEW_OUTCOMES = ['compliant', 'nonCompliant'] as const;
export type ReviewOutcome = (typeof REVIEW_OUTCOMES)[number];
