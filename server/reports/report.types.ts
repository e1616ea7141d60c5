import type { AppContext } from '../context';
import type { ReportRecord } from '../store/records.types';

/** A generated file: what the download answers with. */
export interface ReportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export type ReportGenerator = (ctx: AppContext, report: ReportRecord) => Promise<ReportFile>;
