import { createHash, randomUUID } from 'node:crypto';
import type { GuideLanguage, GuideType } from '../../core/files/file-transfer';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { allOf } from '../../core/resources/resource.utils';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { UserGuideRecord } from '../store/records.types';
import type { FilesService, IncomingFile } from './files.service';

/** What an admin writes about a guide; a guide carries a file, a link (a video on a host), or both. */
export interface NewGuide {
  title: string;
  guideType: GuideType;
  language?: GuideLanguage;
  description?: string;
  link?: string;
}

/** A guide as lists show it (the hash, the stored file's id and the deleter stay on the server). */
export type UserGuideView = Omit<UserGuideRecord, 'sha256' | 'fileId' | 'uploadedBy' | 'deletedBy'> & {
  hasFile: boolean;
};

const view = ({
  sha256: _hash,
  fileId,
  uploadedBy: _by,
  deletedBy: _del,
  ...guide
}: UserGuideRecord): UserGuideView => ({
  ...guide,
  hasFile: fileId !== undefined,
});

/**
 * The user guide (docs/domain/files.md 'User guide'): admins upload guides — a typed file (user
 * manual, video, FAQ, release notes) or a link — and every signed-in user lists and downloads them.
 * The same bytes twice among the guides not deleted are refused; deleting marks the guide with who and when.
 */
export class UserGuidesService {
  constructor(
    private readonly ctx: AppContext,
    private readonly files: FilesService,
  ) {}

  private get guides() {
    return this.ctx.store.collection<UserGuideRecord>('userGuides');
  }

  /** 422 `fileRequired` with neither a file nor a link; the upload's refusals; 409 `fileAlreadyExists` for the same bytes. */
  async create(auth: AuthContext, input: NewGuide, file: IncomingFile | undefined): Promise<UserGuideView> {
    if (!file && !input.link) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
    const id = randomUUID();
    return this.ctx.store.withLock('userGuides', async () => {
      let stored: Pick<UserGuideRecord, 'fileId' | 'name' | 'size' | 'type' | 'sha256'> = {};
      if (file) {
        const sha256 = createHash('sha256').update(file.bytes).digest('hex');
        const same = await this.guides.query({
          filter: {
            and: [
              { field: 'sha256', op: 'eq', value: sha256 },
              { field: 'deleted', op: 'eq', value: false },
            ],
          },
          sort: [],
          page: 1,
          pageSize: 1,
        });
        if (same.items.length > 0) throw new AppError(409, 'fileAlreadyExists', { file: 'errors.fileAlreadyExists' });
        const ref = await this.files.upload(auth, `user-guide:${id}`, file);
        stored = { fileId: ref.id, name: ref.name, size: ref.size, type: ref.type, sha256: ref.sha256 };
      }
      const record: UserGuideRecord = {
        id,
        title: input.title,
        guideType: input.guideType,
        language: input.language ?? 'all',
        ...(input.description ? { description: input.description } : {}),
        ...(input.link ? { link: input.link } : {}),
        ...stored,
        uploadedAt: this.ctx.clock().toISOString(),
        uploadedBy: auth.user.id,
        uploadedByName: auth.user.name ?? auth.user.email,
        deleted: false,
      };
      await this.guides.insert(record);
      return view(record);
    });
  }

  /** The guides not deleted, optionally of one type (the user guide's tabs). */
  async list(query: ListQuery, guideType?: GuideType): Promise<ListResult<UserGuideView>> {
    const result = await this.guides.query({
      ...query,
      filter: allOf(
        { field: 'deleted', op: 'eq', value: false },
        guideType ? { field: 'guideType', op: 'eq', value: guideType } : undefined,
        query.filter,
      ),
    });
    return { ...result, items: result.items.map(view) };
  }

  /** Every guide, deleted ones too with who deleted them (the admin page). */
  async all(query: ListQuery): Promise<ListResult<UserGuideView>> {
    const result = await this.guides.query(query);
    return { ...result, items: result.items.map(view) };
  }

  /** A guide's file for any signed-in user; a deleted guide, or one that is only a link, is 404. */
  async download(id: string): Promise<{ name: string; type: string; bytes: Buffer }> {
    const guide = await this.guides.get(id);
    if (!guide || guide.deleted || !guide.fileId) throw new AppError(404, 'fileNotFound');
    const { record, bytes } = await this.files.read(guide.fileId);
    return { name: record.name, type: record.type, bytes };
  }

  /** Marks the guide deleted with who and when (admins only, by the route's guard). */
  async remove(auth: AuthContext, id: string): Promise<UserGuideView> {
    const guide = await this.guides.get(id);
    if (!guide) throw new AppError(404, 'fileNotFound');
    if (guide.deleted) return view(guide);
    return view(
      await this.guides.update(id, {
        deleted: true,
        deletedAt: this.ctx.clock().toISOString(),
        deletedBy: auth.user.id,
        deletedByName: auth.user.name ?? auth.user.email,
      }),
    );
  }
}
