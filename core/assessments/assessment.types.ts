import type { Answers } from '../questionnaire/questionnaire.types';

/** The roles a user holds in one assessment (domain §3 'assessment roles'). */
export type AssessmentRole = 'owner' | 'assessor' | 'assessee';
export const ASSESSMENT_ROLES: readonly AssessmentRole[] = ['owner', 'assessor', 'assessee'];

/** The assessor's mark on one answer: reviewed or not, by whom and when. */
export interface ReviewMark {
  reviewed: boolean;
  by: string;
  at: string;
}

/** One chat message kept with the assessment: `itemId` null for the whole assessment's thread. */
export interface AssessmentMessage {
  id: string;
  itemId: string | null;
  authorId: string;
  authorName: string;
  /** The author's role in the assessment when they wrote. */
  role: AssessmentRole;
  body: string;
  createdAt: string;
}

/** An answer the assessor sent back to fix, with the note (kept until the assessee changes that answer). */
export interface SentBackMark {
  note: string | null;
  by: string;
  at: string;
}

/** How far answering (answered/total) or reviewing (reviewed/answered items) has come. */
export interface Progress {
  done: number;
  total: number;
  percent: number;
}

/**
 * A vendor assessment (collection `assessments`, docs/gateway/maq.md): a third
 * party answering a template questionnaire pinned at creation, reviewed by an assessor.
 */
export interface AssessmentRecord {
  id: string;
  name: string;
  alias: string | null;
  /** The template questionnaire `{ id, version }` pinned when the assessment was made. */
  template: { id: string; version: number };
  group: string | null;
  ownerId: string;
  assessorId: string;
  assesseeId: string | null;
  /** A record of the `third-party` resource. */
  thirdPartyId: string;
  thirdPartyName: string;
  /** The third party's contact e-mail when it was invited. */
  contactEmail: string | null;
  invitationId: string | null;
  deadline: string;
  status: string;
  answers: Answers;
  reviews: Record<string, ReviewMark>;
  messages: AssessmentMessage[];
  /** Answers sent back to fix, by item (absent on assessments older than per-answer send back). */
  sentBack?: Record<string, SentBackMark>;
  /** The issues raised from findings at completion (resource `issue`). */
  issueIds?: string[];
  progress: Progress;
  assessorProgress: Progress;
  submissionDate: string | null;
  completionDate: string | null;
  /** Percent of the template's best points (core/questionnaire `score`), set at submit and completion. */
  score: number | null;
  /** Deadline reminders already sent, by days-before (not sent twice). */
  remindersSent: number[];
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

/** The roles `userId` holds in the assessment. */
export function rolesIn(record: Pick<AssessmentRecord, 'ownerId' | 'assessorId' | 'assesseeId'>, userId: string) {
  const roles: AssessmentRole[] = [];
  if (record.ownerId === userId) roles.push('owner');
  if (record.assessorId === userId) roles.push('assessor');
  if (record.assesseeId === userId) roles.push('assessee');
  return roles;
}

/** done of total as a whole percent (0 of 0 is 0). */
export function progressOf(done: number, total: number): Progress {
  return { done, total, percent: total === 0 ? 0 : Math.round((done / total) * 100) };
}
