import express, { type Request, type RequestHandler, type Router } from 'express';
import { SNOOZE_ENTITIES } from '../../core/transaction-monitoring/alerts';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { listQueryOf } from '../http/list-query';
import { AppError } from '../http/app-error';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { TRANSACTION_FIELDS } from '../services/tm-records';
import { RULE_FIELDS, TRACE_FIELDS } from '../services/tm-transactions.service';
import { tmListRoutes } from './tm-lists';
import { VERSION_FIELDS } from '../services/tm-rules.service';
import type { TmRuleSetBody } from '../../core/transaction-monitoring/tm.types';
import { saveSettings, settingsOf, TM_MODES, type TmMode } from '../auth/tm-mode';
import { CASE_FILE_FIELDS, type NewCase } from '../services/tm-alerts.service';
import { readFileUpload } from './files';

const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' } },
});
const keySchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: { type: 'string', minLength: 1, maxLength: 100 } },
};
const empty = validate({ type: 'object', additionalProperties: false });
const versionParams = validateParams({
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'string', pattern: '^[1-9][0-9]{0,8}$' } },
});
/** A rule set as the editor sends it; the kind's meta-schema and checks answer 422 with every problem. */
const ruleSetBody = { type: 'object', description: 'A tm-rules body (schemas/meta/tm-rules.json).' };
const draftSchema = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: { body: ruleSetBody },
};
const settingsSchema = {
  type: 'object',
  required: ['mode'],
  additionalProperties: false,
  properties: { mode: { enum: [...TM_MODES] } },
};
/** An organisation's own ingest budget per window, or null for the deployment's. */
const ingestBudgetSchema = {
  type: 'object',
  required: ['limit'],
  additionalProperties: false,
  properties: { limit: { anyOf: [{ type: 'integer', minimum: 1 }, { type: 'null' }] } },
};
const previewSchema = {
  type: 'object',
  required: ['body'],
  additionalProperties: false,
  properties: {
    body: ruleSetBody,
    days: { type: 'integer', minimum: 1, maximum: 30 },
    limit: { type: 'integer', minimum: 1, maximum: 2000 },
  },
};
const id = { type: 'string', pattern: '^[A-Za-z0-9-]{1,64}$' };
/** A new case from an alert: the case resource's schema judges the fields again (422 naming each). */
const newCaseSchema = {
  type: 'object',
  required: ['title'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200 },
    assignee: { type: 'string', maxLength: 320 },
    dueDate: { type: 'string', maxLength: 10 },
    notes: { type: 'string', maxLength: 4000 },
  },
};
/** A new case from the alerts list's selection: the ids (a bulk call's `{ ids }`) and the case's fields. */
const bulkCaseSchema = {
  ...newCaseSchema,
  required: ['ids', 'title'],
  properties: { ...newCaseSchema.properties, ids: { type: 'array', minItems: 1, maxItems: 200, items: id } },
};
const noteSchema = {
  type: 'object',
  required: ['text'],
  additionalProperties: false,
  properties: { text: { type: 'string', minLength: 1, maxLength: 4000, pattern: '\\S' } },
};
const addToCaseSchema = {
  type: 'object',
  required: ['caseId'],
  additionalProperties: false,
  properties: { caseId: id },
};
const snoozeSchema = {
  type: 'object',
  required: ['ruleId', 'entity', 'days', 'reason'],
  additionalProperties: false,
  properties: {
    ruleId: { type: 'string', minLength: 1, maxLength: 100 },
    entity: { enum: [...SNOOZE_ENTITIES] },
    days: { type: 'integer', minimum: 1, maximum: 90 },
    reason: { type: 'string', minLength: 1, maxLength: 1000 },
  },
};
const CASE_FILES = /^\/wbe\/api\/transaction-monitoring\/cases\/[A-Za-z0-9-]{1,64}\/files\/?$/;

/** The multipart upload of a case's file: `bodies()` leaves it unread (app.ts), multer streams it with its cap. */
export function isCaseFileUpload(req: Request): boolean {
  return req.method === 'POST' && CASE_FILES.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}
