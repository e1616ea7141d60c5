import express, { type Request, type RequestHandler, type Router } from 'express';
import { requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { listQueryOf } from '../http/list-query';
import { readUpload } from '../http/uploads';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { NEWEST_POSTS_FIRST, SOCIAL_POST_FIELDS } from '../services/social-content.service';
import { NEWEST_QUERIES_FIRST, TRAFFIC_QUERY_FIELDS } from '../services/traffic.service';
import { SOCIAL_MOVES, SOCIAL_VIEWS, type SocialMove, type SocialView } from '../../core/social/social-content';
import { aggregatable } from './aggregatable';
import { bulkIdsSchema } from './request-schemas';

/** Shell §2.5: the routes' guards, which the endpoints enforce too. */
export const TRAFFIC_GUARD = { anyOf: ['trafficQuery:view'] };
export const SOCIAL_GUARD = { anyOf: ['social:view'] };

const UPLOAD_PATH = /^\/wbe\/api\/(admin\/traffic\/data|social-media\/import)\/file\/?$/;
/** Data files of a few thousand rows; a year of monthly figures for a thousand domains is about 1 MB. */
const MAX_DATA_BYTES = 4 * 1024 * 1024;

/** The two data-file uploads are read by their routes (multer), not by `bodies()` (app.ts). */
export function isTrafficSocialUpload(req: Request): boolean {
  return req.method === 'POST' && UPLOAD_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

const readDataFile = readUpload({
  maxBytes: MAX_DATA_BYTES,
  tooLargeCode: 'dataFileTooLarge',
  fields: 1,
  fieldSize: 100,
  fieldNameSize: 20,
  fileRequired: true,
});

type Format = 'csv' | 'json';
/** A file's format by its content: a JSON array starts with `[`, anything else is read as CSV. */
const formatOf = (content: string): Format => (content.trimStart().startsWith('[') ? 'json' : 'csv');

/** The uploaded file as text (UTF-8, a byte-order mark dropped), or 422 `dataFileUnreadable`. */
function uploadedText(req: Request): { content: string; fileName: string } {
  if (!req.file) throw new AppError(400, 'fileRequired', { file: 'errors.fileRequired' });
  try {
    const content = new TextDecoder('utf-8', { fatal: true }).decode(req.file.buffer).replace(/^\uFEFF/, '');
    return { content, fileName: req.file.originalname };
  } catch {
    throw new AppError(422, 'dataFileUnreadable', { file: 'errors.dataFileUnreadable' });
  }
}

const noFields = { type: 'object', additionalProperties: false, properties: {} };

/** The file's text in the JSON body (scripts; the signed-in body cap of 100 kB bounds it). */
const dataFileSchema = {
  type: 'object',
  required: ['content'],
  additionalProperties: false,
  properties: {
    content: { type: 'string', minLength: 1 },
    format: { type: 'string', enum: ['csv', 'json'] },
    fileName: { type: 'string', minLength: 1, maxLength: 255 },
  },
};

const querySchema = {
  type: 'object',
  required: ['domain'],
  additionalProperties: false,
  properties: { domain: { type: 'string', minLength: 1, maxLength: 2048 } },
};

const grantSchema = {
  type: 'object',
  required: ['organizationId', 'credits'],
  additionalProperties: false,
  properties: {
    organizationId: { type: 'string', minLength: 1, maxLength: 128 },
    credits: { type: 'integer', minimum: 1, maximum: 100000 },
  },
};

const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: '^[A-Za-z0-9-]{1,128}$' } },
});
const viewParams = validateParams({
  type: 'object',
  required: ['view'],
  properties: { view: { type: 'string', enum: [...SOCIAL_VIEWS] } },
});
const moveParams = validateParams({
  type: 'object',
  required: ['move'],
  properties: { move: { type: 'string', enum: Object.keys(SOCIAL_MOVES) } },
});

/**
 * Traffic queries and social media content under /wbe/api (docs/gateway/wbe-traffic-social.md,
 * docs/domain/traffic-social.md): the users of each route's guard query, list and review; admins grant
 * credits and import traffic data.
 */
export function trafficSocialRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const trafficUsers = [...signedIn, requireGuard(ctx, TRAFFIC_GUARD)];
  const socialUsers = [...signedIn, requireGuard(ctx, SOCIAL_GUARD)];
  const admins = [...signedIn, requireGuard(ctx, ADMIN_GUARD)];
  const { traffic, socialContent } = services;

  router.get('/traffic/credits', ...trafficUsers, async (req, res) => {
    res.json({ content: await traffic.credits(requireAuth(req)) });
  });

  router.get('/traffic/queries', ...trafficUsers, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, TRAFFIC_QUERY_FIELDS, NEWEST_QUERIES_FIRST);
    res.json({ content: await traffic.list(requireAuth(req), query) });
  });

  router.post('/traffic/queries', ...trafficUsers, validate(querySchema), async (req, res) => {
    res.status(201).json({ content: await traffic.query(requireAuth(req), req.body) });
  });

  router.get('/traffic/queries/:id', ...trafficUsers, idParams, async (req, res) => {
    res.json({ content: await traffic.find(requireAuth(req), String(req.params.id)) });
  });

  router.post('/admin/traffic/credits', ...admins, validate(grantSchema), async (req, res) => {
    res.json({ content: await traffic.grant(req.body) });
  });

  router.post('/admin/traffic/data', ...admins, validate(dataFileSchema), async (req, res) => {
    const { content, format, fileName } = req.body as { content: string; format?: Format; fileName?: string };
    res.json({ content: await traffic.importData({ content, format: format ?? formatOf(content), fileName }) });
  });

  router.post('/admin/traffic/data/file', ...admins, readDataFile, validate(noFields), async (req, res) => {
    const { content, fileName } = uploadedText(req);
    res.json({ content: await traffic.importData({ content, format: formatOf(content), fileName }) });
  });

  router.get('/social-media/posts/:view', ...socialUsers, viewParams, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, SOCIAL_POST_FIELDS, NEWEST_POSTS_FIRST);
    res.json({ content: await socialContent.list(requireAuth(req), req.params.view as SocialView, query) });
  });

  router.post('/social-media/posts/:move', ...socialUsers, moveParams, validate(bulkIdsSchema), async (req, res) => {
    res.json({ content: await socialContent.move(requireAuth(req), req.params.move as SocialMove, req.body.ids) });
  });

  router.post('/social-media/import', ...socialUsers, validate(dataFileSchema), async (req, res) => {
    const { content, format } = req.body as { content: string; format?: Format };
    res.json({
      content: await socialContent.collect(requireAuth(req), { format: format ?? formatOf(content), content }),
    });
  });

  router.post('/social-media/import/file', ...socialUsers, readDataFile, validate(noFields), async (req, res) => {
    const { content } = uploadedText(req);
    res.json({ content: await socialContent.collect(requireAuth(req), { format: formatOf(content), content }) });
  });

  return router;
}
