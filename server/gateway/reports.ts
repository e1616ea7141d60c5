import express, { type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { REPORT_FIELDS, REPORTS_NEWEST_FIRST } from '../services/reports.service';
import { reportParamsSchema, reportRequestSchema } from './request-schemas';
import { aggregatable } from './aggregatable';
import { sendGenerated } from '../http/send-file';

/**
 * Reports under /wbe/api (docs/gateway/wbe.md 'Administration, analytics, mail, reports'): the caller's own list, asking for one,
 * removing one, and the download — 202 while it is being generated (the browser says 'reportGeneratedWarning'),
 * else the file under its name (Content-Disposition with an RFC 5987 `filename*`).
 */
export function reportsRouter(_ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();

  router.get('/reports', ...signedIn, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, REPORT_FIELDS, REPORTS_NEWEST_FIRST);
    res.json({ content: await services.reports.list(requireAuth(req), query) });
  });

  router.post('/reports', ...signedIn, validate(reportRequestSchema), async (req, res) => {
    res.status(201).json({ content: await services.reports.request(requireAuth(req), req.body) });
  });

  router.get('/download/report/:report_id', ...signedIn, validateParams(reportParamsSchema), async (req, res) => {
    sendGenerated(res, await services.reports.download(requireAuth(req), String(req.params.report_id)));
  });

  router.delete('/reports/:report_id', ...signedIn, validateParams(reportParamsSchema), async (req, res) => {
    res.json({ content: await services.reports.remove(requireAuth(req), String(req.params.report_id)) });
  });

  return router;
}
