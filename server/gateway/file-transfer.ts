import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import {
  FILE_TRANSFER_DOWNLOAD_FIELDS,
  FILE_TRANSFER_FIELDS,
  GUIDE_LANGUAGES,
  GUIDE_TYPES,
  type GuideType,
  USER_GUIDE_FIELDS,
} from '../../core/files/file-transfer';
import { MAX_FILE_BYTES } from '../../core/files/sniff';
import { requireAuth } from '../auth/authenticate';
import { ADMIN_GUARD, requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { listQueryOf } from '../http/list-query';
import { readUpload } from '../http/uploads';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { FILE_TRANSFER_READERS } from '../services/file-transfer-guards';
import { aggregatable } from './aggregatable';
import { sendFile } from '../http/send-file';

const UPLOAD_PATHS = /^\/wbe\/api\/(file-transfers|admin\/user-guides)\/?$/;

/** The multipart uploads of a transfer and of a guide: `bodies()` leaves them unread (app.ts), multer streams them with the cap. */
export function isFileTransferUpload(req: Request): boolean {
  return req.method === 'POST' && UPLOAD_PATHS.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

/** One file (at most MAX_FILE_BYTES, like every other file upload) and a few short text fields. */
const transferLimits = { maxBytes: MAX_FILE_BYTES, tooLargeCode: 'fileAnswerTooLarge', fields: 5, fieldSize: 2000 };
const readTransferUpload = readUpload({ ...transferLimits, fileRequired: true });
const readGuideUpload = readUpload(transferLimits);

const ORGANIZATION_ID = '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$';
const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const transferFieldsSchema = {
  type: 'object',
  required: ['recipientId'],
  additionalProperties: false,
  properties: {
    recipientId: { type: 'string', pattern: ORGANIZATION_ID },
    description: { type: 'string', maxLength: 1000 },
  },
};

const guideFieldsSchema = {
  type: 'object',
  required: ['title', 'guideType'],
  additionalProperties: false,
  properties: {
    title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    guideType: { type: 'string', enum: [...GUIDE_TYPES] },
    language: { type: 'string', enum: [...GUIDE_LANGUAGES] },
    description: { type: 'string', maxLength: 1000 },
    link: { type: 'string', maxLength: 500, pattern: '^(https://[^\\s]+)?$' },
  },
};

const idParams = validateParams({
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: UUID } },
});
const typeParams = validateParams({
  type: 'object',
  required: ['guideType'],
  properties: { guideType: { type: 'string', enum: [...GUIDE_TYPES] } },
});

const NEWEST_SENT_FIRST = [{ field: 'sentAt', direction: 'desc' as const }];
const NEWEST_DOWNLOAD_FIRST = [{ field: 'downloadedAt', direction: 'desc' as const }];
const NEWEST_GUIDE_FIRST = [{ field: 'uploadedAt', direction: 'desc' as const }];

const send = (res: Response, file: { name: string; type: string; bytes: Buffer }) =>
  sendFile(res, { fileName: file.name, contentType: file.type, bytes: file.bytes });

/** A multipart text field left empty is not sent at all. */
const filled = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Secure file transfer and the user guide under /wbe/api (docs/gateway/wbe.md 'Secure file transfer'
 * and 'User guide'): send, list (inbox, sent, all for admins), read, download with its audit and soft
 * delete of transfers; guides uploaded and deleted by admins, listed and downloaded by every signed-in user.
 */
