import type { ConfigDocument } from '../../core/documents/document.types';
import type {
  NotificationGroup,
  NotificationPayload,
  NotificationStatus,
} from '../../core/notifications/notification.types';
import type { OrganizationKind, ReportKind, ReportState } from '../../core/reports/report.types';
import type { RereadFlag } from '../../core/questionnaire/reread';
import type { Compliance } from '../../core/saq/saq-summary';
import type { ReviewOutcome } from '../../core/saq/saq-records';
import type { DateFormat } from '../../core/dates/date-formats';

/** A user account as stored (never sent as is: see auth/session.ts for the public shape). */
export interface UserRecord {
  /** The user's uuid; also `user.id` and `user.uuid` in a LoginResponse. */
  id: string;
  email: string;
  name: string;
  company?: string;
  phone?: string;
  website?: string;
  passwordHash: string;
  /**
   * Every role and permission the user holds in any organisation (the union of the memberships'), for
   * look-ups across organisations such as the users list. A guard never reads them: it reads one
   * membership (server/auth/memberships.ts).
   */
  roles: string[];
  permissions: string[];
  /**
   * What the user holds in each of their organisations, by organisation id: roles and permissions are
   * per membership. Absent on an account stored before that (each organisation holds `roles`).
   */
  memberships?: Record<string, Membership>;
  verified: boolean;
  approved: boolean;
  site_language: 'en' | 'tr';
  report_language?: 'en' | 'tr';
  theme: 'dark' | 'light';
  timezone: string | null;
  /** The user's own date format (core/dates/date-formats.ts); absent or null: the shell settings' default. */
  date_format?: DateFormat | null;
  avatar: string | null;
  commercial_consent?: boolean;
  /** Settings → Notifications: which mails the user wants (absent: the defaults of the form). */
  notifications?: NotificationPreferences;
  /** 'default' or 'pcichecklist' (shell §6 landing rule 4). */
  platform: 'default' | 'pcichecklist';
  packages: string[];
  organizationIds: string[];
  /** LoginResponse.data flags (`hasSites` is not stored: it is derived from the `sites` collection). */
  data: { bankAccount?: boolean; bramOnly?: boolean; fullOnboarding?: boolean; tutorials?: unknown };
  twoFactor: { enabled: boolean; secret?: string; pendingSecret?: string };
  /** The last TOTP time step a code was accepted for: no code of it or before is taken again (server/auth/totp.ts). */
  totpLastStep?: number;
  /** The affiliate the user came through (X-AFF-ID, first one wins; server/gateway/affiliate.ts). */
  affiliateId?: string;
  /** Bumped to end every session issued before (server/auth/session-generation.ts); absent = 0. */
  sessionGeneration?: number;
  createdAt: string;
  approvedAt?: string;
  approvedBy?: string;
}

/** What a user holds in one organisation. */
export interface Membership {
  roles: string[];
  permissions: string[];
}

export interface NotificationPreferences {
  email?: boolean;
  reports?: boolean;
  news?: boolean;
}

export interface OrganizationRecord {
  id: string;
  name: string;
  /** 'bank': merchants submit SAQs to it (GET /saq/api/v1/banks) and share compliance documents with it. */
  kind?: 'bank';
  /** Shell §2.4: the variant of the transaction-monitoring screens; unset means the shell-settings default. */
  transactionMonitoringMode?: 'acquirer' | 'alternate';
  /** Transactions one ingest key may send per window; unset means the deployment's (server/services/tm-ingest-budget.ts). */
  tmIngestLimit?: number;
  /** Administration → Banks: false once deactivated (no longer offered to merchants); absent means active. */
  active?: boolean;
  /** The licence (Administration → Package usage): package name, seats and period (`yyyy-MM-dd`). */
  package?: string;
  seats?: number;
  licenceStart?: string;
  licenceEnd?: string;
  createdAt?: string;
}

/** A merchant's web site (shell §3 'Site'); it belongs to one organisation. */
export interface SiteRecord {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
}

/** A single-use link token; `id` is the sha256 of the mailed token so a leaked file grants nothing. */
export interface TokenRecord {
  id: string;
  type: 'verify' | 'reset';
  userId: string;
  expiresAt: string;
  createdAt: string;
  usedAt?: string;
}

