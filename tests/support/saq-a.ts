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

/** A complete SAQ A, item by item: the fields, every question In Place but the first, Not Applicable with its Appendix C row. */
export const SAQ_A_ANSWERS: [string, unknown][] = [
  ...Object.entries(SAQ_A_FIELDS),
  ...SAQ_A_QUESTIONS.map((question, i): [string, unknown] => [question, i === 0 ? 'notApplicable' : 'inPlace']),
  ['appendixC', [{ question: SAQ_A_QUESTIONS[0], reason: 'No such system' }]],
];

/** The level wizard's answers of a small e-commerce merchant: level 4, SAQ A. */
export const SAQ_A_LEVEL_ANSWERS = {
  role: 'merchant',
  annualTransactions: 'under1m',
  ecommerceTransactions: 'under20k',
  acceptance: 'ecommerce',
  paymentPage: 'fullyOutsourced',
  storesCardData: 'no',
  accurate: true,
};
