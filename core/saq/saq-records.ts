import type { SaqType } from './saq-level';

/**
 * The questionnaire document each SAQ type starts from (schemas/saq/). A started SAQ stays pinned
 * to the document version it began with, so a newer version never changes an ongoing SAQ.
 */
export const SAQ_DOCUMENT_IDS: Record<SaqType, string> = {
  A: 'saq-a-4.0.1',
  'A-EP': 'saq-a-ep-4.0.1',
  B: 'saq-b-4.0.1',
  'B-IP': 'saq-b-ip-4.0.1',
  C: 'saq-c-4.0.1',
  'C-VT': 'saq-c-vt-4.0.1',
  P2PE: 'saq-p2pe-4.0.1',
  D: 'saq-d-merchant-4.0.1',
  'D-SP': 'saq-d-service-provider-4.0.1',
};

/**
 * The SAQ lifecycle of domain §4. This slice moves `waiting` → `completed` (and back on an edit);
 * `pending`, `signed`, `submitted` and `waitingValidation` belong to signing and submission.
 */
export const SAQ_STATUSES = ['waiting', 'completed', 'pending', 'signed', 'submitted', 'waitingValidation'] as const;
export type SaqStatus = (typeof SAQ_STATUSES)[number];

/**
 * States an answer may still be saved in. Any edit sends the SAQ back to `waiting`: a completed,
 * pending or signed SAQ loses its completion (and later its signature) and must be completed again.
 */
export const EDITABLE_STATUSES: readonly SaqStatus[] = ['waiting', 'completed', 'pending', 'signed'];
