import type { AppContext } from '../context';
import { LinkTokens, PURGE_LINK_TOKENS_CRON, PURGE_LINK_TOKENS_JOB } from '../services/link-tokens';

/**
 * The app's background work, declared once per app before the jobs start: mail delivery and the
 * scheduled controls. Scans and report generation join here as define (+ schedule) calls.
 */
export async function defineAppJobs(ctx: AppContext): Promise<void> {
  await ctx.mailer.define();
  const links = new LinkTokens(ctx);
  await ctx.jobs.define(PURGE_LINK_TOKENS_JOB, async () => {
    const removed = await links.purgeSpent();
    if (removed > 0) ctx.log.info(`Removed ${removed} spent link tokens`);
  });
  await ctx.jobs.schedule(PURGE_LINK_TOKENS_JOB, PURGE_LINK_TOKENS_CRON);
}
