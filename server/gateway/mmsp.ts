import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { PERIOD_PATTERN, periodOf } from '../../core/reports/report.utils';
import { requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams, validateQuery } from '../http/validate';
import type { Services } from '../services';
import {
  MARKING_FIELDS,
  MARKINGS_NEWEST_FIRST,
  MERCHANT_ROW_FIELDS,
  type ProhibitedAnswer,
} from '../services/mmsp.service';
import { XLSX_TYPE } from '../reports/mail-delivery-report';
import { bulkIdsSchema } from './request-schemas';
import { sendFile } from '../http/send-file';

/** PUT /mmsp/settings: the form document judges the values again in the service (spec messages). */
const settingsSchema = {
  type: 'object',
  required: ['icaNumber', 'submitterName', 'submitterEmail'],
  additionalProperties: false,
  properties: {
    icaNumber: { type: 'string', maxLength: 64 },
    submitterName: { type: 'string', maxLength: 400 },
    submitterEmail: { type: 'string', maxLength: 400 },
  },
};
const monthQuery = validateQuery({
  type: 'object',
  additionalProperties: false,
  properties: { month: { type: 'string', pattern: PERIOD_PATTERN } },
});
const merchantParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' } },
});
const answerParams = validateParams({
  type: 'object',
  required: ['answer'],
  properties: { answer: { type: 'string', enum: ['yes', 'no'] } },
});
const monthOf = (req: Request, now: Date) => (typeof req.query.month === 'string' ? req.query.month : periodOf(now));

/**
 * MMSP under /wbe/api/mmsp (docs/gateway/wbe-scans-portfolio.md 'MMSP'): `mmspSettingsReaders` (readers and managers)
 * read the settings; role group `mmspReaders` reads the dashboard, the findings, the markings and the
 * report; `mmspManagers` saves the settings and marks prohibited goods (a finding's status moves
 * through the generic workflow endpoints of the resource `mmsp-finding`, whose update guard is the
 * same group).
 */
export function mmspRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { mmsp } = services;
  const readers = [...signedIn, requireGuard(ctx, { group: 'mmspReaders' })];
  const managers = [...signedIn, requireGuard(ctx, { group: 'mmspManagers' })];
  // The settings page is the managers' (a bank user may hold no portfolio read): they read what they save.
  const settingsReaders = [...signedIn, requireGuard(ctx, { group: 'mmspSettingsReaders' })];

  router.get(
    '/mmsp/settings',
    ...settingsReaders,
    validateQuery({ type: 'object', additionalProperties: false }),
    async (req, res) => {
      res.json({ content: await mmsp.settings(requireAuth(req)) });
    },
  );

  router.put('/mmsp/settings', ...managers, validate(settingsSchema), async (req, res) => {
    res.json({ content: await mmsp.saveSettings(requireAuth(req), req.body) });
  });

  router.get('/mmsp/dashboard', ...readers, monthQuery, async (req, res) => {
    res.json({ content: await mmsp.dashboard(requireAuth(req), monthOf(req, ctx.clock())) });
  });

  router.get('/mmsp/findings', ...readers, async (req, res) => {
    res.json({ content: await mmsp.listFindings(requireAuth(req), req.query) });
  });

  router.get('/mmsp/merchants', ...readers, async (req, res) => {
    const query = listQueryOf(req.query, MERCHANT_ROW_FIELDS, [{ field: 'name', direction: 'asc' }]);
    res.json({ content: await mmsp.merchants(requireAuth(req), query) });
  });

  router.get('/mmsp/markings', ...readers, async (req, res) => {
    const query = listQueryOf(req.query, MARKING_FIELDS, MARKINGS_NEWEST_FIRST);
    res.json({ content: await mmsp.markingHistory(requireAuth(req), query) });
  });

  router.post(
    '/mmsp/prohibited-marking/:answer',
    ...managers,
    answerParams,
    validate(bulkIdsSchema),
    async (req, res) => {
      const answer = String(req.params.answer) as ProhibitedAnswer;
      res.json({ content: await mmsp.markProhibited(requireAuth(req), req.body.ids, answer) });
    },
  );

  // transaction laundering and cross-pattern matching (docs/gateway/wbe-scans-portfolio.md 'MMSP')
  router.get('/mmsp/merchants/:id/info', ...readers, merchantParams, async (req, res) => {
    res.json({ content: await mmsp.merchantInfo(requireAuth(req), String(req.params.id)) });
  });

  router.get('/mmsp/merchants/:id/laundering', ...readers, merchantParams, async (req, res) => {
    res.json({ content: await mmsp.merchantLaundering(requireAuth(req), String(req.params.id), req.query, 'all') });
  });

  router.get('/mmsp/merchants/:id/pattern-matches', ...readers, merchantParams, async (req, res) => {
    const content = await mmsp.merchantLaundering(requireAuth(req), String(req.params.id), req.query, 'patterns');
    res.json({ content });
  });

  router.get('/admin/transaction-laundering', ...signedIn, requireGuard(ctx, ADMIN_GUARD), async (req, res) => {
    res.json({ content: await mmsp.launderingAcrossPortfolios(req.query) });
  });

  router.get('/mmsp/report', ...readers, monthQuery, async (req, res) => {
    const file = await mmsp.report(requireAuth(req), monthOf(req, ctx.clock()), requestLanguage(req));
    sendFile(res, { ...file, contentType: XLSX_TYPE });
  });

  return router;
}
