import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { NOTIFICATIONS_API_KEY, type NotificationStatus } from '../../core/notifications/notification.types';
import { authenticate, requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { describeHandler } from '../http/handler-docs';
import { requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate, validateQuery } from '../http/validate';
import type { Services } from '../services';
import { NEWEST_NOTIFICATION_FIRST, NOTIFICATION_FIELDS, NOTIFICATIONS_PER_PAGE } from '../services/notifications';
import { markAsReadSchema, newNotificationSchema, notifsQuery } from './request-schemas';

/** Shell §7: notification calls carry the api key header; without it (or with another) 403 `invalidApiKey`. */
const requireApiKey = describeHandler(
  (req: Request, _res: Response, next: NextFunction): void => {
    if (req.get('x-api-key') !== NOTIFICATIONS_API_KEY) throw new AppError(403, 'invalidApiKey');
    next();
  },
  { apiKeyHeader: 'x-api-key' },
);

/** Any query-contract parameter but `page` (which both speak) asks for the list document's answer. */
const asksQueryContract = (query: Record<string, unknown>) =>
  query.pageSize !== undefined || query.sort !== undefined || query.filter !== undefined;

const checkNotifsQuery = validateQuery(notifsQuery);
/** The hydra parameters are checked here; the query contract's by listQueryOf. */
function notifsParams(req: Request, res: Response, next: NextFunction): void {
  if (asksQueryContract(req.query)) next();
  else checkNotifsQuery(req, res, next);
}

/** Notification gateway `/ntgw/api` (docs/gateway/ntgw.md): always the caller's own. */
export function ntgwRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  router.use(requireApiKey);
  const signedIn = authenticate(ctx);

  // the bell and the spec's list view read a hydra collection; the list document the query contract
  router.get('/notifs', signedIn, notifsParams, async (req, res) => {
    const { user } = requireAuth(req);
    if (asksQueryContract(req.query)) {
      const query = listQueryOf(req.query, NOTIFICATION_FIELDS, NEWEST_NOTIFICATION_FIRST);
      res.json({ content: await services.notifications.list(user.id, query, requestLanguage(req)) });
      return;
    }
    const q = req.query as Record<string, string | undefined>;
    res.json(
      await services.notifications.collection(user.id, {
        page: Number(q.page ?? 1),
        itemsPerPage: Number(q.itemsPerPage ?? NOTIFICATIONS_PER_PAGE),
        order: q['order[id]'] === 'asc' ? 'asc' : 'desc',
        status: q.status as NotificationStatus | undefined,
        groupValue: q['groups.groupValue'],
      }),
    );
  });

  router.post('/notifications/mark-as-read', signedIn, validate(markAsReadSchema), async (req, res) => {
    const { user } = requireAuth(req);
    const { ids, receiverExternalId } = req.body as { ids: string[]; receiverExternalId?: string };
    // one may mark only one's own notifications read
    if (receiverExternalId !== undefined && receiverExternalId !== user.id) throw new AppError(403, 'noPermission');
    res.json({ content: { ids: await services.notifications.markAsRead(user.id, ids) } });
  });

  // an admin notifies a user (announcements; the e2e test's way to make one)
  router.post(
    '/notifications',
    signedIn,
    requireGuard(ctx, { group: 'admin' }),
    validate(newNotificationSchema),
    async (req, res) => {
      const { receiverExternalId, groups, payload } = req.body;
      res
        .status(201)
        .json({ content: await services.notifications.create({ receiverId: receiverExternalId, groups, payload }) });
    },
  );

  return router;
}
