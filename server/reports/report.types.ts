import type { AppContext } from '../context';
import type { ReportRecord } from '../store/records.types';

/** A generated file: what the download answers with. */
export interface ReportFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

/** Tells how far the job is (0–100): the report's `progress`, heard live by the owner's list. */
export type ReportProgress = (percent: number) => Promise<void>;

/** A finding of the month's MMSP review, as the integrity report prints it. */
export interface MmspReviewFinding {
  key?: unknown;
  merchantId?: unknown;
  merchantName?: unknown;
  merchantUrl?: unknown;
  section?: unknown;
  category?: unknown;
  state: string;
  month: string;
}

/**
 * The services a report reads through when the store alone does not say it: the MMSP review makes its
 * findings (MmspService.reviewOf answers it; said here by shape, so reports/ needs nothing of services/).
 */
export interface ReportSources {
  mmsp: {
    reviewOf(
      organizationId: string,
      userId: string,
    ): Promise<{
      month: string;
      findings: MmspReviewFinding[];
      settings?: { icaNumber: string; submitterName: string; submitterEmail: string };
    }>;
  };
}

export type ReportGenerator = (
  ctx: AppContext,
  report: ReportRecord,
  progress: ReportProgress,
  sources: ReportSources,
) => Promise<ReportFile>;
