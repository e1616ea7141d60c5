import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { asksForPage } from '../config/document-lists';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { CHANGE_FIELDS, NEWEST_CHANGE_FIRST, TEMPLATE_FIELDS } from '../services/assessment-templates.service';
import { runQuery } from '../../core/query/run-query';

const ID = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$';
const VERSION = '^[1-9][0-9]{0,8}$';

const templateParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: {
    id: { type: 'string', pattern: ID },
    from: { type: 'string', pattern: VERSION },
    to: { type: 'string', pattern: VERSION },
  },
});

const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });

/** The 8-step wizard's merged answers (schemas/wizards/assessment-template.json). */
const wizardAnswersSchema = {
  type: 'object',
  required: ['nameEn', 'nameTr', 'scoringMethod', 'sections'],
  additionalProperties: false,
  properties: {
    nameEn: text(120),
    nameTr: text(120),
    descriptionEn: text(2000),
    descriptionTr: text(2000),
    category: text(100),
    industry: text(100),
    scope: text(2000),
    scoringMethod: { enum: ['perChoice', 'perSection'] },
    sections: text(5000),
    deadlineDays: { type: 'integer', minimum: 1, maximum: 365 },
    requireFileReview: { type: 'boolean' },
    reviewEverySection: { type: 'boolean' },
  },
};

const emptySchema = { type: 'object', additionalProperties: false, properties: {} };

const BY_ITEM: [] = [];

/**
 * Assessment templates under /wbe/api (docs/gateway/wbe.md 'Assessment templates'), admins only:
 * the list with versions and status, a new draft from the wizard, two versions compared, retire.
 */
export function assessmentTemplatesRouter(services: Services, admin: RequestHandler[]): Router {
  const router = express.Router();
  const templates = services.assessmentTemplates;
  const idOf = (req: Request) => String(req.params.id);

  router.get('/assessment-templates', ...admin, async (req, res) => {
    res.json({ content: await templates.list(listQueryOf(req.query, TEMPLATE_FIELDS, NEWEST_CHANGE_FIRST)) });
  });

  router.post('/assessment-templates', ...admin, validate(wizardAnswersSchema), async (req, res) => {
    res.status(201).json({ content: await templates.create(req.body, requireAuth(req).user.email) });
  });

  // the summary (titles, counts, every change) for the page; the query contract for its list panel
  router.get('/assessment-templates/:id/compare/:from/:to', ...admin, templateParams, async (req, res) => {
    const from = Number(req.params.from);
    const to = Number(req.params.to);
    const summary = await templates.compare(idOf(req), from, to);
    if (!asksForPage(req.query)) {
      res.json({ content: summary });
      return;
    }
    res.json({ content: runQuery(summary.changes, listQueryOf(req.query, CHANGE_FIELDS, BY_ITEM)) });
  });

  router.post('/assessment-templates/:id/retire', ...admin, templateParams, validate(emptySchema), async (req, res) => {
    res.json({ content: await templates.retire(idOf(req), requireAuth(req).user.email) });
  });

  return router;
}
