import { createHash, randomUUID } from 'node:crypto';
import type { ListQuery, ListResult } from '../../core/query/query.types';
import { allOf } from '../../core/resources/resource.utils';
import type { Filter } from '../../core/query/query.types';
import { ADMIN_GUARD, passesGuard } from '../auth/require-guard';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { findWhere } from '../store/matching';
import type {
  ComplianceShareRecord,
  FileTransferDownloadRecord,
  FileTransferRecord,
  OrganizationRecord,
} from '../store/records.types';
import { sessionOrganization } from './compliance-documents.service';
import type { FilesService, IncomingFile } from './files.service';

/** What a sender writes beside the file. */
export interface NewTransfer {
  recipientId: string;
  description?: string;
}

/** A transfer as lists and its page show it (the hash and the stored file's id stay on the server). */
export type FileTransferView = Omit<FileTransferRecord, 'sha256' | 'fileId'>;

const view = ({ sha256: _hash, fileId: _file, ...transfer }: FileTransferRecord): FileTransferView => transfer;

/** The scope of a transfer's stored file: one per transfer, so the duplicate rule is this service's, not the upload's. */
const fileScope = (transferId: string) => `file-transfer:${transferId}`;

/**
 * Secure file transfer (docs/domain/files.md 'Secure file transfer'): an organisation sends a file to
 * a counterparty — one it has a relationship with (a compliance share, either way), any organisation
 * for an admin. The file is judged and kept by FilesService; the same bytes to the same counterparty
 * are refused while the first is not deleted; every download is recorded; deleting marks the record.
 */
export class FileTransfersService {
  constructor(
    private readonly ctx: AppContext,
    private readonly files: FilesService,
  ) {}

  private get transfers() {
    return this.ctx.store.collection<FileTransferRecord>('fileTransfers');
  }

  private get downloads() {
    return this.ctx.store.collection<FileTransferDownloadRecord>('fileTransferDownloads');
  }

  private get organizations() {
    return this.ctx.store.collection<OrganizationRecord>('organizations');
  }

  private isAdmin(auth: AuthContext): Promise<boolean> {
    return passesGuard(this.ctx, auth, ADMIN_GUARD);
  }

