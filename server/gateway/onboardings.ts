import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { requestLanguage } from '../http/i18n';
import { listQueryOf } from '../http/list-query';
import { readUpload } from '../http/uploads';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { NEWEST_FIRST, ONBOARDING_FIELDS, type UserAction } from '../services/onboarding.service';
import { csvText } from '../services/resource-import.service';
import { startScanSchema } from './scans';
import { aggregatable } from './aggregatable';

const BULK_PATH = /^\/wbe\/api\/onboardings\/bulk\/?$/;
/** 100 URLs of at most 2,048 characters each, and room for a header and line ends. */
const MAX_BULK_BYTES = 256 * 1024;

/** The bulk upload is read by its route (multer), not by `bodies()` (app.ts). */
export function isOnboardingBulk(req: Request): boolean {
  return req.method === 'POST' && BULK_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

const readBulkFile = readUpload({
  maxBytes: MAX_BULK_BYTES,
  tooLargeCode: 'onboardingFileTooLarge',
  fields: 2,
  fieldSize: 10,
  fieldNameSize: 20,
  fileRequired: true,
});

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: UUID } },
});
const actionParams = validateParams({
  type: 'object',
  required: ['id', 'action'],
  properties: {
    id: { type: 'string', pattern: UUID },
    action: { type: 'string', enum: ['cancel', 'approve', 'reject'] },
  },
});
const merchantParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$' } },
});
const bulkFields = {
  type: 'object',
  additionalProperties: false,
  properties: {
    fast: { type: 'string', enum: ['true', 'false'] },
    override: { type: 'string', enum: ['true', 'false'] },
  },
};

/**
 * `{ url, fast?, override?, merchantName?, owners?, target? }`: the scan request's members (a loopback
 * target in tests) and the onboarding's; the names are screened by the warning rules.
 */
export const startOnboardingSchema = {
  ...startScanSchema,
  properties: {
    ...startScanSchema.properties,
    fast: { type: 'boolean' },
    override: { type: 'boolean' },
    merchantName: { type: 'string', minLength: 1, maxLength: 400, pattern: '\\S' },
    owners: {
      type: 'array',
      maxItems: 20,
      items: { type: 'string', minLength: 1, maxLength: 400, pattern: '\\S' },
    },
  },
};

/**
 * Onboardings under /wbe/api (docs/gateway/wbe-scans-portfolio.md 'Onboarding'): role group `onboarders` for the
 * onboarding itself, `onboardingStatsReaders` for the statistics, `portfolioReaders` for a
 * merchant's score history; the workflow document decides the moves.
 */
export function onboardingsRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { onboardings } = services;
  const onboarders = [...signedIn, requireGuard(ctx, { group: 'onboarders' })];
  const idOf = (req: Request) => String(req.params.id);

  router.post('/onboardings', ...onboarders, validate(startOnboardingSchema), async (req, res) => {
    res.status(202).json({ content: await onboardings.start(requireAuth(req), req.body) });
  });

  router.post('/onboardings/bulk', ...onboarders, readBulkFile, validate(bulkFields), async (req, res) => {
    const fields = (req.body ?? {}) as Record<string, unknown>;
    if (!req.file) throw new AppError(400, 'fileRequired', { file: 'errors.fileRequired' });
    const text = csvText({ bytes: req.file.buffer, name: req.file.originalname, type: req.file.mimetype });
    const options = { fast: fields.fast === 'true', override: fields.override === 'true' };
    res
      .status(202)
      .json({ content: await onboardings.startMany(requireAuth(req), text, options, requestLanguage(req)) });
  });

  router.get('/onboardings', ...onboarders, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, ONBOARDING_FIELDS, NEWEST_FIRST);
    res.json({ content: await onboardings.list(requireAuth(req), query) });
  });

  router.get(
    '/onboardings/stats',
    ...signedIn,
    requireGuard(ctx, { group: 'onboardingStatsReaders' }),
    async (req, res) => {
      res.json({ content: await onboardings.stats(requireAuth(req)) });
    },
  );

  router.get(
    '/onboardings/merchants/:id/score-history',
    ...signedIn,
    requireGuard(ctx, { group: 'portfolioReaders' }),
    merchantParams,
    async (req, res) => {
      res.json({ content: await onboardings.scoreHistory(requireAuth(req), idOf(req)) });
    },
  );

  router.get('/onboardings/:id', ...onboarders, idParams, async (req, res) => {
    res.json({ content: await onboardings.get(requireAuth(req), idOf(req)) });
  });

  router.post(
    '/onboardings/:id/actions/:action',
    ...onboarders,
    actionParams,
    validate({ type: 'object', additionalProperties: false }),
    async (req, res) => {
      const action = String(req.params.action) as UserAction;
      res.json({ content: await onboardings.act(requireAuth(req), idOf(req), action) });
    },
  );

  return router;
}
