import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError } from './app-error';
import { describeHandler } from './handler-docs';

/** The multipart field every upload here takes its one file from (multer's `.single(UPLOAD_FIELD)`). */
export const UPLOAD_FIELD = 'file';

/**
 * Runs a multer upload middleware and turns its and busboy's refusals into our errors: over the
 * size cap 413 `tooLargeCode` (on the field `file`), anything else malformed 400 `invalidRequest`.
 * With `fileRequired`, a body that is not multipart at all is 400 `fileRequired` (multer would let
 * it pass with no file).
 */
export function readUpload(
  multipart: RequestHandler,
  tooLargeCode: string,
  { fileRequired = false } = {},
): RequestHandler {
  const handler = (req: Request, res: Response, next: NextFunction) => {
    if (fileRequired && !req.is('multipart/form-data')) {
      next(new AppError(400, 'fileRequired', { file: 'errors.fileRequired' }));
      return;
    }
    multipart(req, res, (error?: unknown) => {
      if (!error) {
        next();
        return;
      }
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') {
        next(new AppError(413, tooLargeCode, { file: `errors.${tooLargeCode}` }));
        return;
      }
      const field = error instanceof multer.MulterError ? (error.field ?? 'body') : 'body';
      next(new AppError(400, 'invalidRequest', { [field]: 'invalidRequest' }));
    });
  };
  return describeHandler(handler, { multipartFile: UPLOAD_FIELD });
}
