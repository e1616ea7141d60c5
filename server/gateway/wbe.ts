import { fileTransferRouter } from './file-transfer';
import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { authenticate, optionalAuthenticate, requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { saqRouter } from './saq';
import { reportsRouter } from './reports';
import { reportTemplatesRouter } from './report-templates';
import { billingRouter } from './billing';
import { resourcesRouter } from './resources';
import { MAIL_LOG_FIELDS, NEWEST_FIRST, USER_FIELDS } from '../services/admin.service';
import {
  adminMailSchema,
  bulkIdsSchema,
  dashboardStatsQuery,
  errorReportSchema,
  fileUploadErrorSchema,
  userParamsSchema,
} from './request-schemas';
import { attributeAffiliate } from './affiliate';
import { helpChatRouter } from './help-chat';
import { selectSite } from './site-header';
import type { RateLimits } from '../auth/rate-limits';
import { analyticsRouter } from './analytics';
import { impersonationRouter } from './impersonation';
import { smtpSettingsRouter } from './smtp-settings';
import { adminAreaRouter } from './admin-area';
import { awarenessRouter } from './awareness';
import { wizardRouter } from './wizards';
import { realtimeAuthRouter } from './realtime-auth';
import { complianceDocumentsRouter } from './compliance-documents';
import { filesRouter } from './files';
import { assessmentTemplatesRouter } from './assessment-templates';
import { managementSaqRouter } from './management-saq';
import { pciRequestsRouter } from './pci-requests';
import { onboardingProRouter } from './onboarding-pro';
import { onboardingsRouter } from './onboardings';
import { portfolioRouter } from './portfolio';
import { scansRouter } from './scans';
import { mmspRouter } from './mmsp';
import { sanctionsRouter } from './sanctions';
import { transactionMonitoringRouter } from './transaction-monitoring';
import { aggregatable } from './aggregatable';
import { trafficSocialRouter } from './traffic-social';

/**
 * 406 `sessionRejected` (shell §4) when the session's organisation is no longer one of the
 * user's: the client shows the message and ends the session.
 */
function rejectStaleOrganization(req: Request, _res: Response, next: NextFunction): void {
  const { user, claims } = requireAuth(req);
  if (claims.org && !user.organizationIds.includes(claims.org)) throw new AppError(406, 'sessionRejected');
  next();
}

/** Web backend `/wbe/api` (docs/gateway/wbe.md). */
export function wbeRouter(
  ctx: AppContext,
  services: Services,
  limits: Pick<RateLimits, 'anonymousPageViews' | 'helpChatMessages' | 'helpChatAnswers'>,
): Router {
  const router = express.Router();
  const signedIn: RequestHandler[] = [
    authenticate(ctx),
    rejectStaleOrganization,
    selectSite(ctx),
    attributeAffiliate(ctx),
  ];
  const admin: RequestHandler[] = [...signedIn, requireGuard(ctx, ADMIN_GUARD)];

  const user = validateParams(userParamsSchema);
  const uuidOf = (req: Request) => String(req.params.uuid);

  // the users list speaks the query contract (docs/gateway/README.md 'The query contract')
  router.get('/admin/users', ...admin, aggregatable, async (req, res) => {
    res.json({ content: await services.admin.listUsers(listQueryOf(req.query, USER_FIELDS, NEWEST_FIRST)) });
  });

  router.post('/admin/users/approve', ...admin, validate(bulkIdsSchema), async (req, res) => {
    res.json({ content: await services.admin.approveMany(requireAuth(req), req.body.ids) });
  });

  router.post('/admin/users/:uuid/approve', ...admin, user, async (req, res) => {
    res.json({ content: await services.admin.approve(requireAuth(req), uuidOf(req)) });
  });

  router.post('/admin/users/:uuid/deactivate', ...admin, user, async (req, res) => {
    res.json({ content: await services.admin.deactivate(requireAuth(req), uuidOf(req)) });
  });

  router.delete('/admin/users/:uuid', ...admin, user, async (req, res) => {
    res.json({ content: await services.admin.deleteUser(requireAuth(req), uuidOf(req)) });
  });

  router.post('/admin/users/:uuid/email', ...admin, user, validate(adminMailSchema), async (req, res) => {
    res.json({ content: await services.admin.sendMail(requireAuth(req), uuidOf(req), req.body) });
  });

  router.use(impersonationRouter(ctx, services, signedIn, admin));
  router.use(smtpSettingsRouter(services, admin));
  router.use(adminAreaRouter(ctx, services, admin));
  router.use(awarenessRouter(services, admin));
  router.use(analyticsRouter(ctx, services, admin, limits));

  // domain §6-7: the user's sites with the saq permission, otherwise an empty list (never an error)
  router.get('/sites', ...signedIn, async (req, res) => {
    res.json({ content: await services.sites.list(requireAuth(req)) });
  });

  router.get(
    '/mail-logs',
    ...signedIn,
    requireGuard(ctx, { anyOf: ['mailLogs:view'] }),
    aggregatable,
    async (req, res) => {
      res.json({ content: await services.admin.mailLogs(listQueryOf(req.query, MAIL_LOG_FIELDS, NEWEST_FIRST)) });
    },
  );

  // the admin dashboard's stat cards and charts: system-wide figures, so admins only
  router.get('/dashboard/stats', ...admin, validateQuery(dashboardStatsQuery), async (req, res) => {
    res.json({ content: await services.dashboard.stats(Number(req.query.days ?? 14)) });
  });

  router.use('/resources', resourcesRouter(ctx, services, signedIn));
  router.use(realtimeAuthRouter(ctx, signedIn));

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

  // shell §7: the browser reports an upload that failed (signed out too, like the error report)
  router.post(
    '/user/log/error/file_upload',
    optionalAuthenticate(ctx),
    selectSite(ctx),
    validate(fileUploadErrorSchema),
    async (req, res) => {
      res
        .status(201)
        .json({ content: await services.errorReports.fileUpload(req.body, req.auth?.user.id, req.site?.id) });
    },
  );

  router.use(wizardRouter(ctx, services, signedIn));
  router.use(saqRouter(ctx, services, signedIn));
  router.use(managementSaqRouter(ctx, services, signedIn));
  router.use(pciRequestsRouter(ctx, services, signedIn));
  router.use(scansRouter(ctx, services, signedIn));
  router.use(onboardingsRouter(ctx, services, signedIn));
  router.use(portfolioRouter(ctx, services, signedIn));
  router.use(onboardingProRouter(ctx, services, signedIn));
  router.use(helpChatRouter(ctx, services, signedIn, limits));
  router.use(reportsRouter(ctx, services, signedIn));
  router.use(reportTemplatesRouter(services, signedIn));
  router.use(billingRouter(ctx, services, signedIn));
  router.use(complianceDocumentsRouter(ctx, services, signedIn));
  router.use(filesRouter(ctx, services, signedIn));
  router.use(fileTransferRouter(ctx, services, signedIn));
  router.use('/transaction-monitoring', transactionMonitoringRouter(ctx, services, signedIn));
  router.use(assessmentTemplatesRouter(services, admin));
  router.use(mmspRouter(ctx, services, signedIn));
  router.use(sanctionsRouter(ctx, services, signedIn));
  router.use(trafficSocialRouter(ctx, services, signedIn));

  return router;
}
