import type { Request } from 'express';
import multer from 'multer';
import { readUpload, UPLOAD_FIELD } from '../http/uploads';
import { MAX_IMPORT_BYTES } from '../../core/resources/resource-import';

/** A resource's import, and transaction monitoring's list entries (the same file handling). */
const IMPORT_PATH = /^\/wbe\/api\/(resources\/[^/]+|transaction-monitoring\/list-entries)\/import\/?$/;

/**
 * A CSV import (`POST /wbe/api/resources/:resource/import`) is read by its route: `bodies()` leaves
 * it unread (app.ts) and multer takes the file with its own cap.
 */
export function isResourceImport(req: Request): boolean {
  return req.method === 'POST' && IMPORT_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

/** One file under the field `file`, at most MAX_IMPORT_BYTES, held in memory. */
const multipart = multer({
  storage: multer.memoryStorage(),
  limits: {
    fileSize: MAX_IMPORT_BYTES,
    files: 1,
    fields: 2,
    fieldSize: 200,
    fieldNameSize: 50,
    parts: 3,
    headerPairs: 20,
  },
}).single(UPLOAD_FIELD);

/**
 * The upload as our errors: over the cap 413 `importFileTooLarge`; anything malformed 400. A body
 * that is not multipart has no file: 400 `fileRequired` (the import takes a multipart `file`, nothing else).
 */
export const readImportFile = readUpload(multipart, 'importFileTooLarge', { fileRequired: true });
