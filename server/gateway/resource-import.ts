import type { Request } from 'express';
import { readUpload } from '../http/uploads';
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
export const readImportFile = readUpload({
  maxBytes: MAX_IMPORT_BYTES,
  tooLargeCode: 'importFileTooLarge',
  fields: 2,
  fileRequired: true,
});
