/** The scheduled control that reminds of assessment deadlines (server/app-jobs.ts). */
export const ASSESSMENT_REMINDERS_JOB = 'assessments.remind';
/** Every day at 07:00 UTC, before the working day in Türkiye. */
export const ASSESSMENT_REMINDERS_CRON = '0 7 * * *';
/** Days before the deadline a reminder goes out (each once per assessment; docs/domain/assessments.md). */
export const REMINDER_DAYS = [7, 1] as const;
