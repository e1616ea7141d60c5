import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { requestLanguage } from '../http/i18n';
import { COMPLIANCE_FIELDS, NEWEST_SUBMITTED_FIRST } from '../services/management-saq.service';
import { HISTORY_FIELDS, NEWEST_MOVE_FIRST } from '../services/questionnaire-record/history';
import { saqParamsSchema, saqReturnSchema, saqValidateSchema } from './request-schemas';
import { sendAttestation } from './saq-service';
import { aggregatable } from './aggregatable';

/**
 * Bank side of SAQs under /wbe/api/management-saq (docs/gateway/wbe-compliance.md 'Management SAQ'): the bank
 * role group plus each screen's permission; every answer is scoped to the session's organisation.
 */
export function managementSaqRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const bank = (permission: string) => [
    ...signedIn,
    requireGuard(ctx, { group: 'bank' }),
    requireGuard(ctx, { anyOf: [permission] }),
  ];
  const params = validateParams(saqParamsSchema);
  const idOf = (req: Request) => String(req.params.saqId);

  router.get('/management-saq/saqs', ...bank('complianceManagement:view'), aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, COMPLIANCE_FIELDS, NEWEST_SUBMITTED_FIRST);
    res.json({ content: await services.managementSaq.list(requireAuth(req), query) });
  });

  router.get('/management-saq/saqs/:saqId', ...bank('saqManagement:view'), params, async (req, res) => {
    res.json({ content: await services.managementSaq.get(requireAuth(req), idOf(req)) });
  });

  router.get('/management-saq/saqs/:saqId/history', ...bank('saqManagement:view'), params, async (req, res) => {
    const query = listQueryOf(req.query, HISTORY_FIELDS, NEWEST_MOVE_FIRST);
    const history = await services.managementSaq.history(requireAuth(req), idOf(req), query, requestLanguage(req));
    res.json({ content: history });
  });

  router.get('/management-saq/saqs/:saqId/attestation', ...bank('saqManagement:view'), params, async (req, res) => {
    sendAttestation(res, await services.managementSaq.attestation(requireAuth(req), idOf(req)));
  });

  // the bank's decision; the workflow's guards and states judge it (403 / 409 with the allowed actions)
  router.post(
    '/management-saq/saqs/:saqId/validate',
    ...bank('saqManagement:view'),
    params,
    validate(saqValidateSchema),
    async (req, res) => {
      res.json({ content: await services.managementSaq.review(requireAuth(req), idOf(req), 'validate', req.body) });
    },
  );

  router.post(
    '/management-saq/saqs/:saqId/return',
    ...bank('saqManagement:view'),
    params,
    validate(saqReturnSchema),
    async (req, res) => {
      res.json({ content: await services.managementSaq.review(requireAuth(req), idOf(req), 'return', req.body) });
    },
  );

  router.get('/management-saq/stats', ...bank('bankOverview:view'), async (req, res) => {
    res.json({ content: await services.managementSaq.stats(requireAuth(req)) });
  });

  return router;
}
