import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import { publishToUser } from '../realtime/publish';
import { createNotification } from './notifications';

/** The real-time events on each participant's user channel. */
export const ASSESSMENT_CHANGED = 'assessment.changed';
export const ASSESSMENT_MESSAGE = 'assessment.message';

/** Tells every participant's browsers the assessment changed (or got a message). */
export async function announceAssessment(ctx: AppContext, record: AssessmentRecord, event: string): Promise<void> {
  const to = new Set([record.ownerId, record.assessorId, record.assesseeId].filter((id): id is string => !!id));
  for (const userId of to) {
    await publishToUser(ctx, userId, event, { id: record.id, status: record.status }).catch((error: unknown) =>
      ctx.log.error(`Assessment ${record.id} change not announced`, error),
    );
  }
}

/** A notification in both languages (`assessmentNotices.<key>.*`), group `assessment`. */
export async function notifyOfAssessment(
  ctx: AppContext,
  receiverId: string,
  key: string,
  record: AssessmentRecord,
  url: string,
): Promise<void> {
  const values = { name: record.name, deadline: record.deadline, thirdParty: record.thirdPartyName };
  const texts = (language: Language) => ({
    title: ctx.translator.t(language, `assessmentNotices.${key}.title`, values),
    description: ctx.translator.t(language, `assessmentNotices.${key}.description`, values),
    url,
  });
  await createNotification(ctx, {
    receiverId,
    groups: [{ groupValue: 'assessment', groupKey: key }],
    payload: { ...texts('en'), tr: texts('tr') },
  });
}
