import type { AppContext } from './context';
import type { Services } from './services';
import { LinkTokens, PURGE_LINK_TOKENS_CRON, PURGE_LINK_TOKENS_JOB } from './services/link-tokens';
import { PURGE_REVOKED_SESSIONS_CRON, PURGE_REVOKED_SESSIONS_JOB, purgeExpiredRevocations } from './auth/revocations';
import { ASSESSMENT_REMINDERS_CRON, ASSESSMENT_REMINDERS_JOB, REMINDER_DAYS } from './services/assessment-reminders';
import { SIGN_SAQ_JOB } from './services/saq-signing';
import { ONBOARDING_CONTROLS_JOB } from './services/onboarding.service';
import { RUN_SCAN_JOB } from './services/scans.service';
import { AUTO_SCAN_CRON, AUTO_SCAN_JOB } from './services/portfolio.service';
import { BACKTEST_JOB } from './services/tm-backtest.service';
import { PRUNE_HISTORY_CRON, PRUNE_HISTORY_JOB, pruneHistory } from './services/tm-history';
import {
  GENERATE_DUE_REPORTS_CRON,
  GENERATE_DUE_REPORTS_JOB,
  GENERATE_REPORT_JOB,
  SEND_SCHEDULED_REPORTS_CRON,
  SEND_SCHEDULED_REPORTS_JOB,
} from './services/reports.service';

/**
 * The app's background work, declared once per app before the jobs start: mail delivery, report
 * generation, the signed SAQ's PDF, scans and the scheduled controls (cron schedules).
 */
export async function defineAppJobs(ctx: AppContext, services: Services): Promise<void> {
  await ctx.mailer.define();
  const links = new LinkTokens(ctx);
  await ctx.jobs.define(PURGE_LINK_TOKENS_JOB, async () => {
    const removed = await links.purgeSpent();
    if (removed > 0) ctx.log.info(`Removed ${removed} spent link tokens`);
  });
  await ctx.jobs.schedule(PURGE_LINK_TOKENS_JOB, PURGE_LINK_TOKENS_CRON);
  await ctx.jobs.define(PURGE_REVOKED_SESSIONS_JOB, async () => {
    const removed = await purgeExpiredRevocations(ctx);
    if (removed > 0) ctx.log.info(`Removed ${removed} expired session revocations`);
  });
  await ctx.jobs.schedule(PURGE_REVOKED_SESSIONS_JOB, PURGE_REVOKED_SESSIONS_CRON);
  await ctx.jobs.define(PRUNE_HISTORY_JOB, async () => {
    const removed = await pruneHistory(ctx.store, ctx.clock());
    if (removed > 0) ctx.log.info(`Removed ${removed} transaction-monitoring history rows out of every window`);
  });
  await ctx.jobs.schedule(PRUNE_HISTORY_JOB, PRUNE_HISTORY_CRON);

  await ctx.jobs.define<{ id: string }>(GENERATE_REPORT_JOB, (job) => services.reports.generate(job), {
    retryLimit: 2,
    retryDelaySeconds: 60,
  });
  await ctx.jobs.define(GENERATE_DUE_REPORTS_JOB, async () => {
    await services.reports.sendDue();
  });
  await ctx.jobs.schedule(GENERATE_DUE_REPORTS_JOB, GENERATE_DUE_REPORTS_CRON);
  await ctx.jobs.define(SEND_SCHEDULED_REPORTS_JOB, async () => {
    await services.reports.sendScheduled();
  });
  await ctx.jobs.schedule(SEND_SCHEDULED_REPORTS_JOB, SEND_SCHEDULED_REPORTS_CRON);

  await ctx.jobs.define<{ id: string }>(SIGN_SAQ_JOB, (job) => services.saqSigning.renderSigned(job), {
    retryLimit: 2,
    retryDelaySeconds: 30,
  });

  // deadline reminders as notifications, N days before (docs/gateway/maq.md)
  await ctx.jobs.define(ASSESSMENT_REMINDERS_JOB, async () => {
    const sent = await services.assessments.remind(ctx.clock(), REMINDER_DAYS);
    if (sent > 0) ctx.log.info(`Sent ${sent} assessment deadline reminders`);
  });
  await ctx.jobs.schedule(ASSESSMENT_REMINDERS_JOB, ASSESSMENT_REMINDERS_CRON);

  // a scan lost with its instance runs again from the start; one whose checks ran is never re-run
  await ctx.jobs.define<{ id: string }>(RUN_SCAN_JOB, (job) => services.scans.run(job), {
    retryLimit: 1,
    retryDelaySeconds: 5,
    expireInSeconds: 30 * 60,
  });

  // the 30-day onboarding controls an approval schedules (domain §4)
  await ctx.jobs.define<{ id: string }>(ONBOARDING_CONTROLS_JOB, (job) => services.onboardings.runControls(job), {
    retryLimit: 2,
    retryDelaySeconds: 300,
  });

  // the portfolio's auto scans: each day, the merchants whose day, week or month has passed
  await ctx.jobs.define(AUTO_SCAN_JOB, async () => {
    const started = await services.portfolio.runAutoScans();
    if (started > 0) ctx.log.info(`Started ${started} automatic merchant scans`);
  });
  await ctx.jobs.schedule(AUTO_SCAN_JOB, AUTO_SCAN_CRON);

  // transaction monitoring's point-in-time backtest; a failure marks the record failed (no retry)
  await ctx.jobs.define<{ id: string }>(BACKTEST_JOB, (job) => services.tmBacktests.run(job), {
    retryLimit: 0,
    expireInSeconds: 60 * 60,
  });
}
