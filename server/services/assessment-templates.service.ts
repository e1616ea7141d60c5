import { isAssessmentTemplate } from '../../core/assessments/template';
import type { ConfigDocument, Text } from '../../core/documents/document.types';
import type { ListQuery, ListResult, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { compareVersions, type ItemChange } from '../../core/questionnaire/compare';
import type { QuestionnaireBody, Section } from '../../core/questionnaire/questionnaire.types';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';

/** One row of the templates list: the template, its newest version and who changed it when. */
export interface TemplateRow {
  id: string;
  title: Text;
  /** published while a version is; else the newest version's status (draft, retired). */
  status: 'draft' | 'published' | 'retired';
  latestVersion: number;
  latestPublished: number | null;
  /** A draft newer than the published version waits. */
  draftWaiting: boolean;
  versions: number;
  author: string;
  changedAt: string;
  /** The versions a "compare" opens: the one before the newest, and the newest. */
  compareFrom: number | null;
}

const TEMPLATE_COLUMNS = [
  'id',
  'status',
  'latestVersion',
  'latestPublished',
  'draftWaiting',
  'versions',
  'author',
  'changedAt',
];
export const TEMPLATE_FIELDS: QueryableFields = { filterable: TEMPLATE_COLUMNS, sortable: TEMPLATE_COLUMNS };
export const NEWEST_CHANGE_FIRST: SortKey[] = [{ field: 'changedAt', direction: 'desc' }];

/** One row of a comparison: the change and a flag per aspect (list columns). */
export interface ChangeRow extends ItemChange {
  id: string;
  sectionChanged: boolean;
  textChanged: boolean;
  responsesChanged: boolean;
  visibilityChanged: boolean;
  scoringChanged: boolean;
}
const CHANGE_COLUMNS = ['itemId', 'change', 'section'];
export const CHANGE_FIELDS: QueryableFields = { filterable: CHANGE_COLUMNS, sortable: CHANGE_COLUMNS };

/** What the 8-step wizard sends (schemas/wizards/assessment-template.json, merged steps). */
export interface TemplateWizardAnswers {
  nameEn: string;
  nameTr: string;
  descriptionEn?: string;
  descriptionTr?: string;
  category?: string;
  industry?: string;
  scope?: string;
  scoringMethod: 'perChoice' | 'perSection';
  sections: string;
  deadlineDays?: number;
  requireFileReview?: boolean;
  reviewEverySection?: boolean;
}

/** An id from the English name: `assessment-` and its words, lower case. */
function idFrom(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60)
    .replace(/-+$/, '');
  return `assessment-${words || 'template'}`;
}

/** A starting body from the wizard: one section per outline line, each with a first question to edit. */
export function starterBody(answers: TemplateWizardAnswers): QuestionnaireBody {
  const lines = answers.sections
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 50);
  const sections: Section[] = (lines.length > 0 ? lines : ['General']).map((title, index) => ({
    id: `section${index + 1}`,
    title: { en: title, tr: title },
    ...(answers.scoringMethod === 'perSection' ? { weight: 1 } : {}),
    items: [
      {
        type: 'question',
        id: `s${index + 1}q1`,
        text: { en: `${title}: first question`, tr: `${title}: ilk soru` },
        responseSet: 'yesNo',
      },
    ],
  }));
  const description =
    answers.descriptionEn && answers.descriptionTr
      ? { en: answers.descriptionEn, tr: answers.descriptionTr }
      : undefined;
  return {
    title: { en: answers.nameEn, tr: answers.nameTr },
    ...(description ? { description } : {}),
    purpose: 'assessment',
    template: {
      ...(answers.category ? { category: answers.category } : {}),
      ...(answers.industry ? { industry: answers.industry } : {}),
      ...(answers.scope ? { scope: answers.scope } : {}),
      scoringMethod: answers.scoringMethod,
      ...(answers.deadlineDays ? { deadlineDays: answers.deadlineDays } : {}),
      review: {
        requireFileReview: answers.requireFileReview === true,
        reviewEverySection: answers.reviewEverySection === true,
      },
    },
    responseSets: {
      yesNo: {
        options: [
          { value: 'yes', label: { en: 'Yes', tr: 'Evet' } },
          { value: 'partial', label: { en: 'Partially', tr: 'Kısmen' } },
          { value: 'no', label: { en: 'No', tr: 'Hayır' } },
        ],
      },
    },
    scoring: { points: { yes: 2, partial: 1, no: 0 } },
    sections,
  };
}

