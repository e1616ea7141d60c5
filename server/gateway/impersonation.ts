import express, { type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { IMPERSONATION_FIELDS, LATEST_FIRST } from '../services/impersonation.service';
import { emptyBodySchema, userParamsSchema } from './request-schemas';

/**
 * Impersonation on the web backend (shell §4 and §7): the take-over (admins), the return (the
 * impersonation session itself) and the audit trail of both (admins, the query contract).
 */
export function impersonationRouter(
  _ctx: AppContext,
  services: Services,
  signedIn: RequestHandler[],
  admin: RequestHandler[],
): Router {
  const router = express.Router();

  router.get('/admin/impersonate-uuid/:uuid', ...admin, validateParams(userParamsSchema), async (req, res) => {
    res.json({ content: await services.impersonation.takeOver(requireAuth(req), String(req.params.uuid)) });
  });

  router.post('/impersonation/return', ...signedIn, validate(emptyBodySchema), async (req, res) => {
    res.json({ content: await services.impersonation.giveBack(requireAuth(req)) });
  });

  router.get('/admin/impersonations', ...admin, async (req, res) => {
    res.json({
      content: await services.impersonation.list(listQueryOf(req.query, IMPERSONATION_FIELDS, LATEST_FIRST)),
    });
  });

  return router;
}
