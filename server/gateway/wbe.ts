import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { authenticate, optionalAuthenticate, requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { validate, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { dashboardStatsQuery, errorReportSchema } from './request-schemas';
import { saqRouter } from './saq';
import { resourcesRouter } from './resources';
import { selectSite } from './site-header';
import { wizardRouter } from './wizards';

/**
 * 406 `sessionRejected` (shell §4) when the session's organisation is no longer one of the
 * user's: the client shows the message and ends the session.
 */
function rejectStaleOrganization(req: Request, _res: Response, next: NextFunction): void {
  const { user, claims } = requireAuth(req);
  if (claims.org && !user.organizationIds.includes(claims.org)) throw new AppError(406, 'sessionRejected');
  next();
}

/** Web backend `/wbe/api` (docs/contracts.md 'Web backend'). */
export function wbeRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  const signedIn: RequestHandler[] = [authenticate(ctx), rejectStaleOrganization, selectSite(ctx)];
  const admin: RequestHandler[] = [...signedIn, requireGuard(ctx, ADMIN_GUARD)];

  router.get('/admin/users', ...admin, async (_req, res) => {
    res.json({ content: await services.admin.listUsers() });
  });

  router.post('/admin/users/:uuid/approve', ...admin, async (req, res) => {
    res.json({ content: await services.admin.approve(requireAuth(req), String(req.params.uuid)) });
  });

  router.get('/admin/impersonate-uuid/:uuid', ...admin, async (req, res) => {
    res.json({ content: await services.admin.impersonate(requireAuth(req), String(req.params.uuid)) });
  });

  // domain §6-7: the user's sites with the saq permission, otherwise an empty list (never an error)
  router.get('/sites', ...signedIn, async (req, res) => {
    res.json({ content: await services.sites.list(requireAuth(req)) });
  });

  router.get('/mail-logs', ...signedIn, requireGuard(ctx, { anyOf: ['mailLogs:view'] }), async (_req, res) => {
    res.json({ content: await services.admin.mailLogs() });
  });

  // the admin dashboard's stat cards and charts: system-wide figures, so admins only
  router.get('/dashboard/stats', ...admin, validateQuery(dashboardStatsQuery), async (req, res) => {
    res.json({ content: await services.dashboard.stats(Number(req.query.days ?? 14)) });
  });

  router.use('/resources', resourcesRouter(ctx, services, signedIn));

  // the error page's report button also works signed out, so the caller is optional here
  router.post(
    '/user/log/error',
    optionalAuthenticate(ctx),
    selectSite(ctx),
    validate(errorReportSchema),
    async (req, res) => {
      res.status(201).json({ content: await services.errorReports.report(req.body, req.auth?.user.id, req.site?.id) });
    },
  );

  router.use(wizardRouter(ctx, services, signedIn));
  router.use(saqRouter(ctx, services, signedIn));

  return router;
}
