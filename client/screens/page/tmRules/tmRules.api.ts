import type { ConfigDocument, DocumentProblem } from '../../../../core/documents/document.types';
import type { PreviewAnswer } from '../../../../core/transaction-monitoring/preview.types';
import type { TmRuleSetBody } from '../../../../core/transaction-monitoring/tm.types';
import { wbe } from '../../../api/clients';
import { content } from '../../../api/http';

/** The rules endpoints (docs/gateway/tm.md 'Rules: maker-checker'). */
const RULES = '/transaction-monitoring/rules';

export const rulesVersionsKey = ['transaction-monitoring', 'rules', 'versions'] as const;

/** The version scoring the organisation now (its own set's, else the platform default's), with its body: what the editor starts from. */
export async function publishedRuleSet(): Promise<ConfigDocument | null> {
  const rows = content<{ items: Array<{ version: number }> }>(
    await wbe.get(`${RULES}/versions`, {
      params: { filter: JSON.stringify({ field: 'status', op: 'eq', value: 'published' }) },
    }),
  ).items;
  if (rows.length === 0) return null;
  return content<ConfigDocument>(await wbe.get(`${RULES}/versions/${rows[0].version}`));
}

export async function submitDraft(body: TmRuleSetBody): Promise<ConfigDocument> {
  return content<ConfigDocument>(await wbe.post(`${RULES}/drafts`, { body }));
}

export async function previewDraft(body: TmRuleSetBody, days: number): Promise<PreviewAnswer> {
  return content<PreviewAnswer>(await wbe.post(`${RULES}/preview`, { body, days }));
}

/** The problems of a 422 (the rule set publishing would refuse), else null. */
export function problemsOf(error: unknown): DocumentProblem[] | null {
  const response = (error as { response?: { status?: number; data?: { problems?: unknown } } } | null)?.response;
  return response?.status === 422 && Array.isArray(response.data?.problems)
    ? (response.data.problems as DocumentProblem[])
    : null;
}
