import { createHash } from 'node:crypto';
import {
  type ComplianceDocumentType,
  dayOf,
  documentState,
  MAX_PDF_BYTES,
  validUntilOf,
  withStateConditions,
} from '../../core/compliance/compliance-documents';
import { type ListQuery, type ListResult, MAX_PAGE_SIZE, type QueryableFields } from '../../core/query/query.types';
import { allOf } from '../../core/resources/resource.utils';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type {
  ComplianceDocumentFileRecord,
  ComplianceDocumentRecord,
  ComplianceShareRecord,
  OrganizationRecord,
} from '../store/records.types';

/** What the merchant's and the banks' document lists filter and sort on (`state` is computed: see withStateConditions). */
export const COMPLIANCE_DOCUMENT_FIELDS: QueryableFields = {
  filterable: ['fileName', 'merchantName', 'validFrom', 'validUntil', 'uploadedAt', 'uploadedByName', 'state'],
  sortable: ['fileName', 'merchantName', 'validFrom', 'validUntil', 'uploadedAt', 'size', 'uploadedByName'],
};
/** What the store is asked: the lists' fields plus the scope (organisation, type); dates by range. */
export const COMPLIANCE_DOCUMENT_STORE_FIELDS: QueryableFields = {
  filterable: [
    ...COMPLIANCE_DOCUMENT_FIELDS.filterable.filter((field) => field !== 'state'),
    'organizationId',
    'type',
    'sha256',
  ],
  sortable: COMPLIANCE_DOCUMENT_FIELDS.sortable,
  searchable: ['fileName', 'merchantName', 'uploadedByName'],
  ranged: ['validFrom', 'validUntil', 'uploadedAt'],
};
export const NEWEST_UPLOAD_FIRST = [{ field: 'uploadedAt', direction: 'desc' as const }];

/** What a list row and an upload's answer carry (the hash and the uploader's id stay on the server). */
export type ComplianceDocumentView = Omit<ComplianceDocumentRecord, 'sha256' | 'uploadedBy'> & {
  state: ReturnType<typeof documentState>;
};

/** An uploaded file as the gateway read it. */
export interface UploadedFile {
  originalName: string;
  bytes: Buffer;
}

export interface DownloadedFile {
  fileName: string;
  bytes: Buffer;
}

/** The session's organisation: the one the token names, else the user's first. */
export function sessionOrganization(auth: AuthContext): string {
  const id = auth.claims.org ?? auth.user.organizationIds[0];
  if (!id) throw new AppError(403, 'notAMember');
  return id;
}

/** A file name safe to store and to send back in Content-Disposition: no path, no control characters, ends in .pdf. */
function storedName(originalName: string, type: ComplianceDocumentType, validFrom: string): string {
  // busboy hands names over as latin1 bytes; browsers send UTF-8
  const decoded = Buffer.from(originalName, 'latin1').toString('utf8');
  const base = (decoded.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 120);
  const name = base || `${type.toUpperCase()}-${validFrom}`;
  return /\.pdf$/i.test(name) ? name : `${name}.pdf`;
}

/** A PDF by its content (domain §5 'PDF for PCI documents'): the magic bytes, and pdf-lib can read it. */
async function isPdf(bytes: Buffer): Promise<boolean> {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  try {
    // pdf-lib forgives a lot: a document it reads must also have a page
    const { PDFDocument } = await import('pdf-lib');
    const document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return document.getPageCount() > 0;
  } catch {
    return false;
  }
}

const view = ({ sha256: _hash, uploadedBy: _by, ...document }: ComplianceDocumentRecord, now: Date) => ({
  ...document,
  state: documentState(document, now),
});

/**
 * ASV scan reports and AoCs (domain §1 'upload ASV and AoC documents, share compliance data with
 * banks'): a merchant organisation's uploads, read by the banks it shares them with.
 */
export class ComplianceDocumentsService {
  constructor(private readonly ctx: AppContext) {}

  private get documents() {
    return this.ctx.store.collection<ComplianceDocumentRecord>('complianceDocuments');
  }

  private get files() {
    return this.ctx.store.collection<ComplianceDocumentFileRecord>('complianceDocumentFiles');
  }

  private get shares() {
    return this.ctx.store.collection<ComplianceShareRecord>('complianceShares');
  }

  private async page(type: ComplianceDocumentType, scope: ListQuery['filter'], query: ListQuery, now: Date) {
    const filter = withStateConditions(query.filter, type, now);
    if (filter === null) throw new AppError(400, 'invalidRequest', { state: 'invalidRequest' });
    const result: ListResult<ComplianceDocumentRecord> = await this.documents.query({
      ...query,
      filter: allOf({ field: 'type', op: 'eq', value: type }, scope, filter),
    });
    return { ...result, items: result.items.map((document) => view(document, now)) };
  }

  /** The session organisation's documents of `type`. */
  async list(auth: AuthContext, type: ComplianceDocumentType, query: ListQuery, now = this.ctx.clock()) {
    const organizationId = sessionOrganization(auth);
    return this.page(type, { field: 'organizationId', op: 'eq', value: organizationId }, query, now);
  }