/** A session token ended by a logout before its expiry, by its `jti`; removed once it would have expired anyway. */
export interface RevokedSessionRecord {
  id: string;
  userId: string;
  revokedAt: string;
  expiresAt: string;
}

export interface MailLogRecord {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** queued: waiting for its delivery job; logged: no SMTP server configured, so kept here only. */
  status: 'queued' | 'logged' | 'sent' | 'failed';
  createdAt: string;
  /** Delivery attempts made so far. */
  attempts?: number;
  /** The last attempt's error (kept while retries remain, and when it failed for good). */
  error?: string;
}

export interface ErrorReportRecord {
  id: string;
  /** 'fileUpload': a failed upload the browser reported (POST /wbe/api/user/log/error/file_upload); else the error page's report. */
  kind?: 'fileUpload';
  page_url: string;
  error_reason: string;
  endpoint?: string;
  userId?: string;
  /** The selected site (X-SITE-ID) when it is one of the reporter's sites. */
  siteId?: string;
  createdAt: string;
}

/** A generated report (core/reports); its bytes are in `reportFiles` under the same id. */
export interface ReportRecord {
  id: string;
  ownerId: string;
  kind: ReportKind;
  period: string;
  state: ReportState;
  /** The owner's report language when asked for: the file's texts and name. */
  language: 'en' | 'tr';
  createdAt: string;
  readyAt?: string;
  fileName?: string;
  contentType?: string;
  size?: number;
  /** 0–100 while the job runs. */
  progress?: number;
  /** The session organisation it was asked in: whose portfolio and templates it reads. */
  organizationId?: string;
  templateId?: string;
  /** The organisation whose template it is drawn with, when not `organizationId` (an admin's awareness batch). */
  templateOrganizationId?: string;
  merchantId?: string;
  /** Awareness reports: the batch that made it (resource `awareness-batch`) and the organisation it describes. */
  batchId?: string;
  batchName?: string;
  subjectName?: string;
  subjectKind?: OrganizationKind;
}

export interface ReportFileRecord {
  id: string;
  /** The file, base64. */
  data: string;
}

export interface AuditLogRecord {
  id: string;
  at: string;
  actor: string;
  action: 'draft.create' | 'draft.update' | 'publish' | 'retire';
  kind: string;
  docId: string;
  version: number;
  /** The version that was published before and is now retired. */
  retiredVersion?: number;
  hash: string;
}

/**
 * Page views of one route on one UTC day, counted up (never one record per view): id
 * `<day> <route>`. The route is the routes document's pattern (`/app/things/:id`), never the path
 * itself, so no record id or e-mail in a path is kept; no user is named either.
 */
export interface PageViewRecord {
  id: string;
  /** yyyy-MM-dd, UTC */
  day: string;
  route: string;
  views: number;
  signedIn: number;
  anonymous: number;
}

/**
 * One line of the impersonation audit trail (shell §4): an admin took over a user's session, or
 * gave it back. E-mail addresses are as they were at that moment, for reading the trail later.
 */
export interface ImpersonationRecord {
  id: string;
  action: 'takeOver' | 'return';
  at: string;
  adminId: string;
  adminEmail: string;
  userId: string;
  userEmail: string;
  /** A return names its take-over (the session token carries its id). */
  takeOverId?: string;
}

/**
 * SMTP settings an admin saved (Administration → SMTP settings): they override SMTP_HOST/SMTP_PORT
 * at every delivery. `pass` is write-only: no answer ever carries it.
 */
export interface SmtpSettingsRecord {
  id: 'smtp';
  host: string;
  port: number;
  secure?: boolean;
  user?: string;
  pass?: string;
  from?: string;
  updatedAt?: string;
  updatedBy?: string;
}

/** A config document version; the record id is `kind/id/version` because `id` names the document. */
export interface DocumentRecord {
  id: string;
  document: ConfigDocument;
}

/** A user's progress through one wizard; id `<userId>/<wizardId>`, pinned to the definition version. */
export interface WizardProgressRecord {
  id: string;
  userId: string;
  wizardId: string;
  definition: { id: string; version: number };
  step: string;
  answers: Record<string, Record<string, unknown>>;
  createdAt: string;
  updatedAt: string;
}

