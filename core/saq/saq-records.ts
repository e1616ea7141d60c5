/**
 * The SAQ lifecycle of domain §4: `waiting` → `completed` → `pending` (signed, its attestation PDF
 * being made) → `signed` → `submitted` to a bank; an edit before submission goes back to `waiting`.
 * `waitingValidation` is the bank's review, not built yet.
 */
export const SAQ_STATUSES = ['waiting', 'completed', 'pending', 'signed', 'submitted', 'waitingValidation'] as const;
export type SaqStatus = (typeof SAQ_STATUSES)[number];

/**
 * States an answer may still be saved in. Any edit sends the SAQ back to `waiting`: a completed,
 * pending or signed SAQ loses its completion (and later its signature) and must be completed again.
 */
export const EDITABLE_STATUSES: readonly SaqStatus[] = ['waiting', 'completed', 'pending', 'signed'];
