import express, { type Router } from 'express';
import { authenticate, requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Services } from '../services';

/**
 * Flow service `/trn/v2`: organisation list and switch. The client also sends X-Original-Token
 * while impersonating; the Bearer token (the impersonated user) decides, so it is not needed here.
 */
export function flowRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  const signedIn = authenticate(ctx);

  router.get('/login/organization/list', signedIn, async (req, res) => {
    res.json({ content: await services.organizations.list(requireAuth(req)) });
  });

  router.get('/login/organization/:id', signedIn, async (req, res) => {
    res.json({ content: await services.organizations.switchTo(requireAuth(req), String(req.params.id)) });
  });

  return router;
}