export function fileTransferRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { fileTransfers, userGuides } = services;
  const readers = [...signedIn, requireGuard(ctx, FILE_TRANSFER_READERS)];
  const admin = [...signedIn, requireGuard(ctx, ADMIN_GUARD)];

  router.get('/file-transfers/counterparties', ...readers, async (req, res) => {
    res.json({ content: await fileTransfers.counterparties(requireAuth(req)) });
  });
  router.get('/file-transfers/inbox', ...readers, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, FILE_TRANSFER_FIELDS, NEWEST_SENT_FIRST);
    res.json({ content: await fileTransfers.inbox(requireAuth(req), query) });
  });
  router.get('/file-transfers/sent', ...readers, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, FILE_TRANSFER_FIELDS, NEWEST_SENT_FIRST);
    res.json({ content: await fileTransfers.sent(requireAuth(req), query) });
  });
  // guards first, then the body: nobody makes the server read a file it would refuse anyway
  router.post('/file-transfers', ...readers, readTransferUpload, validate(transferFieldsSchema), async (req, res) => {
    if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
    const input = { recipientId: String(req.body.recipientId), description: filled(req.body.description) };
    const file = { originalName: req.file.originalname, bytes: req.file.buffer };
    res.status(201).json({ content: await fileTransfers.send(requireAuth(req), input, file) });
  });
  router.get('/file-transfers/:id', ...readers, idParams, async (req, res) => {
    res.json({ content: await fileTransfers.get(requireAuth(req), String(req.params.id)) });
  });
  router.get('/file-transfers/:id/file', ...readers, idParams, async (req, res) => {
    send(res, await fileTransfers.download(requireAuth(req), String(req.params.id)));
  });
  router.get('/file-transfers/:id/downloads', ...readers, idParams, async (req, res) => {
    const query = listQueryOf(req.query, FILE_TRANSFER_DOWNLOAD_FIELDS, NEWEST_DOWNLOAD_FIRST);
    res.json({ content: await fileTransfers.downloadsOf(requireAuth(req), String(req.params.id), query) });
  });
  router.delete('/file-transfers/:id', ...readers, idParams, async (req, res) => {
    res.json({ content: await fileTransfers.remove(requireAuth(req), String(req.params.id)) });
  });

  router.get('/admin/file-transfers', ...admin, aggregatable, async (req, res) => {
    res.json({ content: await fileTransfers.all(listQueryOf(req.query, FILE_TRANSFER_FIELDS, NEWEST_SENT_FIRST)) });
  });
  router.get('/admin/file-transfer-downloads', ...admin, aggregatable, async (req, res) => {
    const query = listQueryOf(req.query, FILE_TRANSFER_DOWNLOAD_FIELDS, NEWEST_DOWNLOAD_FIRST);
    res.json({ content: await fileTransfers.allDownloads(query) });
  });

  router.get('/user-guides', ...signedIn, aggregatable, async (req, res) => {
    res.json({ content: await userGuides.list(listQueryOf(req.query, USER_GUIDE_FIELDS, NEWEST_GUIDE_FIRST)) });
  });
  router.get('/user-guides/types/:guideType', ...signedIn, typeParams, async (req, res) => {
    const query = listQueryOf(req.query, USER_GUIDE_FIELDS, NEWEST_GUIDE_FIRST);
    res.json({ content: await userGuides.list(query, String(req.params.guideType) as GuideType) });
  });
  router.get('/user-guides/:id/file', ...signedIn, idParams, async (req, res) => {
    send(res, await userGuides.download(String(req.params.id)));
  });
  router.get('/admin/user-guides', ...admin, aggregatable, async (req, res) => {
    res.json({ content: await userGuides.all(listQueryOf(req.query, USER_GUIDE_FIELDS, NEWEST_GUIDE_FIRST)) });
  });
  router.post('/admin/user-guides', ...admin, readGuideUpload, validate(guideFieldsSchema), async (req, res) => {
    const file = req.file ? { originalName: req.file.originalname, bytes: req.file.buffer } : undefined;
    const input = {
      title: String(req.body.title).trim(),
      guideType: req.body.guideType as GuideType,
      language: req.body.language,
      description: filled(req.body.description),
      link: filled(req.body.link),
    };
    res.status(201).json({ content: await userGuides.create(requireAuth(req), input, file) });
  });
  router.delete('/admin/user-guides/:id', ...admin, idParams, async (req, res) => {
    res.json({ content: await userGuides.remove(requireAuth(req), String(req.params.id)) });
  });

  return router;
}
