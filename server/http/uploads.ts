import type { NextFunction, Request, RequestHandler, Response } from 'express';
import multer from 'multer';
import { AppError } from './app-error';
import { describeHandler } from './handler-docs';

/** The multipart field every upload here takes its one file from (multer's `.single(UPLOAD_FIELD)`). */
export const UPLOAD_FIELD = 'file';

/** What one upload takes: one file under `file`, held in memory, and a few small text fields beside it. */
export interface UploadLimits {
  /** The file's cap: over it, 413 `tooLargeCode` on the field `file`. */
  maxBytes: number;
  tooLargeCode: string;
  /** How many text fields may come with the file, and the longest value and name each may have. */
  fields?: number;
  fieldSize?: number;
  fieldNameSize?: number;
  /** A body that is not multipart at all is 400 `fileRequired` (multer would let it pass with no file). */
  fileRequired?: boolean;
}

/**
 * Streams an upload through multer with its caps (busboy stops reading at them) and turns multer's
 * and busboy's refusals into our errors: over the file cap 413 `tooLargeCode`, anything else
 * malformed 400 `invalidRequest`.
 */
export function readUpload({
  maxBytes,
  tooLargeCode,
  fields = 0,
  fieldSize = 200,
  fieldNameSize = 50,
  fileRequired = false,
}: UploadLimits): RequestHandler {
  const multipart = multer({
    storage: multer.memoryStorage(),
    limits: { fileSize: maxBytes, files: 1, fields, fieldSize, fieldNameSize, parts: fields + 1, headerPairs: 20 },
  }).single(UPLOAD_FIELD);
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
