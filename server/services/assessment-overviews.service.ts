import type { Text } from '../../core/documents/document.types';
import type { ListQuery, QueryableFields } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { Language } from '../http/i18n';
import type { AssessmentCaller } from './assessment-policy';
import type { AssessmentRow } from './assessment-views';
import type { AssessmentsService } from './assessments.service';

/** How the assessor's review requests are grouped (`/app/review-requests`). */
export type GroupBy = 'thirdParty' | 'template';
export const GROUP_BYS: readonly GroupBy[] = ['thirdParty', 'template'];

const SUMMARY_FIELDS = ['name', 'assessments', 'open', 'reviewing', 'completed', 'averageScore'];
export const GROUP_FIELDS: QueryableFields = {
  filterable: ['name'],
  sortable: [...SUMMARY_FIELDS, 'lastSubmittedAt'],
};
export const PORTFOLIO_FIELDS: QueryableFields = {
  filterable: ['name', 'latestStatus'],
  sortable: ['name', 'latestStatus', 'latestScore', 'assessments', 'lastCompletedAt', 'averageScore'],
};

/** What a set of assessments adds up to: counts by state, scores, the latest dates. */
function summary(rows: AssessmentRow[]) {
  const newest = [...rows].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  const completed = rows
    .filter((row) => row.completionDate)
    .sort((a, b) => String(b.completionDate).localeCompare(String(a.completionDate)));
  const scores = completed.map((row) => row.score).filter((score): score is number => typeof score === 'number');
  const statuses: Record<string, number> = {};
  for (const row of rows) statuses[row.status] = (statuses[row.status] ?? 0) + 1;
  const submitted = rows.map((row) => row.submissionDate).filter((date): date is string => !!date);
  return {
    assessments: rows.length,
    open: rows.length - completed.length,
    reviewing: statuses.reviewing ?? 0,
    completed: completed.length,
    latestAssessmentId: newest?.id ?? null,
    latestStatus: newest?.status ?? null,
    latestScore: completed[0]?.score ?? null,
    averageScore: scores.length ? Math.round(scores.reduce((sum, score) => sum + score, 0) / scores.length) : null,
    lastCompletedAt: completed[0]?.completionDate ?? null,
    lastSubmittedAt: submitted.sort().at(-1) ?? null,
    statuses,
    // oldest first: a line over time, by the day (the chart's axis)
    scores: completed
      .filter((row) => typeof row.score === 'number')
      .map((row) => ({ completedOn: String(row.completionDate).slice(0, 10), score: row.score, name: row.name }))
      .reverse(),
  };
}

/**
 * The assessor's overviews over `/maq/api` (docs/gateway/maq.md): review
 * requests grouped by third party or template, and the portfolio of third parties with their
 * assessments, statuses and scores. Only assessments the caller assesses are counted; a group or
 * third party with none of them is 404, as if it did not exist.
 */
export class AssessmentOverviewsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly assessments: AssessmentsService,
  ) {}

  /** The caller's review requests grouped `by`: one row per third party or template, query contract. */
  async groups(caller: AssessmentCaller, by: GroupBy, language: Language, query: ListQuery) {
    const byKey = new Map<string, AssessmentRow[]>();
    for (const row of await this.assessments.rows(caller, 'assessor')) {
      const key = keyOf(row, by);
      byKey.set(key, [...(byKey.get(key) ?? []), row]);
    }
    const groups = [...byKey.entries()].map(([key, rows]) => this.group(by, key, rows, language));
    return runQuery(groups, query);
  }

  /** One group (`<by>.<key>`: `thirdParty.<id>`, `template.<id>`) with its counts. */
  async groupOf(caller: AssessmentCaller, groupId: string, language: Language) {
    const { by, key } = parseGroup(groupId);
    return this.group(by, key, await this.groupRows(caller, by, key), language);
  }

  /** The assessments of one group, query contract (the rows of the assessor's list). */
  async groupAssessments(caller: AssessmentCaller, groupId: string, query: ListQuery) {
    const { by, key } = parseGroup(groupId);
    return runQuery(await this.groupRows(caller, by, key), query);
  }

  /** The third parties the caller assesses, each with its latest assessment's status and its scores. */
  async portfolio(caller: AssessmentCaller, query: ListQuery) {
    const byThirdParty = new Map<string, AssessmentRow[]>();
    for (const row of await this.assessments.rows(caller, 'assessor'))
      byThirdParty.set(row.thirdPartyId, [...(byThirdParty.get(row.thirdPartyId) ?? []), row]);
    const rows = [...byThirdParty.entries()].map(([id, rows]) => {
      const { statuses: _s, scores: _c, ...counts } = summary(rows);
      return { id, name: rows[0].thirdPartyName, ...counts };
    });
    return runQuery(rows, query);
  }

  /** One third party of the portfolio with counts by state and its scores over time (its page and overview). */
  async thirdParty(caller: AssessmentCaller, thirdPartyId: string) {
    const rows = await this.thirdPartyRows(caller, thirdPartyId);
    return { id: thirdPartyId, name: rows[0].thirdPartyName, ...summary(rows) };
  }

  /** The assessments of one third party of the portfolio, query contract. */
  async thirdPartyAssessments(caller: AssessmentCaller, thirdPartyId: string, query: ListQuery) {
    return runQuery(await this.thirdPartyRows(caller, thirdPartyId), query);
  }

  private async thirdPartyRows(caller: AssessmentCaller, thirdPartyId: string) {
    const rows = await this.assessments.rows(caller, 'assessor', (record) => record.thirdPartyId === thirdPartyId);
    if (rows.length === 0) throw new AppError(404, 'thirdPartyNotFound');
    return rows;
  }

  private async groupRows(caller: AssessmentCaller, by: GroupBy, key: string) {
    const rows = await this.assessments.rows(caller, 'assessor', (record) => keyOf(record, by) === key);
    if (rows.length === 0) throw new AppError(404, 'assessmentNotFound');
    return rows;
  }

  private group(by: GroupBy, key: string, rows: AssessmentRow[], language: Language) {
    const name = by === 'thirdParty' ? rows[0].thirdPartyName : this.templateTitle(key, language);
    const { statuses, scores: _c, ...counts } = summary(rows);
    return { id: `${by}.${key}`, by, key, name, ...counts, statuses };
  }

  /** A template's title in `language` (its latest published version), else its id. */
  private templateTitle(id: string, language: Language): string {
    const title = (this.ctx.documents.cache.get('questionnaire', id)?.document.body as { title?: Text } | undefined)
      ?.title;
    if (!title) return id;
    return typeof title === 'string' ? this.ctx.translator.t(language, title) : title[language];
  }
}

function keyOf(row: Pick<AssessmentRow, 'thirdPartyId' | 'template'>, by: GroupBy): string {
  return by === 'thirdParty' ? row.thirdPartyId : row.template.id;
}

/** `thirdParty.<id>` or `template.<id>` (the params schema has checked the shape). */
function parseGroup(groupId: string): { by: GroupBy; key: string } {
  const dot = groupId.indexOf('.');
  return { by: groupId.slice(0, dot) as GroupBy, key: groupId.slice(dot + 1) };
}
