import express, { type RequestHandler, type Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import { authenticate, requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { invitationBodySchema, invitationParamsSchema } from './request-schemas';

const LOOKUP_WINDOW_MS = 15 * 60 * 1000;

/** Public look-ups of invitation links per 15 minutes per address (429 `tooManyRequests`). */
function lookupRateLimit(limit: number): RequestHandler {
  return rateLimit({
    windowMs: LOOKUP_WINDOW_MS,
    limit,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: (_req, _res, next) => next(new AppError(429, 'tooManyRequests')),
  });
}

/**
 * Invitations service `/inv/api` (docs/contracts.md 'Invitations'). The public link view is open
 * and throttled; everything else needs a session and the `invitation` resource's guards.
 */
export function invRouter(ctx: AppContext, services: Services, options: { lookupRateLimit: number }): Router {
  const router = express.Router();
  const signedIn = authenticate(ctx);
  const { invitations } = services;
  const code = validateParams(invitationParamsSchema);

  router.get('/invitation/:code', lookupRateLimit(options.lookupRateLimit), code, async (req, res) => {
    res.json({ content: await invitations.publicView(String(req.params.code)) });
  });

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