/**
 * The user-facing list's fields (the organisation is set by the service, never by the caller), and
 * `hits`: a rule id among them (the dashboard's rules over time), which the GIN index of every
 * filterable collection serves on PostgreSQL without an index of its own.
 */
const LIST_FIELDS = {
  ...TRANSACTION_FIELDS,
  filterable: [
    ...TRANSACTION_FIELDS.filterable.filter((field) => field !== 'organizationId' && field !== 'cardHash'),
    'hits',
  ],
};

/**
 * Transaction monitoring for its managers under /wbe/api/transaction-monitoring (docs/gateway/tm.md):
 * the organisation's ingest keys, its transactions after the visibility delay, one transaction's
 * trace, the published rule set's rules; a case opened from an alert, an alert added to a case, a
 * rule snoozed from an alert, a case's alerts and files (alerts, cases and snoozes themselves are the
 * generic resources `tm-alert`, `tm-case`, `tm-snooze`). Every route needs
 * `transactionMonitoringManager:view` in the session's organisation.
 */
export function transactionMonitoringRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const managers = [...signedIn, requireGuard(ctx, { anyOf: ['transactionMonitoringManager:view'] })];
  const approvers = [...managers, requireGuard(ctx, { group: 'tmRuleApprovers' })];
  const { tmKeys, tmTransactions, tmRules, tmAlerts, files } = services;

  router.get('/keys', ...managers, async (req, res) => {
    res.json({ content: await tmKeys.list(requireAuth(req)) });
  });
  router.post('/keys', ...managers, validate(keySchema), async (req, res) => {
    res.status(201).json({ content: await tmKeys.create(requireAuth(req), (req.body as { name: string }).name) });
  });
  router.post('/keys/:id/rotate', ...managers, idParams, empty, async (req, res) => {
    res.status(201).json({ content: await tmKeys.rotate(requireAuth(req), String(req.params.id)) });
  });
  router.post('/keys/:id/revoke', ...managers, idParams, empty, async (req, res) => {
    res.json({ content: await tmKeys.revoke(requireAuth(req), String(req.params.id)) });
  });

  // shell §2.4: the organisation's variant of these screens (the session's `transactionMonitoringMode`)
  router.get('/settings', ...managers, async (req, res) => {
    res.json({ content: await settingsOf(ctx, requireAuth(req)) });
  });
  router.put('/settings', ...managers, validate(settingsSchema), async (req, res) => {
    res.json({ content: await saveSettings(ctx, requireAuth(req), (req.body as { mode: TmMode }).mode) });
  });

  // the ingest API's throttle for the organisation's keys
  router.get('/ingest-budget', ...managers, async (req, res) => {
    res.json({ content: await services.tmIngestBudget.of(requireAuth(req)) });
  });
  router.put('/ingest-budget', ...managers, validate(ingestBudgetSchema), async (req, res) => {
    res.json({
      content: await services.tmIngestBudget.save(requireAuth(req), (req.body as { limit: number | null }).limit),
    });
  });

  router.get('/transactions', ...managers, async (req, res) => {
    const query = listQueryOf(req.query, LIST_FIELDS, [{ field: 'scoredAt', direction: 'desc' }]);
    res.json({ content: await tmTransactions.list(requireAuth(req), query) });
  });
  router.get('/transactions/:id', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmTransactions.get(requireAuth(req), String(req.params.id)) });
  });
  router.get('/transactions/:id/trace', ...managers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, TRACE_FIELDS);
    res.json({ content: await tmTransactions.trace(requireAuth(req), String(req.params.id), query) });
  });
  router.get('/rules', ...managers, async (req, res) => {
    const query = listQueryOf(req.query, RULE_FIELDS, [{ field: 'id', direction: 'asc' }]);
    res.json({ content: tmTransactions.rules(requireAuth(req), query) });
  });
  tmListRoutes(router, services, managers);

  // maker-checker (docs/documents/tm-rules.md): drafts by managers, approval by another, rollback as a draft
  router.get('/rules/versions', ...managers, async (req, res) => {
    const query = listQueryOf(req.query, VERSION_FIELDS, [{ field: 'version', direction: 'desc' }]);
    res.json({ content: await tmRules.versions(requireAuth(req), query) });
  });
  router.get('/rules/versions/:version', ...managers, versionParams, async (req, res) => {
    res.json({ content: await tmRules.version(requireAuth(req), Number(req.params.version)) });
  });
  router.post('/rules/drafts', ...managers, validate(draftSchema), async (req, res) => {
    const { body } = req.body as { body: TmRuleSetBody };
    res.status(201).json({ content: await tmRules.draft(requireAuth(req), body) });
  });
  router.post('/rules/preview', ...managers, validate(previewSchema), async (req, res) => {
    const { body, days = 7, limit = 500 } = req.body as { body: TmRuleSetBody; days?: number; limit?: number };
    res.json({ content: await tmRules.preview(requireAuth(req), body, { days, limit }) });
  });
  router.post('/rules/versions/:version/approve', ...approvers, versionParams, empty, async (req, res) => {
    res.json({ content: await tmRules.approve(requireAuth(req), Number(req.params.version)) });
  });
  router.post('/rules/versions/:version/rollback', ...managers, versionParams, empty, async (req, res) => {
    res.status(201).json({ content: await tmRules.rollback(requireAuth(req), Number(req.params.version)) });
  });

  router.post('/alerts/case', ...managers, validate(bulkCaseSchema), async (req, res) => {
    const { ids, ...fields } = req.body as { ids: string[] } & NewCase;
    res.status(201).json({ content: await tmAlerts.openCaseFrom(requireAuth(req), ids, fields) });
  });
  router.post('/alerts/:id/case', ...managers, idParams, validate(newCaseSchema), async (req, res) => {
    res.status(201).json({ content: await tmAlerts.openCase(requireAuth(req), String(req.params.id), req.body) });
  });
  router.post('/alerts/:id/assign', ...managers, idParams, validate(addToCaseSchema), async (req, res) => {
    const { caseId } = req.body as { caseId: string };
    res.json({ content: await tmAlerts.addToCase(requireAuth(req), String(req.params.id), caseId) });
  });
  router.post('/alerts/:id/snooze', ...managers, idParams, validate(snoozeSchema), async (req, res) => {
    res.status(201).json({ content: await tmAlerts.snooze(requireAuth(req), String(req.params.id), req.body) });
  });
  router.get('/cases/:id/alerts', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmAlerts.caseAlerts(requireAuth(req), String(req.params.id), req.query) });
  });
  router.get('/cases/:id/history', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmAlerts.caseHistory(requireAuth(req), String(req.params.id), req.query) });
  });
  router.get('/cases/:id/notes', ...managers, idParams, async (req, res) => {
    res.json({ content: await tmAlerts.notes(requireAuth(req), String(req.params.id)) });
  });
  router.post('/cases/:id/notes', ...managers, idParams, validate(noteSchema), async (req, res) => {
    const { text } = req.body as { text: string };
    res.status(201).json({ content: await tmAlerts.addNote(requireAuth(req), String(req.params.id), text) });
  });
  router.get('/cases/:id/files', ...managers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, CASE_FILE_FIELDS, [{ field: 'uploadedAt', direction: 'desc' }]);
    res.json({ content: await tmAlerts.caseFiles(requireAuth(req), String(req.params.id), query) });
  });
  // the case is judged before a byte of the file is read
  const caseReadable: RequestHandler = async (req, res, next) => {
    res.locals.scope = await tmAlerts.fileScope(requireAuth(req), String(req.params.id));
    next();
  };
  router.post('/cases/:id/files', ...managers, idParams, caseReadable, readFileUpload, empty, async (req, res) => {
    if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
    const file = { originalName: req.file.originalname, bytes: req.file.buffer };
    res.status(201).json({ content: await files.upload(requireAuth(req), String(res.locals.scope), file) });
  });
  return router;
}