/**
 * Assessment templates over the config documents service: questionnaires marked
 * `purpose: "assessment"`, listed with their versions, created from the wizard as drafts,
 * compared version by version and retired.
 */
export class AssessmentTemplatesService {
  constructor(private readonly ctx: AppContext) {}

  private async allVersions(): Promise<Map<string, ConfigDocument<QuestionnaireBody>[]>> {
    const byId = new Map<string, ConfigDocument<QuestionnaireBody>[]>();
    for (const entry of await this.ctx.documents.list(true)) {
      if (entry.kind !== 'questionnaire') continue;
      const newest = await this.ctx.documents.version('questionnaire', entry.id, entry.latestVersion);
      if (!isAssessmentTemplate(newest.body)) continue;
      const versions: ConfigDocument<QuestionnaireBody>[] = [];
      for (let version = 1; version <= entry.latestVersion; version += 1) {
        versions.push((await this.ctx.documents.version('questionnaire', entry.id, version)) as never);
      }
      byId.set(entry.id, versions);
    }
    return byId;
  }

  async list(query: ListQuery): Promise<ListResult<TemplateRow>> {
    const rows: TemplateRow[] = [];
    for (const [id, versions] of await this.allVersions()) {
      const newest = versions[versions.length - 1];
      const published = versions.find((v) => v.status === 'published');
      rows.push({
        id,
        title: newest.body.title,
        status: published ? 'published' : newest.status,
        latestVersion: newest.version,
        latestPublished: published?.version ?? null,
        draftWaiting: newest.status === 'draft' && published !== undefined,
        versions: versions.length,
        author: newest.publishedBy ?? newest.createdBy,
        changedAt: newest.publishedAt ?? newest.createdAt,
        compareFrom: newest.version > 1 ? newest.version - 1 : null,
      });
    }
    return runQuery(rows, query);
  }

  /** A template's version (any status: admins only call this); 404 `documentNotFound` for anything else. */
  private async templateVersion(id: string, version: number): Promise<ConfigDocument<QuestionnaireBody>> {
    const document = await this.ctx.documents.version('questionnaire', id, version);
    if (!isAssessmentTemplate(document.body)) throw new AppError(404, 'documentNotFound');
    return document as ConfigDocument<QuestionnaireBody>;
  }

  /** A new draft from the wizard's answers, under a fresh id; answers `{ id, version }`. */
  async create(answers: TemplateWizardAnswers, actor: string): Promise<{ id: string; version: number }> {
    const body = starterBody(answers);
    const problems = this.ctx.documents.check({ kind: 'questionnaire', id: 'assessment-new', body });
    if (problems.length > 0) throw new AppError(422, 'documentInvalid', undefined, { problems });
    const taken = new Set(
      (await this.ctx.documents.list(true)).filter((e) => e.kind === 'questionnaire').map((e) => e.id),
    );
    const base = idFrom(answers.nameEn);
    let id = base;
    for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
    const draft = await this.ctx.documents.createDraft('questionnaire', id, body, actor);
    return { id, version: draft.version };
  }

  /** Every item two versions differ in; without a page asked for, with the versions' titles and counts. */
  async compare(id: string, from: number, to: number) {
    const [before, after] = [await this.templateVersion(id, from), await this.templateVersion(id, to)];
    const changes: ChangeRow[] = compareVersions(before.body, after.body).map((change) => ({
      ...change,
      id: change.itemId,
      sectionChanged: change.aspects.includes('section'),
      textChanged: change.aspects.includes('text'),
      responsesChanged: change.aspects.includes('responses'),
      visibilityChanged: change.aspects.includes('visibility'),
      scoringChanged: change.aspects.includes('scoring'),
    }));
    const count = (kind: ItemChange['change']) => changes.filter((c) => c.change === kind).length;
    return {
      id,
      title: after.body.title,
      from,
      to,
      fromStatus: before.status,
      toStatus: after.status,
      added: count('added'),
      removed: count('removed'),
      changed: count('changed'),
      changes,
    };
  }

  /** Retires the published version: no new assessment starts on the template; pinned versions keep working. */
  async retire(id: string, actor: string) {
    const versions = await this.ctx.documents.versions('questionnaire', id, true);
    const published = versions.find((v) => v.status === 'published');
    const newest = await this.templateVersion(id, versions[versions.length - 1].version);
    if (!published || !newest) throw new AppError(409, 'documentNotPublished');
    return this.ctx.documents.retire('questionnaire', id, published.version, actor);
  }
}