/**
 * A merchant user's SAQ (collection `saqs`), pinned to the questionnaire document version it was
 * started with; one per user (a new SAQ deletes the previous one, domain §4).
 */
export interface SaqRecord {
  id: string;
  userId: string;
  /** The site chosen in the SAQ side menu when it was started, if any. */
  siteId: string | null;
  saqType: string;
  document: { id: string; version: number };
  status: string;
  /** The section id the user was last on (resumed there). */
  lastStep: string | null;
  answers: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  completedAt: string | null;
  /** Set when completed with answers missing after the continue-anyway prompt. */
  missingAtCompletion: string[];
  /** The questionnaire's `standard.version` (records older than signing lack the fields below). */
  standardVersion?: string;
  /** The session's organisation when it was started: the merchant. */
  organizationId?: string | null;
  /** Declared in Part 3, recorded on completion. */
  compliance?: Compliance | null;
  signer?: { name: string; title: string } | null;
  signedAt?: string | null;
  /** The signed attestation's file (its bytes: collection `saqAttestations`). */
  attestation?: { fileName: string; size: number; sha256: string } | null;
  /** signedAt + one year. */
  expiresAt?: string | null;
  submittedAt?: string | null;
  /** The bank organisation it was submitted to, and (denormalised for the bank's lists) who sent it. */
  bankId?: string | null;
  bankName?: string | null;
  merchantName?: string | null;
  merchantEmail?: string | null;
  level?: number | null;
  /** The bank's decision (workflow `validate` / `return`), cleared by the next submission. */
  validatedCompliance?: ReviewOutcome | null;
  /** The bank's note to the merchant (required when returning). */
  bankNote?: string | null;
  reviewedAt?: string | null;
  /** The name of the bank user who decided. */
  reviewedBy?: string | null;
  /** The PCI request the submission answers (picked at submission; domain §5). */
  pciRequestId?: string | null;
  /** Answers a migration carried to a question that reads differently: to re-read (docs/domain/saq.md). */
  reread?: RereadFlag[];
}

/** A signed SAQ's attestation PDF (id = the SAQ's id), kept in the store: instances share no disk. */
export interface SaqAttestationRecord {
  id: string;
  saqId: string;
  fileName: string;
  size: number;
  sha256: string;
  pdfBase64: string;
}

/** The PCI DSS level wizard's outcome for a user (id = the user's id: the latest result counts). */
export interface SaqLevelResultRecord {
  id: string;
  userId: string;
  level: 1 | 2 | 3 | 4;
  /** What the published level wizard's `outcome.saqType` yielded; null when it names none. */
  saqType: string | null;
  answers: Record<string, unknown>;
  createdAt: string;
}

/** A notification for one user (server/services/notifications.ts); the gateway answers NotificationView. */
export interface NotificationRecord {
  /** Sorts by creation (`order[id]=desc` is newest first): milliseconds, a sequence, a random tail. */
  id: string;
  uuid: string;
  /** The receiving user's id (receiverExternalId in the API). */
  receiverId: string;
  createdAt: string;
  statusStr: NotificationStatus;
  readAt?: string;
  groups: NotificationGroup[];
  /** The groups' values, so lists filter on them with `eq` (contains). */
  groupValues: string[];
  /** False when the only group is 'ignore' (shell §5): kept and sent in real time, never listed. */
  shown: boolean;
  payload: NotificationPayload;
}

/** An ASV scan report or AoC a merchant organisation uploaded (server/services/compliance-documents.service.ts). */
export interface ComplianceDocumentRecord {
  id: string;
  type: 'asv' | 'aoc';
  organizationId: string;
  /** The organisation's name when uploaded, so banks' lists filter and sort on it. */
  merchantName: string;
  fileName: string;
  size: number;
  /** sha256 of the bytes, hex: the same file twice in one organisation is refused. */
  sha256: string;
  /** `yyyy-MM-dd`: the ASV scan date or the AoC's signature date. */
  validFrom: string;
  /** `yyyy-MM-dd`: the first day it is no longer valid. */
  validUntil: string;
  uploadedAt: string;
  uploadedBy: string;
  uploadedByName: string;
}

