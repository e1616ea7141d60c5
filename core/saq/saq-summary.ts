import type { Answers, QuestionnaireBody, Table } from '../questionnaire/questionnaire.types';

/** The merchant's declaration in Part 3 (answer `status`), as the SAQ records it on completion. */
export const COMPLIANCE_VALUES = ['compliant', 'nonCompliant', 'legalException'] as const;
export type Compliance = (typeof COMPLIANCE_VALUES)[number];

const DECLARED: Record<string, Compliance> = {
  compliant: 'compliant',
  nonCompliant: 'nonCompliant',
  compliantLegalException: 'legalException',
};

/** The compliance the Part 3 answer declares, or null when it was left unanswered. */
export function declaredCompliance(answers: Answers): Compliance | null {
  const declared = answers.status;
  return typeof declared === 'string' ? (DECLARED[declared] ?? null) : null;
}

/** An appendix table and its rows as answered (Appendix B, C, …: the explanations of responses). */
export interface AppendixRows {
  id: string;
  table: Table;
  rows: Record<string, unknown>[];
}

/** How the questions were answered: a count per response value, and the rows of each appendix. */
export interface AnswersSummary {
  responses: Record<string, number>;
  appendices: Record<string, number>;
}

/** The appendix tables (sections of group `appendix`) with their answered rows. */
export function appendixRows(body: QuestionnaireBody, answers: Answers): AppendixRows[] {
  return body.sections
    .filter((section) => section.group === 'appendix')
    .flatMap((section) => section.items.filter((item): item is Table => item.type === 'table'))
    .map((table) => {
      const rows = answers[table.id];
      return { id: table.id, table, rows: Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [] };
    });
}

/** Counts every response value the questions got (each value of the response sets, 0 when unused). */
export function summarizeAnswers(body: QuestionnaireBody, answers: Answers): AnswersSummary {
  const responses: Record<string, number> = {};
  for (const set of Object.values(body.responseSets)) for (const option of set.options) responses[option.value] = 0;
  for (const section of body.sections) {
    for (const item of section.items) {
      const value = answers[item.id];
      if (item.type === 'question' && typeof value === 'string') responses[value] = (responses[value] ?? 0) + 1;
    }
  }
  const appendices = Object.fromEntries(appendixRows(body, answers).map(({ id, rows }) => [id, rows.length]));
  return { responses, appendices };
}
