import { type AssessmentRecord, type AssessmentRole, rolesIn } from '../../core/assessments/assessment.types';
import { answeredItems, answerText, isEmpty, isFile } from '../../core/assessments/review-progress';
import type { Text } from '../../core/documents/document.types';
import { type CompiledQuestionnaire, isFileRef, visibleItems } from '../../core/questionnaire/questionnaire';
import type { QueryableFields, SortKey } from '../../core/query/query.types';
import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import type { AssessmentFlow } from './assessment-flow';
import type { AssessmentCaller } from './assessment-policy';
import { textIn } from './questionnaire-record/problems';
import { usersOf } from './users';

/** One assessment as the endpoints answer it: names, the caller's roles and actions, review state. */
export type AssessmentView = AssessmentRecord & {
  ownerName: string;
  assessorName: string;
  assesseeName: string | null;
  myRoles: AssessmentRole[];
  actions: string[];
  /** The pinned template as the questionnaire screen reads it (`source` → `{ document, answers, status }`). */
  document: { id: string; version: number };
  /** The pinned version's title in the caller's language (the detail page names the template by it). */
  templateTitle: string;
  lastStep: null;
  /** Answered file items the assessor has not marked reviewed (the warning domain §4 asks for). */
  filesNotReviewed: string[];
  /** The same items by their labels in the caller's language (what the warning panel lists). */
  filesNotReviewedNames: string[];
  /** Items sent back to fix and not changed since. */
  sentBackItems: string[];
};
export type AssessmentRow = Omit<AssessmentView, 'answers' | 'reviews' | 'messages'>;

const ROW_FIELDS = ['name', 'alias', 'status', 'thirdPartyName', 'deadline', 'score', 'createdAt', 'submissionDate'];
export const ASSESSMENT_FIELDS: QueryableFields = {
  filterable: [...ROW_FIELDS, 'group'],
  sortable: [...ROW_FIELDS, 'progress.percent', 'assessorProgress.percent', 'completionDate'],
};
export const NEWEST_FIRST: SortKey[] = [{ field: 'createdAt', direction: 'desc' }];
export const ITEM_FIELDS: QueryableFields = {
  filterable: ['section', 'reviewed', 'answered', 'sentBack'],
  sortable: ['position', 'section', 'reviewed', 'sentBack'],
};

/** One item of the pinned questionnaire with its answer and review mark (the review list's rows). */
export interface AssessmentItemRow {
  id: string;
  assessmentId: string;
  /** The item's id again: a row action's path takes `:id` from the route (the assessment), `:itemId` from the row. */
  itemId: string;
  position: number;
  section: string;
  sectionTitle: Text;
  label: Text;
  answer: string;
  answered: boolean;
  reviewed: boolean;
  reviewedAt: string | null;
  /** A file answer's upload, downloadable at /wbe/api/files/:fileId (null for other answers). */
  fileId: string | null;
  /** Sent back to fix (and not changed since), with the assessor's note. */
  sentBack: boolean;
  sentBackNote: string | null;
  /** The assessment is in review: the row's review actions apply (the server judges who). */
  reviewing: boolean;
}

/** The assessment as the caller reads it: participants by name, the caller's roles and actions, what awaits review. */
export async function assessmentView(
  ctx: AppContext,
  flow: AssessmentFlow,
  compiled: CompiledQuestionnaire,
  record: AssessmentRecord,
  caller: AssessmentCaller,
): Promise<AssessmentView> {
  const myRoles = rolesIn(record, caller.user.id);
  const language = caller.language ?? 'en';
  const users = usersOf(ctx);
  const nameOf = async (id: string | null) => {
    if (!id) return null;
    const user = await users.get(id);
    return user ? user.name || user.email : id;
  };
  const filesNotReviewed = answeredItems(compiled, record.answers).filter(
    (id) => isFile(compiled, id) && record.reviews[id]?.reviewed !== true,
  );
  const labelOf = (id: string) => {
    const item = compiled.entries.get(id)?.item;
    return item?.type === 'field' ? textIn(ctx, item.label, language) : id;
  };
  return {
    ...record,
    ownerName: (await nameOf(record.ownerId)) ?? '',
    assessorName: (await nameOf(record.assessorId)) ?? '',
    assesseeName: await nameOf(record.assesseeId),
    document: record.template,
    templateTitle: textIn(ctx, compiled.body.title, language),
    lastStep: null,
    myRoles,
    actions: flow.actions(record, caller, myRoles),
    filesNotReviewed,
    filesNotReviewedNames: filesNotReviewed.map(labelOf),
    sentBackItems: Object.keys(record.sentBack ?? {}),
  };
}

export function assessmentRow({ answers: _a, reviews: _r, messages: _m, ...view }: AssessmentView): AssessmentRow {
  return view;
}

/** The pinned questionnaire's visible items with answers and review marks (the assessor's review list). */
export function itemRows(
  ctx: AppContext,
  compiled: CompiledQuestionnaire,
  record: AssessmentRecord,
  language: Language,
): AssessmentItemRow[] {
  const visible = visibleItems(compiled, record.answers);
  const rows: AssessmentItemRow[] = [];
  for (const section of compiled.body.sections) {
    for (const item of section.items) {
      if (!visible.has(item.id)) continue;
      const value = record.answers[item.id];
      const mark = record.reviews[item.id];
      const back = record.sentBack?.[item.id];
      rows.push({
        id: item.id,
        assessmentId: record.id,
        itemId: item.id,
        position: rows.length + 1,
        section: section.id,
        sectionTitle: section.title,
        label: item.type === 'question' ? item.text : item.label,
        answer: answerText(compiled, item.id, value, (label) => textIn(ctx, label, language)),
        answered: !isEmpty(value),
        reviewed: mark?.reviewed === true,
        reviewedAt: mark?.reviewed ? mark.at : null,
        fileId: isFileRef(value) ? value.id : null,
        sentBack: back !== undefined,
        sentBackNote: back?.note ?? null,
        reviewing: record.status === 'reviewing',
      });
    }
  }
  return rows;
}