/** A compliance document's bytes, base64 (the store, so every instance serves it). */
export interface ComplianceDocumentFileRecord {
  id: string;
  data: string;
}

/** A merchant organisation shares its compliance documents with a bank (id `<organizationId>:<bankId>`). */
export interface ComplianceShareRecord {
  id: string;
  organizationId: string;
  bankId: string;
  createdAt: string;
  createdBy: string;
}

/** A request ID a bank generated (docs/gateway/wbe-compliance.md 'PCI requests and request IDs'); `used` counts the organisations that entered it. */
export interface PciRequestIdRecord {
  id: string;
  /** What merchants type: `PCI-XXXX-XXXX`, unique across banks. */
  code: string;
  /** The bank's organisation. */
  organizationId: string;
  bankName: string;
  /** `yyyy-MM-dd`, the last day: the merchant's validation is due then and the code can no longer be entered after it. */
  dueDate: string;
  /** How many merchant organisations may enter it. */
  limit: number;
  used: number;
  note: string | null;
  revoked: boolean;
  createdAt: string;
  createdBy: string;
  createdByName: string;
}

/** A merchant organisation's PCI request to a bank, opened by entering a request ID. */
export interface PciRequestRecord {
  id: string;
  requestIdId: string;
  requestCode: string;
  bankId: string;
  bankName: string;
  /** The merchant's organisation. */
  organizationId: string;
  merchantName: string;
  dueDate: string;
  createdAt: string;
  createdBy: string;
  createdByEmail: string;
  /** The SAQ submitted for this request (picked at submission), if any. */
  answeredBy: string | null;
}

/**
 * A file given as an answer (POST /wbe/api/files): its bytes are a real file under DATA_DIR/files/<id>;
 * answers keep `{ id, name, size, type, sha256 }` only. `dedupeKey` (`<ownerId>:<scope>:<sha256>`) finds
 * the same bytes uploaded again by the same owner for the same scope.
 */
export interface UploadedFileRecord {
  id: string;
  ownerId: string;
  scope: string;
  name: string;
  size: number;
  type: string;
  kind: string;
  sha256: string;
  dedupeKey: string;
  uploadedAt: string;
}

/**
 * A file one organisation sent another (docs/domain/files.md 'Secure file transfer'): the bytes are an
 * uploaded file (`fileId`, kept under DATA_DIR/files); deleting marks the record, never the bytes.
 */
export interface FileTransferRecord {
  id: string;
  fileId: string;
  name: string;
  size: number;
  type: string;
  sha256: string;
  description?: string;
  senderOrganizationId: string;
  senderOrganizationName: string;
  senderId: string;
  senderName: string;
  recipientOrganizationId: string;
  recipientOrganizationName: string;
  sentAt: string;
  downloads: number;
  lastDownloadedAt?: string;
  deleted: boolean;
  deletedAt?: string;
  deletedBy?: string;
  deletedByName?: string;
}

/** One download of a transferred file: who, for which organisation, when (the transfer's audit). */
export interface FileTransferDownloadRecord {
  id: string;
  transferId: string;
  fileName: string;
  senderOrganizationId: string;
  recipientOrganizationId: string;
  userId: string;
  userName: string;
  organizationId: string;
  organizationName: string;
  downloadedAt: string;
}

/** A guide of the user guide (docs/domain/files.md 'User guide'): an uploaded file or a link (a video), with its type. */
export interface UserGuideRecord {
  id: string;
  title: string;
  guideType: string;
  language: string;
  description?: string;
  fileId?: string;
  name?: string;
  size?: number;
  type?: string;
  sha256?: string;
  link?: string;
  uploadedAt: string;
  uploadedBy: string;
  uploadedByName: string;
  deleted: boolean;
  deletedAt?: string;
  deletedBy?: string;
  deletedByName?: string;
}

/** An organisation's plan of one price list (id `<organizationId>.<group>`): its tier and annual period. */
export interface SubscriptionRecord {
  id: string;
  organizationId: string;
  group: string;
  tier: string;
  periodStart: string;
  periodEnd: string;
  purchaseId: string;
  updatedAt: string;
}
