import type { Request, Router } from 'express';
import multer from 'multer';
import { readUpload } from '../http/uploads';
import { AppError } from '../http/app-error';
import { asLanguage, requestLanguage } from '../http/i18n';
import { validateQuery } from '../http/validate';
import type { Services } from '../services';
import { MAX_WORKBOOK_BYTES } from '../services/saq-workbook.service';
import type { SaqGuards } from './saq-migration-routes';

const WORKBOOK_PATH = /^\/saq\/api\/v1\/saqs\/[^/]+\/workbook\/?$/;

/**
 * An answered workbook's upload reads its own body: `bodies()` leaves it unread (app.ts), so multer
 * streams it with its own size cap, after the guards.
 */
export function isWorkbookUpload(req: Request): boolean {
  return req.method === 'POST' && WORKBOOK_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

/** One file under the field `file`, at most MAX_WORKBOOK_BYTES, nothing else; held in memory. */
const multipart = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: MAX_WORKBOOK_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
}).single('file');

/** Multer's and busboy's refusals as our errors: over the cap 413 `workbookTooLarge`, anything else malformed 400. */
const readWorkbookUpload = readUpload(multipart, 'workbookTooLarge');

const workbookQuery = validateQuery({
  type: 'object',
  additionalProperties: false,
  properties: { lang: { enum: ['en', 'tr'] } },
});

/**
 * `GET /saqs/:saqId/workbook?lang=en|tr` (the SAQ as an xlsx to answer offline) and
 * `POST /saqs/:saqId/workbook` (multipart `file`: the answered workbook), docs/contracts.md
 * 'SAQ service', on the SAQ service's router with its guards.
 */
export function saqWorkbookRoutes(
  router: Router,
  services: Services,
  { saq, answering, params, userOf, callerOf }: SaqGuards,
) {
  router.get('/saqs/:saqId/workbook', ...saq, params, workbookQuery, async (req, res) => {
    const language = req.query.lang ? asLanguage(req.query.lang) : requestLanguage(req);
    const file = await services.saqWorkbook.download(userOf(req), String(req.params.saqId), language);
    // the name is ASCII (type, version, language): both forms carry it as is
    res.setHeader(
      'Content-Disposition',
      `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    );
    res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    res.setHeader('Content-Length', String(file.bytes.length));
    res.send(file.bytes);
  });

  // guards first, then the body: nobody makes the server read a file it would refuse anyway
  router.post('/saqs/:saqId/workbook', ...saq, answering, params, readWorkbookUpload, async (req, res) => {
    if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
    const file = { originalName: req.file.originalname, bytes: req.file.buffer };
    const content = await services.saqWorkbook.upload(
      await callerOf(req),
      String(req.params.saqId),
      file,
      requestLanguage(req),
    );
    res.json({ content });
  });
}