  /**
   * Stores a PDF with its validity (from the date entered: ASV scan date, AoC signature date). 413
   * `fileTooLarge`, 422 `pdfRequired` for anything pdf-lib cannot read, 409 `fileAlreadyExists` when
   * the organisation holds the same bytes already (either type), 422 `dateInFuture`.
   */
  async upload(
    auth: AuthContext,
    type: ComplianceDocumentType,
    validFrom: string,
    file: UploadedFile,
    now = this.ctx.clock(),
  ): Promise<ComplianceDocumentView> {
    const organizationId = sessionOrganization(auth);
    if (file.bytes.length > MAX_PDF_BYTES) throw new AppError(413, 'fileTooLarge');
    if (validFrom > dayOf(now)) throw new AppError(422, 'dateInFuture', { validFrom: 'errors.dateInFuture' });
    if (!(await isPdf(file.bytes))) throw new AppError(422, 'pdfRequired', { file: 'errors.pdfRequired' });
    const sha256 = createHash('sha256').update(file.bytes).digest('hex');
    const organization = await this.ctx.store.collection<OrganizationRecord>('organizations').get(organizationId);
    // one upload at a time per organisation: the duplicate check and the insert see the same files
    return this.ctx.store.withLock(`complianceDocuments.${organizationId}`, async () => {
      const same = await this.documents.query({
        filter: {
          and: [
            { field: 'organizationId', op: 'eq', value: organizationId },
            { field: 'sha256', op: 'eq', value: sha256 },
          ],
        },
        sort: [],
        page: 1,
        pageSize: 1,
      });
      if (same.items.length > 0) throw new AppError(409, 'fileAlreadyExists', { file: 'errors.fileAlreadyExists' });
      const id = crypto.randomUUID();
      const record: ComplianceDocumentRecord = {
        id,
        type,
        organizationId,
        merchantName: organization?.name ?? organizationId,
        fileName: storedName(file.originalName, type, validFrom),
        size: file.bytes.length,
        sha256,
        validFrom,
        validUntil: validUntilOf(type, validFrom),
        uploadedAt: now.toISOString(),
        uploadedBy: auth.user.id,
        uploadedByName: auth.user.name ?? auth.user.email,
      };
      // the bytes first: a document row never points at a missing file
      await this.ctx.store.transaction(async () => {
        await this.files.insert({ id, data: file.bytes.toString('base64') });
        await this.documents.insert(record);
      });
      return view(record, now);
    });
  }

  /** One of the session organisation's documents of `type`; another organisation's is 404 like a missing one. */
  private async own(auth: AuthContext, type: ComplianceDocumentType, id: string) {
    const document = await this.documents.get(id);
    if (!document || document.type !== type || document.organizationId !== sessionOrganization(auth)) {
      throw new AppError(404, 'complianceDocumentNotFound');
    }
    return document;
  }

  private async bytesOf(document: ComplianceDocumentRecord): Promise<DownloadedFile> {
    const file = await this.files.get(document.id);
    if (!file) throw new AppError(404, 'complianceDocumentNotFound');
    return { fileName: document.fileName, bytes: Buffer.from(file.data, 'base64') };
  }

  async download(auth: AuthContext, type: ComplianceDocumentType, id: string): Promise<DownloadedFile> {
    return this.bytesOf(await this.own(auth, type, id));
  }

  async remove(auth: AuthContext, type: ComplianceDocumentType, id: string): Promise<{ id: string }> {
    await this.own(auth, type, id);
    await this.ctx.store.transaction(async () => {
      await this.documents.remove(id);
      await this.files.remove(id);
    });
    return { id };
  }

  /** The organisations sharing their documents with the session's organisation (a bank). */
  private async sharingWith(bankId: string): Promise<string[]> {
    const { items } = await this.shares.query({
      filter: { field: 'bankId', op: 'eq', value: bankId },
      sort: [],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    return items.map((share) => share.organizationId);
  }

  /** A bank's list: the documents of `type` of every merchant sharing with the session's organisation. */
  async bankList(auth: AuthContext, type: ComplianceDocumentType, query: ListQuery, now = this.ctx.clock()) {
    const merchants = await this.sharingWith(sessionOrganization(auth));
    if (merchants.length === 0) return { items: [], total: 0 };
    return this.page(type, { field: 'organizationId', op: 'in', value: merchants }, query, now);
  }

  /** A shared document's file; a document not shared with the session's organisation is 404. */
  async bankDownload(auth: AuthContext, type: ComplianceDocumentType, id: string): Promise<DownloadedFile> {
    const document = await this.documents.get(id);
    const shared =
      document?.type === type &&
      (await this.shares.get(`${document.organizationId}:${sessionOrganization(auth)}`)) !== undefined;
    if (!document || !shared) throw new AppError(404, 'complianceDocumentNotFound');
    return this.bytesOf(document);
  }
}
