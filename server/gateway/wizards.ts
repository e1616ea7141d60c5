import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { passesGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { validate } from '../http/validate';
import type { Services } from '../services';
import { forwardToSelf } from './forward';

const WIZARD_ID = /^[a-z0-9][a-z0-9._-]{0,99}$/;

/** PUT …/progress: the step the user stands on and the answers by step id (judged by the service). */
const progressSchema = {
  type: 'object',
  required: ['step', 'answers'],
  additionalProperties: false,
  properties: {
    step: { type: 'string', minLength: 1, maxLength: 64 },
    answers: {
      type: 'object',
      maxProperties: 50,
      propertyNames: { maxLength: 64 },
      additionalProperties: { type: 'object', maxProperties: 200 },
    },
    version: { type: 'integer', minimum: 1 },
  },
};

/** POST …/submit takes nothing: the server submits what it stored. */
const submitSchema = { type: 'object', additionalProperties: false, properties: {} };

/**
 * 400 for a malformed id, 404 for an unknown wizard, 403 when the caller fails the guard of the
 * wizard's latest published version (so a permission taken away counts at once).
 */
function wizardAccess(ctx: AppContext, services: Services): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const wizardId = String(req.params.wizardId);
    if (!WIZARD_ID.test(wizardId)) throw new AppError(400, 'invalidRequest', { wizardId: 'invalidRequest' });
    const { guard } = services.wizards.latest(wizardId).body;
    if (guard !== undefined && !(await passesGuard(ctx, requireAuth(req), guard))) {
      throw new AppError(403, 'noPermission');
    }
    next();
  };
}

/** Wizard progress and submit under /wbe/api (docs/gateway/wbe.md 'Wizards'). */
export function wizardRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const wizard = [...signedIn, wizardAccess(ctx, services)];
  const ids = (req: Request) => ({ userId: requireAuth(req).user.id, wizardId: String(req.params.wizardId) });

  router.get('/wizards/:wizardId/progress', ...wizard, async (req, res) => {
    const { userId, wizardId } = ids(req);
    res.json({ content: await services.wizards.progress(userId, wizardId) });
  });

  router.put('/wizards/:wizardId/progress', ...wizard, validate(progressSchema), async (req, res) => {
    const { userId, wizardId } = ids(req);
    res.json({ content: await services.wizards.save(userId, wizardId, req.body) });
  });

  router.delete('/wizards/:wizardId/progress', ...wizard, async (req, res) => {
    const { userId, wizardId } = ids(req);
    await services.wizards.startOver(userId, wizardId);
    res.json({ content: null });
  });

  // every step on the path judged again from the stored progress, then the merged answers go to
  // the wizard's submit path as the caller; its answer is relayed, and on success progress ends
  router.post('/wizards/:wizardId/submit', ...wizard, validate(submitSchema), async (req, res) => {
    const { userId, wizardId } = ids(req);
    const { submit, data, done } = await services.wizards.prepareSubmit(userId, wizardId);
    const answer = await forwardToSelf(req, submit.method, submit.path, data);
    if (answer.status >= 200 && answer.status < 300) await done();
    res.status(answer.status).json(answer.body);
  });

  return router;
}
