import type { AppContext } from '../context';
import type { MmspService } from '../services/mmsp.service';
import type { ReportRecord } from '../store/records.types';

/** A generated file: what the download answers with. */
export interface ReportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Tells how far the job is (0–100): the report's `progress`, heard live by the owner's list. */
export type ReportProgress = (percent: number) => Promise<void>;

/** The services a report reads through when the store alone does not say it (the MMSP review makes its findings). */
export interface ReportSources {
  mmsp: Pick<MmspService, 'reviewOf'>;
}

export type ReportGenerator = (
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
  sources: ReportSources,
) => Promise<ReportFile>;
