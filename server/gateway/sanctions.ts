import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { listQueryOf } from '../http/list-query';
import { readUpload } from '../http/uploads';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { resourceCaller } from '../services/resources.service';
import { MATCH_QUERYABLES, SANCTIONS_MANAGERS } from '../services/sanctions.service';
import { runQuery } from '../../core/query/run-query';
import { LIST_FORMATS, type ListFormat } from '../../core/sanctions/import.types';

const UPLOAD_PATH = /^\/wbe\/api\/sanctions\/import\/file\/?$/;
/** The published consolidated lists run to a few megabytes (OFAC's sdn.csv ≈ 4 MB). */
const MAX_LIST_BYTES = 16 * 1024 * 1024;

/** The list file upload is read by its route (multer), not by `bodies()` (app.ts). */
export function isSanctionsUpload(req: Request): boolean {
  return req.method === 'POST' && UPLOAD_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

const readListFile = readUpload({
  maxBytes: MAX_LIST_BYTES,
  tooLargeCode: 'sanctionsFileTooLarge',
  fields: 2,
  fieldSize: 100,
  fieldNameSize: 20,
  fileRequired: true,
});

const LIST_ID = '^[a-z0-9][a-z0-9-]{0,63}$';
const uploadFields = {
  type: 'object',
  required: ['listId', 'format'],
  additionalProperties: false,
  properties: { listId: { type: 'string', pattern: LIST_ID }, format: { type: 'string', enum: [...LIST_FORMATS] } },
};
const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,128}$' } },
});
const PROBLEM_FIELDS = { filterable: ['line', 'column', 'message'], sortable: ['line', 'column', 'message'] };

const screenSchema = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 400, pattern: '\\S' },
    type: { type: 'string', enum: ['individual', 'entity'] },
    country: { type: 'string', pattern: '^[A-Za-z]{2}$' },
    birthYear: { type: 'integer', minimum: 1800, maximum: 2100 },
  },
};

/** The file's text in the JSON body: the signed-in body cap (100 kB) bounds it. */
const importSchema = {
  type: 'object',
  required: ['listId', 'format', 'content'],
  additionalProperties: false,
  properties: {
    listId: { type: 'string', pattern: LIST_ID },
    format: { type: 'string', enum: [...LIST_FORMATS] },
    content: { type: 'string', minLength: 1 },
  },
};

const reasonSchema = {
  type: 'object',
  required: ['reason'],
  additionalProperties: false,
  properties: { reason: { type: 'string', minLength: 1, maxLength: 1000, pattern: '\\S' } },
};
const pairParams = validateParams({
  type: 'object',
  required: ['entryId', 'name'],
  properties: {
    entryId: { type: 'string', minLength: 1, maxLength: 128 },
    name: { type: 'string', minLength: 1, maxLength: 400 },
  },
});

const whitelistSchema = {
  type: 'object',
  required: ['name', 'entryId', 'reason'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 400 },
    entryId: { type: 'string', minLength: 1, maxLength: 128 },
    reason: { type: 'string', minLength: 1, maxLength: 1000 },
  },
};

/**
 * Sanction screening under /wbe/api/sanctions (docs/domain/sanctions.md): any signed-in user screens
 * (the route's guard, shell §2.5 gives none narrower); admins and transaction-monitoring managers
 * import lists and whitelist reviewed false positives.
 */
export function sanctionsRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const managers = [...signedIn, requireGuard(ctx, SANCTIONS_MANAGERS)];

  router.post('/sanctions/screen', ...signedIn, validate(screenSchema), async (req, res) => {
    res.json({ content: await services.sanctions.screen(req.body) });
  });

  // the screen's table: the filter form's values say what is screened (docs/gateway/wbe-sanctions.md)
  router.get('/sanctions/matches', ...signedIn, async (req, res) => {
    const query = listQueryOf(req.query, MATCH_QUERYABLES, [{ field: 'score', direction: 'desc' }]);
    res.json({ content: await services.sanctions.matches(query) });
  });

  router.post('/sanctions/import', ...managers, validate(importSchema), async (req, res) => {
    const caller = await resourceCaller(ctx, requireAuth(req));
    res.json({ content: await services.sanctions.importList(caller, req.body) });
  });

  router.post('/sanctions/import/file', ...managers, readListFile, validate(uploadFields), async (req, res) => {
    if (!req.file) throw new AppError(400, 'fileRequired', { file: 'errors.fileRequired' });
    const caller = await resourceCaller(ctx, requireAuth(req));
    let content: string;
    try {
      content = new TextDecoder('utf-8', { fatal: true }).decode(req.file.buffer).replace(/^\uFEFF/, '');
    } catch {
      throw new AppError(422, 'sanctionsFileUnreadable', { file: 'errors.sanctionsFileUnreadable' });
    }
    const { listId, format } = req.body as { listId: string; format: ListFormat };
    res.json({
      content: await services.sanctions.importList(caller, {
        listId,
        format,
        content,
        fileName: req.file.originalname,
      }),
    });
  });

  router.get('/sanctions/imports/:id/problems', ...managers, idParams, async (req, res) => {
    const report = await services.resources.records('sanctions-import').get(String(req.params.id));
    if (!report) throw new AppError(404, 'notFound');
    const problems = (report.problems ?? []) as Array<Record<string, unknown>>;
    const query = listQueryOf(req.query, PROBLEM_FIELDS, [{ field: 'line', direction: 'asc' }]);
    res.json({ content: runQuery(problems, query) });
  });

  router.post('/sanctions/whitelist', ...managers, validate(whitelistSchema), async (req, res) => {
    const caller = await resourceCaller(ctx, requireAuth(req));
    res.status(201).json({ content: await services.sanctions.whitelist(caller, req.body) });
  });

  // the screen's row action: the pair in the path (the row fills it), the reason from the dialog
  router.post(
    '/sanctions/entries/:entryId/whitelist/:name',
    ...managers,
    pairParams,
    validate(reasonSchema),
    async (req, res) => {
      const caller = await resourceCaller(ctx, requireAuth(req));
      const input = { entryId: String(req.params.entryId), name: String(req.params.name), reason: req.body.reason };
      res.status(201).json({ content: await services.sanctions.whitelist(caller, input) });
    },
  );

  return router;
}
