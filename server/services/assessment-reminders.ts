import type { AssessmentRecord } from '../../core/assessments/assessment.types';
import { DAY_MS } from '../../core/dates/days';
import type { AppContext } from '../context';
import { notifyOfAssessment } from './assessment-notices';
import type { AssessmentCaller } from './assessment-policy';
import type { QuestionnaireRecords } from './questionnaire-record/lifecycle';
import { SYSTEM_ACTOR } from './workflow.service';

/** The scheduled control that reminds of assessment deadlines (server/app-jobs.ts). */
export const ASSESSMENT_REMINDERS_JOB = 'assessments.remind';
/** Every day at 07:00 UTC, before the working day in Türkiye. */
export const ASSESSMENT_REMINDERS_CRON = '0 7 * * *';
/** Days before the deadline a reminder goes out (each once per assessment; docs/domain/assessments.md). */
export const REMINDER_DAYS = [7, 1] as const;

/** Reminders due `days` before a deadline to the assessee (or the owner before an invitation); how many went. */
export async function remindOfDeadlines(
  ctx: AppContext,
  assessments: QuestionnaireRecords<AssessmentRecord, AssessmentCaller>,
  today: Date,
  days: readonly number[],
): Promise<number> {
  let sent = 0;
  const open = await assessments.records.find(
    (record) => record.completionDate === null && record.status !== 'reviewing',
  );
  for (const record of open) {
    const left = Math.ceil((Date.parse(`${record.deadline}T00:00:00Z`) - today.getTime()) / DAY_MS);
    const due = days.filter((day) => left >= 0 && left <= day && !record.remindersSent.includes(day));
    if (due.length === 0) continue;
    await assessments.locked(SYSTEM_ACTOR, record.id, async () => {
      const current = await assessments.records.get(record.id);
      if (!current) return;
      const receiver = current.assesseeId ?? current.ownerId;
      const path = current.assesseeId
        ? `/app/assessment-requests/${current.id}`
        : `/app/vendor-assessment/detail/${current.id}`;
      await notifyOfAssessment(ctx, receiver, 'assessmentDeadline', current, path);
      await assessments.records.replace(current.id, { ...current, remindersSent: [...current.remindersSent, ...due] });
      sent += 1;
    });
  }
  return sent;
}
