import type { Request, Response } from 'express';
import { AppError } from '../http/app-error';
import { readUpload } from '../http/uploads';
import { validateQuery } from '../http/validate';
import { MAX_WORKBOOK_BYTES, type UploadedWorkbook, type WorkbookFile } from '../workbook/workbook-import';

/** The endpoints an answered workbook is uploaded to: the SAQ service's and the assessments'. */
const WORKBOOK_PATHS = [/^\/saq\/api\/v1\/saqs\/[^/]+\/workbook\/?$/, /^\/maq\/api\/assessments\/[^/]+\/workbook\/?$/];

/**
 * An answered workbook's upload reads its own body: `bodies()` leaves it unread (app.ts), so multer
 * streams it with its own size cap, after the guards.
 */
export function isWorkbookUpload(req: Request): boolean {
  const path = req.baseUrl + req.path;
  return (
    req.method === 'POST' &&
    WORKBOOK_PATHS.some((pattern) => pattern.test(path)) &&
    req.is('multipart/form-data') !== false
  );
}

/** One file, at most MAX_WORKBOOK_BYTES, nothing else; over the cap 413 `workbookTooLarge`. */
export const readWorkbookUpload = readUpload({ maxBytes: MAX_WORKBOOK_BYTES, tooLargeCode: 'workbookTooLarge' });

/** `?lang=en|tr`: the workbook's language (default the reader's). */
export const workbookQuery = validateQuery({
  type: 'object',
  additionalProperties: false,
  properties: { lang: { enum: ['en', 'tr'] } },
});

/** The uploaded file, or 422 `fileRequired`. */
export function uploadedWorkbook(req: Request): UploadedWorkbook {
  if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
  return { originalName: req.file.originalname, bytes: req.file.buffer };
}

/** Sends a workbook as an attachment; the name is ASCII, so both forms carry it as is. */
export function sendWorkbook(res: Response, file: WorkbookFile): void {
  res.setHeader(
    'Content-Disposition',
    `attachment; filename="${file.fileName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
  );
  res.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  res.setHeader('Content-Length', String(file.bytes.length));
  res.send(file.bytes);
}
