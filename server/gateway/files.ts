import express, { type Request, type RequestHandler, type Router } from 'express';
import { FILE_KINDS, type FileKind, MAX_FILE_BYTES } from '../../core/files/sniff';
import { requireAuth } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { readUpload } from '../http/uploads';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import { sendFile } from '../http/send-file';

const UPLOAD_PATH = /^\/wbe\/api\/files\/?$/;

/** The multipart upload of a file answer: `bodies()` leaves it unread (app.ts), multer streams it with its cap. */
export function isFileUpload(req: Request): boolean {
  return req.method === 'POST' && UPLOAD_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

/** One file under `file`, at most MAX_FILE_BYTES, and two small text fields; held in memory. */
export const readFileUpload = readUpload({
  maxBytes: MAX_FILE_BYTES,
  tooLargeCode: 'fileAnswerTooLarge',
  fields: 2,
  fieldSize: 300,
});

/**
 * `scope` says what the file answers (e.g. `assessment:<id>:<itemId>`, `preview`): the same bytes
 * are refused twice within one scope. `accept` (comma separated kinds) narrows what the question takes.
 */
const uploadFieldsSchema = {
  type: 'object',
  required: ['scope'],
  additionalProperties: false,
  properties: {
    scope: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9:._-]{0,199}$' },
    accept: { type: 'string', pattern: `^(${FILE_KINDS.join('|')})(,(${FILE_KINDS.join('|')})){0,6}$` },
  },
};

const idParams = validateParams({
  type: 'object',
  required: ['fileId'],
  properties: { fileId: { type: 'string', pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' } },
});

/** File answers under /wbe/api (docs/gateway/wbe.md 'File answers'): upload, then download by id. */
export function filesRouter(_ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();

  // signed in first, then the body: nobody makes the server read a file it would refuse anyway
  router.post('/files', ...signedIn, readFileUpload, validate(uploadFieldsSchema), async (req, res) => {
    if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
    const accept = req.body.accept ? (String(req.body.accept).split(',') as FileKind[]) : undefined;
    const file = { originalName: req.file.originalname, bytes: req.file.buffer };
    res.status(201).json({ content: await services.files.upload(requireAuth(req), req.body.scope, file, accept) });
  });

  router.get('/files/:fileId', ...signedIn, idParams, async (req, res) => {
    const { record, bytes } = await services.files.download(requireAuth(req), String(req.params.fileId));
    sendFile(res, { fileName: record.name, contentType: record.type, bytes });
  });

  return router;
}
