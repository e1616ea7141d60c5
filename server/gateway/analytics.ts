import express, { type RequestHandler, type Router } from 'express';
import { optionalAuthenticate } from '../auth/authenticate';
import { anonymousPageViewRateLimit, type RateLimits } from '../auth/rate-limits';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { LATEST_DAY_FIRST, PAGE_VIEW_FIELDS } from '../services/analytics.service';
import { attributeAffiliate } from './affiliate';
import { analyticsQuery, pageViewSchema } from './request-schemas';

/** The page-view path, for the shared anonymous-write throttle to leave it to its own (app.ts). */
export const PAGE_VIEW_PATH = '/analytics/page-views';

/**
 * Analytics without a third party: the browser's page views (anyone; anonymous ones throttled per
 * address), and the admins' report and list of them.
 */
export function analyticsRouter(
  ctx: AppContext,
  services: Services,
  admin: RequestHandler[],
  limits: Pick<RateLimits, 'anonymousPageViews'>,
): Router {
  const router = express.Router();

  router.post(
    PAGE_VIEW_PATH,
    optionalAuthenticate(ctx),
    // a signed-in view is often the session's first web-backend call: it attributes the affiliate id
    attributeAffiliate(ctx),
    anonymousPageViewRateLimit(limits.anonymousPageViews, ctx.counters),
    validate(pageViewSchema),
    async (req, res) => {
      res.status(201).json({ content: await services.analytics.record(req.body.path, req.auth !== undefined) });
    },
  );

  router.get('/admin/analytics', ...admin, validateQuery(analyticsQuery), async (req, res) => {
    res.json({ content: await services.analytics.report(Number(req.query.days ?? 30)) });
  });

  router.get('/admin/analytics/page-views', ...admin, async (req, res) => {
    res.json({ content: await services.analytics.list(listQueryOf(req.query, PAGE_VIEW_FIELDS, LATEST_DAY_FIRST)) });
  });

  return router;
}
