import express, { type RequestHandler, type Router } from 'express';
import { BATCH_ORGANIZATION_CHOICES } from '../../core/reports/awareness';
import { PERIOD_PATTERN } from '../../core/reports/report.utils';
import { requireAuth } from '../auth/authenticate';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { AWARENESS_NEWEST_FIRST, AWARENESS_REPORT_FIELDS } from '../services/awareness.service';
import { idParamsSchema } from './admin-schemas';
import { aggregatable } from './aggregatable';
import { sendGenerated } from '../http/send-file';

const ID = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$';

/** POST /wbe/api/admin/awareness/batches: what a batch covers (the service judges the ids and the template). */
export const awarenessBatchSchema = {
  type: 'object',
  required: ['name', 'organizationKind'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 120, pattern: '\\S' },
    organizationKind: { type: 'string', enum: [...BATCH_ORGANIZATION_CHOICES] },
    organizationIds: {
      type: 'array',
      maxItems: 1000,
      uniqueItems: true,
      items: { type: 'string', pattern: ID },
    },
    templateId: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' },
    period: { type: 'string', pattern: PERIOD_PATTERN },
    language: { type: 'string', enum: ['en', 'tr'] },
  },
};

/**
 * Awareness reports under /wbe/api/admin/awareness (docs/gateway/wbe-admin.md 'Awareness reports'),
 * all behind the admin guard: batches are made and retried or removed here (listed through the generic
 * resource `awareness-batch`); single reports are listed, downloaded (202 while generating, as every
 * report), made again and removed.
 */
export function awarenessRouter(services: Services, admin: RequestHandler[]): Router {
  const router = express.Router();
  const withId = validateParams(idParamsSchema);

  router.post('/admin/awareness/batches', ...admin, validate(awarenessBatchSchema), async (req, res) => {
    res.status(201).json({ content: await services.awareness.createBatch(requireAuth(req), req.body) });
  });
  router.post('/admin/awareness/batches/:id/retry', ...admin, withId, async (req, res) => {
    res.json({ content: await services.awareness.retryBatch(String(req.params.id)) });
  });
  router.delete('/admin/awareness/batches/:id', ...admin, withId, async (req, res) => {
    res.json({ content: await services.awareness.removeBatch(String(req.params.id)) });
  });

  router.get('/admin/awareness/reports', ...admin, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, AWARENESS_REPORT_FIELDS, AWARENESS_NEWEST_FIRST);
    res.json({ content: await services.awareness.listReports(query) });
  });
  router.get('/admin/awareness/reports/:id/download', ...admin, withId, async (req, res) => {
    sendGenerated(res, await services.awareness.download(String(req.params.id)));
  });
  router.post('/admin/awareness/reports/:id/regenerate', ...admin, withId, async (req, res) => {
    res.json({ content: await services.awareness.regenerate(String(req.params.id)) });
  });
  router.delete('/admin/awareness/reports/:id', ...admin, withId, async (req, res) => {
    res.json({ content: await services.awareness.removeReport(String(req.params.id)) });
  });

  return router;
}
