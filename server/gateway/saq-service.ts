import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { authenticate, requireAuth } from '../auth/authenticate';
import { passesGuard, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { HISTORY_FIELDS, NEWEST_MOVE_FIRST } from '../services/questionnaire-record/history';
import { SAQ_TYPE_FIELDS } from '../services/saq.service';
import type { Attestation } from '../services/saq-signing';
import { MY_SAQ_FIELDS, NEWEST_SAQ_FIRST } from '../services/saq-views';
import { saqCaller } from '../services/saq-flow';
import {
  emptyBodySchema,
  saqAnswerSchema,
  saqCompleteSchema,
  saqParamsSchema,
  saqSignSchema,
  saqStartSchema,
  saqSubmitSchema,
  suggestionOverrideSchema,
} from './request-schemas';
import { saqMigrationRoutes } from './saq-migration-routes';
import { saqWorkbookRoutes } from './saq-workbook-routes';
import { selectSite } from './site-header';
import { aggregatable } from './aggregatable';

/** Roles that read SAQs but never answer one: banks review them, admins support. */
const NON_ANSWERING = { anyOf: ['admin', 'bank'] };

/**
 * SAQ service `/saq/api/v1` (docs/gateway/saq.md): a merchant user's own SAQ. Every
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
  const callerOf = (req: Request) => saqCaller(ctx, requireAuth(req));

  // the plain list the first clients read; the list document's query contract when asked for it
  router.get('/saq-types', ...saq, (req, res) => {
    if (!asksQueryContract(req.query)) {
      res.json({ content: services.saqs.types() });
      return;
    }
    res.json({ content: services.saqs.typesList(listQueryOf(req.query, SAQ_TYPE_FIELDS)) });
  });

  router.get('/banks', ...saq, async (_req, res) => {
    res.json({ content: await services.saqSubmissions.banks() });
  });

  router.get('/saqs', ...saq, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, MY_SAQ_FIELDS, NEWEST_SAQ_FIRST);
    res.json({ content: await services.saqs.list(userOf(req), query) });
  });

  router.get('/saqs/ongoing', ...saq, async (req, res) => {
    res.json({ content: await services.saqs.ongoing(userOf(req)) });
  });

  router.post('/saqs', ...saq, answering, validate(saqStartSchema), async (req, res) => {
    const { user, claims } = requireAuth(req);
    const organizationId = claims.org ?? user.organizationIds[0] ?? null;
    const started = await services.saqs.start(
      await callerOf(req),
      req.site?.id ?? null,
      organizationId,
      req.body.saqType,
    );
    res.status(201).json({ content: started });
  });

  router.get('/saqs/:saqId', ...saq, params, async (req, res) => {
    res.json({ content: await services.saqs.get(await callerOf(req), String(req.params.saqId)) });
  });

  // issue 11: answers a domain scan suggests (docs/gateway/saq.md 'SAQ suggestions')
  router.get('/saqs/:saqId/suggestions', ...saq, params, async (req, res) => {
    res.json({ content: await services.saqSuggestions.list(await callerOf(req), String(req.params.saqId)) });
  });

  // accept takes the suggestion as the answer; undo takes a decision back (the suggestion open again,
  // the earlier answer restored): the same call shape, an empty body
  for (const decision of ['accept', 'undo'] as const) {
    router.post(
      `/saqs/:saqId/suggestions/:itemId/${decision}`,
      ...saq,
      answering,
      params,
      validate(emptyBodySchema),
      async (req, res) => {
        const { saqId, itemId } = req.params;
        const caller = await callerOf(req);
        res.json({
          content: await services.saqSuggestions[decision](caller, String(saqId), String(itemId), requestLanguage(req)),
        });
      },
    );
  }

  router.post(
    '/saqs/:saqId/suggestions/:itemId/override',
    ...saq,
    answering,
    params,
    validate(suggestionOverrideSchema),
    async (req, res) => {
      const { saqId, itemId } = req.params;
      const caller = await callerOf(req);
      const value = req.body?.value as string | undefined;
      res.json({
        content: await services.saqSuggestions.override(
          caller,
          String(saqId),
          String(itemId),
          value,
          requestLanguage(req),
        ),
      });
    },
  );

  router.put('/saqs/:saqId/answers/:itemId', ...saq, answering, params, validate(saqAnswerSchema), async (req, res) => {
    const { saqId, itemId } = req.params;
    res.json({
      content: await services.saqs.saveAnswer(
        await callerOf(req),
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
      content: await services.saqs.complete(await callerOf(req), String(saqId), continueAnyway, requestLanguage(req)),
    });
  });

  router.post('/saqs/:saqId/sign', ...saq, answering, params, validate(saqSignSchema), async (req, res) => {
    const { signerName, signerTitle } = req.body as { signerName: string; signerTitle: string };
    const pending = await services.saqSigning.sign(await callerOf(req), String(req.params.saqId), {
      signerName,
      signerTitle,
    });
    res.status(202).json({ content: pending });
  });

  router.get('/saqs/:saqId/history', ...saq, params, async (req, res) => {
    const query = listQueryOf(req.query, HISTORY_FIELDS, NEWEST_MOVE_FIRST);
    const id = String(req.params.saqId);
    res.json({ content: await services.saqs.historyOfOwn(userOf(req), id, query, requestLanguage(req)) });
  });

  router.get('/saqs/:saqId/attestation', ...saq, params, async (req, res) => {
    sendAttestation(res, await services.saqSigning.attestation(userOf(req), String(req.params.saqId)));
  });

  router.post('/saqs/:saqId/submit', ...saq, answering, params, validate(saqSubmitSchema), async (req, res) => {
    const { bankId, requestId } = req.body as { bankId: string; requestId?: string };
    res.json({
      content: await services.saqSubmissions.submit(
        await callerOf(req),
        String(req.params.saqId),
        bankId,
        requestId || undefined,
      ),
    });
  });

  saqMigrationRoutes(router, services, { saq, answering, params, userOf, callerOf });
  saqWorkbookRoutes(router, services, { saq, answering, params, userOf, callerOf });
  return router;
}

/** Any query-contract parameter asks for the list document's answer (as GET /ntgw/api/notifs). */
const asksQueryContract = (query: Record<string, unknown>) =>
  ['page', 'pageSize', 'sort', 'filter'].some((name) => query[name] !== undefined);

/** An attestation PDF as a download (Content-Disposition with an RFC 5987 `filename*` too). */
export function sendAttestation(res: Response, file: Attestation): void {
  // the name is ASCII (type and date), so both forms carry it as is
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  res.type('application/pdf');
  res.setHeader('Content-Length', String(file.bytes.length));
  res.send(file.bytes);
}
