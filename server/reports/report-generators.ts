import type { ReportKind } from '../../core/reports/report.types';
import type { AppContext } from '../context';
import type { ReportRecord } from '../store/records.types';
import { mailDeliveryReport } from './mail-delivery-report';

/** A generated file: what the download answers with. */
export interface ReportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export type ReportGenerator = (ctx: AppContext, report: ReportRecord) => Promise<ReportFile>;

/** One generator per report kind; a new kind is one entry here and in core's REPORT_KINDS. */
export const REPORT_GENERATORS: Record<ReportKind, ReportGenerator> = {
  mailDelivery: mailDeliveryReport,
};
