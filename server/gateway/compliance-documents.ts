import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import { readUpload } from '../http/uploads';
import {
  COMPLIANCE_DOCUMENT_TYPES,
  type ComplianceDocumentType,
  MAX_PDF_BYTES,
} from '../../core/compliance/compliance-documents';
import type { Guard } from '../../core/guard/guard.types';
import { requireAuth } from '../auth/authenticate';
import { requireGuard } from '../auth/require-guard';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { listQueryOf } from '../http/list-query';
import { validate, validateParams } from '../http/validate';
import type { Services } from '../services';
import {
  COMPLIANCE_DOCUMENT_FIELDS,
  type DownloadedFile,
  NEWEST_UPLOAD_FIRST,
} from '../services/compliance-documents.service';
import { BANKS_BY_NAME, SHARE_FIELDS } from '../services/compliance-shares.service';
import { sendFile } from '../http/send-file';

const UUID = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const documentParams = validateParams({
  type: 'object',
  required: ['type'],
  properties: {
    type: { type: 'string', enum: [...COMPLIANCE_DOCUMENT_TYPES] },
    documentId: { type: 'string', pattern: UUID },
  },
});

/** The fields sent with an upload besides the file: the ASV scan date or the AoC's signature date. */
const uploadFieldsSchema = {
  type: 'object',
  required: ['validFrom'],
  additionalProperties: false,
  properties: { validFrom: { type: 'string', format: 'date', pattern: '^(19|20)[0-9]{2}-' } },
};

const bankParams = validateParams({
  type: 'object',
  required: ['bankId'],
  properties: { bankId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' } },
});
const shareSchema = {
  type: 'object',
  required: ['bankId'],
  additionalProperties: false,
  properties: { bankId: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$' } },
};

/** Who reads and uploads a merchant's documents of each type, and who reads the shared ones at a bank. */
const MERCHANT_GUARDS: Record<ComplianceDocumentType, Guard> = {
  asv: { anyOf: ['asvList:view'] },
  aoc: { anyOf: ['aocList:view'] },
};
const BANK_GUARDS: Record<ComplianceDocumentType, Guard> = {
  asv: { anyOf: ['asvManagement:view'] },
  aoc: { anyOf: ['aocManagement:view'] },
};

const UPLOAD_PATH = /^\/wbe\/api\/compliance-documents\/(asv|aoc)\/?$/;

/**
 * The one request whose body the route reads itself: a multipart upload of a compliance document.
 * `bodies()` leaves it unread (app.ts), so multer streams it with its own size cap.
 */
export function isComplianceUpload(req: Request): boolean {
  return req.method === 'POST' && UPLOAD_PATH.test(req.baseUrl + req.path) && req.is('multipart/form-data') !== false;
}

/** One PDF under the field `file`, at most MAX_PDF_BYTES, and a few small text fields; held in memory. */
const readPdfUpload = readUpload({ maxBytes: MAX_PDF_BYTES, tooLargeCode: 'fileTooLarge', fields: 4 });

const send = (res: Response, file: DownloadedFile) => sendFile(res, { ...file, contentType: 'application/pdf' });

const typeOf = (req: Request) => String(req.params.type) as ComplianceDocumentType;
const idOf = (req: Request) => String(req.params.documentId);

/**
 * ASV scan reports and AoCs under /wbe/api (docs/gateway/wbe-compliance.md 'Compliance documents and sharing'): the
 * merchant's own (`/compliance-documents/:type`), the shares with banks (`/userComplianceShares`, shell
 * §7) and a bank's view of what merchants share with it (`/management-saq/documents/:type`).
 */
export function complianceDocumentsRouter(ctx: AppContext, services: Services, signedIn: RequestHandler[]): Router {
  const router = express.Router();
  const { complianceDocuments: documents, complianceShares: shares } = services;
  /** The type's guard, judged after the path was checked. */
  const byType = (guards: Record<ComplianceDocumentType, Guard>): RequestHandler => {
    const checks = { asv: requireGuard(ctx, guards.asv), aoc: requireGuard(ctx, guards.aoc) };
    return (req, res, next) => checks[typeOf(req)](req, res, next);
  };
  const merchant = [...signedIn, documentParams, byType(MERCHANT_GUARDS)];
  const bank = [...signedIn, documentParams, requireGuard(ctx, { group: 'bank' }), byType(BANK_GUARDS)];
  const sharing = [...signedIn, requireGuard(ctx, { anyOf: ['sharingManagement:view'] })];

  router.get('/compliance-documents/:type', ...merchant, async (req, res) => {
    const query = listQueryOf(req.query, COMPLIANCE_DOCUMENT_FIELDS, NEWEST_UPLOAD_FIRST);
    res.json({ content: await documents.list(requireAuth(req), typeOf(req), query) });
  });

  // guards first, then the body: nobody makes the server read a file it would refuse anyway
  router.post(
    '/compliance-documents/:type',
    ...merchant,
    readPdfUpload,
    validate(uploadFieldsSchema),
    async (req, res) => {
      if (!req.file) throw new AppError(422, 'fileRequired', { file: 'errors.fileRequired' });
      const file = { originalName: req.file.originalname, bytes: req.file.buffer };
      res
        .status(201)
        .json({ content: await documents.upload(requireAuth(req), typeOf(req), req.body.validFrom, file) });
    },
  );

  router.get('/compliance-documents/:type/:documentId/file', ...merchant, async (req, res) => {
    send(res, await documents.download(requireAuth(req), typeOf(req), idOf(req)));
  });

  router.delete('/compliance-documents/:type/:documentId', ...merchant, async (req, res) => {
    res.json({ content: await documents.remove(requireAuth(req), typeOf(req), idOf(req)) });
  });

  router.get('/management-saq/documents/:type', ...bank, async (req, res) => {
    const query = listQueryOf(req.query, COMPLIANCE_DOCUMENT_FIELDS, NEWEST_UPLOAD_FIRST);
    res.json({ content: await documents.bankList(requireAuth(req), typeOf(req), query) });
  });

  router.get('/management-saq/documents/:type/:documentId/file', ...bank, async (req, res) => {
    send(res, await documents.bankDownload(requireAuth(req), typeOf(req), idOf(req)));
  });

  router.get('/userComplianceShares', ...sharing, async (req, res) => {
    res.json({ content: await shares.list(requireAuth(req), listQueryOf(req.query, SHARE_FIELDS, BANKS_BY_NAME)) });
  });

  router.post('/userComplianceShares', ...sharing, validate(shareSchema), async (req, res) => {
    res.status(201).json({ content: await shares.start(requireAuth(req), req.body.bankId) });
  });

  router.delete('/userComplianceShares/:bankId', ...sharing, bankParams, async (req, res) => {
    res.json({ content: await shares.stop(requireAuth(req), String(req.params.bankId)) });
  });

  return router;
}