  /** The organisations the session's organisation may send to, by name: its compliance-share partners, every one for an admin. */
  async counterparties(auth: AuthContext): Promise<{ id: string; name: string }[]> {
    const own = sessionOrganization(auth);
    let ids: string[];
    if (await this.isAdmin(auth)) {
      ids = (await this.organizations.all()).map((org) => org.id);
    } else {
      const shares = this.ctx.store.collection<ComplianceShareRecord>('complianceShares');
      const asMerchant = await findWhere(shares, { field: 'organizationId', op: 'eq', value: own });
      const asBank = await findWhere(shares, { field: 'bankId', op: 'eq', value: own });
      ids = [...asMerchant.map((share) => share.bankId), ...asBank.map((share) => share.organizationId)];
    }
    const named = await Promise.all(
      [...new Set(ids)].filter((id) => id !== own).map((id) => this.organizations.get(id)),
    );
    return named
      .filter((org): org is OrganizationRecord => org !== undefined && org.active !== false)
      .map((org) => ({ id: org.id, name: org.name }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  /**
   * Sends a file: 422 `counterpartyNotAllowed` for an organisation the sender may not send to, the
   * upload's refusals (413 over the cap, 422 `fileTypeNotAllowed` by content), 409
   * `fileAlreadyExists` when the same bytes already went to that counterparty and were not deleted.
   */
  async send(auth: AuthContext, input: NewTransfer, file: IncomingFile): Promise<FileTransferView> {
    const senderOrganizationId = sessionOrganization(auth);
    const counterparties = await this.counterparties(auth);
    const recipient = counterparties.find((org) => org.id === input.recipientId);
    if (!recipient) throw new AppError(422, 'counterpartyNotAllowed', { recipientId: 'errors.counterpartyNotAllowed' });
    const sender = await this.organizations.get(senderOrganizationId);
    const id = randomUUID();
    // one send at a time per pair: the duplicate check and the insert see the same transfers
    return this.ctx.store.withLock(`fileTransfers.${senderOrganizationId}.${recipient.id}`, async () => {
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      const same = await this.transfers.query({
        filter: {
          and: [
            { field: 'senderOrganizationId', op: 'eq', value: senderOrganizationId },
            { field: 'recipientOrganizationId', op: 'eq', value: recipient.id },
            { field: 'sha256', op: 'eq', value: sha256 },
            { field: 'deleted', op: 'eq', value: false },
          ],
        },
        sort: [],
        page: 1,
        pageSize: 1,
      });
      if (same.items.length > 0) throw new AppError(409, 'fileAlreadyExists', { file: 'errors.fileAlreadyExists' });
      // the upload judges the size and the content and keeps the bytes as a real file
      const ref = await this.files.upload(auth, fileScope(id), file);
      const record: FileTransferRecord = {
        id,
        fileId: ref.id,
        name: ref.name,
        size: ref.size,
        type: ref.type,
        sha256: ref.sha256,
        ...(input.description ? { description: input.description } : {}),
        senderOrganizationId,
        senderOrganizationName: sender?.name ?? senderOrganizationId,
        senderId: auth.user.id,
        senderName: auth.user.name ?? auth.user.email,
        recipientOrganizationId: recipient.id,
        recipientOrganizationName: recipient.name,
        sentAt: this.ctx.clock().toISOString(),
        downloads: 0,
        deleted: false,
      };
      await this.transfers.insert(record);
      await this.ctx.events.emit('fileTransfer.sent', { transfer: record });
      return view(record);
    });
  }

  private async page(scope: Filter | undefined, query: ListQuery): Promise<ListResult<FileTransferView>> {
    const result = await this.transfers.query({ ...query, filter: allOf(scope, query.filter) });
    return { ...result, items: result.items.map(view) };
  }

  /** What came to the session's organisation and was not deleted. */
  inbox(auth: AuthContext, query: ListQuery) {
    return this.page(
      allOf(
        { field: 'recipientOrganizationId', op: 'eq', value: sessionOrganization(auth) },
        { field: 'deleted', op: 'eq', value: false },
      ),
      query,
    );
  }

  /** What the session's organisation sent, deleted ones included (marked). */
  sent(auth: AuthContext, query: ListQuery) {
    return this.page({ field: 'senderOrganizationId', op: 'eq', value: sessionOrganization(auth) }, query);
  }

  /** Every transfer across organisations (the admin view). */
  all(query: ListQuery) {
    return this.page(undefined, query);
  }

  /**
   * A transfer the caller may see: the sender's organisation (deleted too), the recipient's while it
   * is not deleted, an admin always; anyone else gets 404 as if it did not exist.
   */
  private async visible(auth: AuthContext, id: string): Promise<FileTransferRecord> {
    const transfer = await this.transfers.get(id);
    if (transfer) {
      const own = sessionOrganization(auth);
      if (transfer.senderOrganizationId === own) return transfer;
      if (transfer.recipientOrganizationId === own && !transfer.deleted) return transfer;
      if (await this.isAdmin(auth)) return transfer;
    }
    throw new AppError(404, 'fileNotFound');
  }

  async get(auth: AuthContext, id: string): Promise<FileTransferView> {
    return view(await this.visible(auth, id));
  }

  /** The file's bytes, the download recorded first (who, for which organisation, when); a deleted transfer's file is 404. */
  async download(auth: AuthContext, id: string): Promise<{ name: string; type: string; bytes: Buffer }> {
    const transfer = await this.visible(auth, id);
    if (transfer.deleted) throw new AppError(404, 'fileNotFound');
    const { bytes } = await this.files.read(transfer.fileId);
    const organizationId = sessionOrganization(auth);
    const organization = await this.organizations.get(organizationId);
    const downloadedAt = this.ctx.clock().toISOString();
    await this.ctx.store.transaction(async () => {
      await this.downloads.insert({
        id: randomUUID(),
        transferId: transfer.id,
        fileName: transfer.name,
        senderOrganizationId: transfer.senderOrganizationId,
        recipientOrganizationId: transfer.recipientOrganizationId,
        userId: auth.user.id,
        userName: auth.user.name ?? auth.user.email,
        organizationId,
        organizationName: organization?.name ?? organizationId,
        downloadedAt,
      });
      await this.transfers.upsertWith(transfer.id, (current) =>
        current ? { ...current, downloads: current.downloads + 1, lastDownloadedAt: downloadedAt } : undefined,
      );
    });
    return { name: transfer.name, type: transfer.type, bytes };
  }

  /** Marks the transfer deleted with who and when: the sender's organisation or an admin; the recipient may not. */
  async remove(auth: AuthContext, id: string): Promise<FileTransferView> {
    const transfer = await this.visible(auth, id);
    const mine = transfer.senderOrganizationId === sessionOrganization(auth);
    if (!mine && !(await this.isAdmin(auth))) throw new AppError(403, 'noPermission');
    if (transfer.deleted) return view(transfer);
    const deleted = await this.transfers.update(id, {
      deleted: true,
      deletedAt: this.ctx.clock().toISOString(),
      deletedBy: auth.user.id,
      deletedByName: auth.user.name ?? auth.user.email,
    });
    return view(deleted);
  }

  /** Who downloaded this transfer's file and when, for whoever may see the transfer. */
  async downloadsOf(auth: AuthContext, id: string, query: ListQuery): Promise<ListResult<FileTransferDownloadRecord>> {
    await this.visible(auth, id);
    return this.downloads.query({
      ...query,
      filter: allOf({ field: 'transferId', op: 'eq', value: id }, query.filter),
    });
  }

  /** Every download across organisations (the admin view's audit). */
  allDownloads(query: ListQuery): Promise<ListResult<FileTransferDownloadRecord>> {
    return this.downloads.query(query);
  }
}
