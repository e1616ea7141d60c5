import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FILE_MEDIA_TYPES, type FileKind, MAX_FILE_BYTES, sniffFile } from '../../core/files/sniff';
import type { FileRef } from '../../core/questionnaire/questionnaire.types';
import { ADMIN_GUARD, passesGuard } from '../auth/require-guard';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { UploadedFileRecord } from '../store/records.types';
import type { Store } from '../store/store.types';

/** A file as multer read it. */
export interface IncomingFile {
  originalName: string;
  bytes: Buffer;
}

/** What an answer keeps of an upload. */
const refOf = ({ id, name, size, type, sha256 }: UploadedFileRecord): FileRef => ({ id, name, size, type, sha256 });

/** A file name safe to send back in Content-Disposition: no path, no control characters, at most 255. */
function cleanName(name: string, kind: FileKind): string {
  // busboy hands names over as latin1 bytes; browsers send UTF-8
  const decoded = Buffer.from(name, 'latin1').toString('utf8');
  const base = (decoded.split(/[\\/]/).pop() ?? '').replace(/\p{Cc}/gu, '').trim();
  return (base || `file.${kind}`).slice(0, 255);
}

/** Whether a user other than the uploader may read a file (e.g. a participant of the assessment it answers). */
export interface FileReader {
  mayReadFile(auth: AuthContext, fileId: string): Promise<boolean>;
}

/**
 * File answers (docs/gateway/wbe.md 'File answers'): stored as real files under DATA_DIR/files, one
 * record each; the kind is judged by content, the same bytes twice for one owner and scope refused.
 * `readers` widen who may download beyond the uploader and admins.
 */
export class FilesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly readers: readonly FileReader[] = [],
  ) {}

  private get records() {
    return this.ctx.store.collection<UploadedFileRecord>('uploadedFiles');
  }

  private pathOf(id: string): string {
    return join(this.ctx.filesDir, id);
  }

  /**
   * 413 `fileAnswerTooLarge` beyond MAX_FILE_BYTES, 422 `fileTypeNotAllowed` for content that is
   * none of the kinds (or not one `accept` lists), 409 `fileAlreadyExists` for the same bytes the
   * caller already gave in this scope.
   */
  async upload(auth: AuthContext, scope: string, file: IncomingFile, accept?: FileKind[]): Promise<FileRef> {
    if (file.bytes.length > MAX_FILE_BYTES)
      throw new AppError(413, 'fileAnswerTooLarge', { file: 'errors.fileAnswerTooLarge' });
    const kind = sniffFile(file.bytes);
    if (!kind || (accept && !accept.includes(kind)))
      throw new AppError(422, 'fileTypeNotAllowed', { file: 'errors.fileTypeNotAllowed' });
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const ownerId = auth.user.id;
    const dedupeKey = `${ownerId}:${scope}:${sha256}`;
    // the duplicate check and the insert see the same files: one upload at a time per owner
    return this.ctx.store.withLock(`uploadedFiles.${ownerId}`, async () => {
      const same = await this.records.query({
        filter: { field: 'dedupeKey', op: 'eq', value: dedupeKey },
        sort: [],
        page: 1,
        pageSize: 1,
      });
      if (same.items.length > 0) throw new AppError(409, 'fileAlreadyExists', { file: 'errors.fileAlreadyExists' });
      const record: UploadedFileRecord = {
        id: randomUUID(),
        ownerId,
        scope,
        name: cleanName(file.originalName, kind),
        size: file.bytes.length,
        type: FILE_MEDIA_TYPES[kind],
        kind,
        sha256,
        dedupeKey,
        uploadedAt: this.ctx.clock().toISOString(),
      };
      // the bytes first, flushed: a record never points at a missing file
      await mkdir(this.ctx.filesDir, { recursive: true });
      await writeFile(this.pathOf(record.id), file.bytes, { flush: true });
      try {
        await this.records.insert(record);
      } catch (error) {
        await rm(this.pathOf(record.id), { force: true });
        throw error;
      }
      return refOf(record);
    });
  }

  /** The file for its owner, an admin or one a reader lets in; anyone else gets 404 as if it did not exist. */
  async download(auth: AuthContext, id: string): Promise<{ record: UploadedFileRecord; bytes: Buffer }> {
    const record = await this.records.get(id);
    if (!record || !(await this.mayRead(auth, record))) throw new AppError(404, 'fileNotFound');
    try {
      return { record, bytes: await readFile(this.pathOf(record.id)) };
    } catch {
      throw new AppError(404, 'fileNotFound');
    }
  }

  /**
   * A stored file's record and bytes for a service that judged the caller itself (a file transfer,
   * a guide): 404 `fileNotFound` when either is gone.
   */
  async read(id: string): Promise<{ record: UploadedFileRecord; bytes: Buffer }> {
    const record = await this.records.get(id);
    if (!record) throw new AppError(404, 'fileNotFound');
    try {
      return { record, bytes: await readFile(this.pathOf(record.id)) };
    } catch {
      throw new AppError(404, 'fileNotFound');
    }
  }

  private async mayRead(auth: AuthContext, record: UploadedFileRecord): Promise<boolean> {
    if (record.ownerId === auth.user.id || (await passesGuard(this.ctx, auth, ADMIN_GUARD))) return true;
    for (const reader of this.readers) if (await reader.mayReadFile(auth, record.id)) return true;
    return false;
  }
}

/**
 * Whether a file answer names an upload of this user exactly as it was answered (id, name, size,
 * type, sha256): an answer cannot point at another user's file or a made-up reference. Answer
 * services call it for `file` items after `validateAnswer` judged the shape.
 */
export async function isOwnUpload(store: Store, userId: string, ref: FileRef): Promise<boolean> {
  const record = await store.collection<UploadedFileRecord>('uploadedFiles').get(ref.id);
  if (!record || record.ownerId !== userId) return false;
  const stored = refOf(record);
  return (Object.keys(stored) as (keyof FileRef)[]).every((key) => stored[key] === ref[key]);
}
