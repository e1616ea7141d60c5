import { readFileSync } from 'node:fs';
import type { QuestionnaireBody } from '../../core/questionnaire/questionnaire.types';

/** The seeded SAQ A questionnaire, its question ids, and what it needs besides them: shared by the HTTP and browser tests. */
export const SAQ_A = JSON.parse(readFileSync('schemas/saq/saq-a-4.0.1.json', 'utf8')) as { body: QuestionnaireBody };

export const SAQ_A_QUESTIONS = SAQ_A.body.sections.flatMap((section) =>
  section.items.filter((item) => item.type === 'question').map((item) => item.id),
);

/** Everything SAQ A needs to be complete and compliant, but the questions' responses. */
export const SAQ_A_FIELDS: Record<string, unknown> = {
  companyName: 'Demo Shop',
  companyAddress: 'Main Street 1',
  contactName: 'Ada Merchant',
  contactEmail: 'ada@demo.test',
  contactPhone: '5551234567',
  paymentChannels: ['ecommerce'],
  locations: [{ facility: 'Office', count: 1, place: 'Istanbul' }],
  eligibility: ['criterion1', 'criterion2', 'criterion3'],
  status: 'compliant',
  signerName: 'Ada Merchant',
  signerTitle: 'Owner',
};
