/**
 * Reports the server generates in the background and the browser downloads from
 * `GET /wbe/api/download/report/:report_id` (shell §7): 202 while it is being generated, the file
 * once it is ready (docs/gateway/wbe.md 'Administration, analytics, mail, reports').
 */
export const REPORT_KINDS = ['mailDelivery'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

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
}

/** What asking for a report sends (`POST /wbe/api/reports`). */
export interface ReportRequest {
  kind: ReportKind;
  period: string;
}
