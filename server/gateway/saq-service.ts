import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { authenticate, requireAuth } from '../auth/authenticate';
import { passesGuard, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { requestLanguage } from '../http/i18n';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { saqAnswerSchema, saqCompleteSchema, saqParamsSchema, saqStartSchema } from './request-schemas';
import { selectSite } from './site-header';

/** Roles that read SAQs but never answer one: banks review them, admins support. */
const NON_ANSWERING = { anyOf: ['admin', 'bank'] };

/**
 * SAQ service `/saq/api/v1` (docs/contracts.md 'SAQ service'): a merchant user's own SAQ. Every
 * call needs the saq role group; writes also refuse bank and admin users (403), and an SAQ of
 * another user is 404 for everyone.
 */
export function saqServiceRouter(ctx: AppContext, services: Services): Router {
  const router = express.Router();
  const saq = [authenticate(ctx), selectSite(ctx), requireGuard(ctx, { group: 'saq' })];
  const answering = async (req: Request, _res: Response, next: NextFunction) => {
    if (await passesGuard(ctx, requireAuth(req), NON_ANSWERING)) throw new AppError(403, 'noPermission');
    next();
  };
  const params = validateParams(saqParamsSchema);
  const userOf = (req: Request) => requireAuth(req).user.id;

  router.get('/saq-types', ...saq, (_req, res) => {
    res.json({ content: services.saqs.types() });
  });

  router.get('/saqs/ongoing', ...saq, async (req, res) => {
    res.json({ content: await services.saqs.ongoing(userOf(req)) });
  });

  router.post('/saqs', ...saq, answering, validate(saqStartSchema), async (req, res) => {
    res.status(201).json({ content: await services.saqs.start(userOf(req), req.site?.id ?? null, req.body.saqType) });
  });

  router.get('/saqs/:saqId', ...saq, params, async (req, res) => {
    res.json({ content: await services.saqs.get(userOf(req), String(req.params.saqId)) });
  });

  router.put('/saqs/:saqId/answers/:itemId', ...saq, answering, params, validate(saqAnswerSchema), async (req, res) => {
    const { saqId, itemId } = req.params;
    res.json({
      content: await services.saqs.saveAnswer(
        userOf(req),
        String(saqId),
        String(itemId),
        req.body,
        requestLanguage(req),
      ),
    });
  });

  router.post('/saqs/:saqId/complete', ...saq, answering, params, validate(saqCompleteSchema), async (req, res) => {
    const { saqId } = req.params;
    const continueAnyway = req.body.continueAnyway === true;
    res.json({
      content: await services.saqs.complete(userOf(req), String(saqId), continueAnyway, requestLanguage(req)),
    });
  });

  return router;
}
