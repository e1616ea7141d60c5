/**
 * Reports the server generates in the background and the browser downloads from
 * `GET /wbe/api/download/report/:report_id` (shell §7): 202 while it is being generated, the file
 * once it is ready (docs/gateway/wbe.md 'Administration, analytics, mail, reports').
 */
export const REPORT_KINDS = [
  'mailDelivery',
  'portfolioRisk',
  'complianceStatus',
  'vendorAssessment',
  'mmspIntegrity',
  'awareness',
] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

/**
 * Kinds that describe the portfolio as it is when asked for (a PDF from a report template), made at
 * once; the others cover a calendar month and wait for its end.
 */
export const SNAPSHOT_REPORT_KINDS: readonly ReportKind[] = [
  'portfolioRisk',
  'complianceStatus',
  'vendorAssessment',
  'mmspIntegrity',
  'awareness',
];
/**
 * What `POST /wbe/api/reports` asks for: awareness reports are made by an admin's batch for other
 * organisations (docs/domain/reports.md 'Awareness reports'), never for the caller's own.
 */
export const REQUESTABLE_REPORT_KINDS: readonly ReportKind[] = REPORT_KINDS.filter((kind) => kind !== 'awareness');
export const REQUESTABLE_SNAPSHOT_KINDS: readonly ReportKind[] = SNAPSHOT_REPORT_KINDS.filter(
  (kind) => kind !== 'awareness',
);
export const isSnapshotKind = (kind: ReportKind): boolean => SNAPSHOT_REPORT_KINDS.includes(kind);

export const REPORT_STATES = ['generating', 'ready', 'failed'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** A report as its owner lists it; the file itself is only downloaded. */
export interface ReportView {
  id: string;
  kind: ReportKind;
  /** The calendar month it covers, `yyyy-MM` (UTC). */
  period: string;
  state: ReportState;
  createdAt: string;
  readyAt?: string;
  fileName?: string;
  /** Bytes of the file once ready. */
  size?: number;
  /** How far the job is, 0–100, while it is being generated. */
  progress?: number;
  /** The report template it is drawn with (PDF kinds). */
  templateId?: string;
  /** The one portfolio merchant it covers, when not the whole portfolio. */
  merchantId?: string;
  /** Awareness reports: the batch that made it, and the organisation it describes. */
  batchId?: string;
  batchName?: string;
  subjectName?: string;
  subjectKind?: OrganizationKind;
}

/** An organisation as awareness batches pick them: a bank, or anyone else (merchants and companies). */
export const ORGANIZATION_KINDS = ['bank', 'merchant'] as const;
export type OrganizationKind = (typeof ORGANIZATION_KINDS)[number];

/** What asking for a report sends (`POST /wbe/api/reports`). */
export interface ReportRequest {
  kind: ReportKind;
  /** Required for monthly kinds; a snapshot kind covers the month it is asked in. */
  period?: string;
  /** Snapshot kinds: the template to draw with (default: the organisation's default template). */
  templateId?: string;
  /** `complianceStatus`: one merchant of the portfolio instead of all of it. */
  merchantId?: string;
}
