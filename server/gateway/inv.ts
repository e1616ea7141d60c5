import express, { type Router } from 'express';
import { authenticate, requireAuth } from '../auth/authenticate';
import { invitationLookupRateLimit } from '../auth/rate-limits';
import type { AppContext } from '../context';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { invitationBodySchema, invitationParamsSchema } from './request-schemas';

/**
 * Invitations service `/inv/api` (docs/gateway/inv.md). The public link view is open
 * and throttled; everything else needs a session and the `invitation` resource's guards.
 */
export function invRouter(ctx: AppContext, services: Services, options: { lookupRateLimit: number }): Router {
  const router = express.Router();
  const signedIn = authenticate(ctx);
  const { invitations } = services;
  const code = validateParams(invitationParamsSchema);

  router.get(
    '/invitation/:code',
    invitationLookupRateLimit(options.lookupRateLimit, ctx.counters),
    code,
    async (req, res) => {
      res.json({ content: await invitations.publicView(String(req.params.code)) });
    },
  );

  router.get('/invitations', signedIn, async (req, res) => {
    res.json({ content: await invitations.list(requireAuth(req), req.query) });
  });

  router.post('/invitations', signedIn, validate(invitationBodySchema), async (req, res) => {
    res.status(201).json({ content: await invitations.create(requireAuth(req), req.body ?? {}) });
  });

  router.post('/invitation/:code/resend', signedIn, code, async (req, res) => {
    res.json({ content: await invitations.resend(requireAuth(req), String(req.params.code)) });
  });

  return router;
}
