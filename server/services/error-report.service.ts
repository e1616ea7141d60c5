import type { AppContext } from '../context';
import type { ErrorReportRecord } from '../store/records.types';

export interface ErrorReportInput {
  page_url: string;
  error_reason: string;
  endpoint?: string;
}

/** Reports sent by the error page's report button (and failed uploads). */
export class ErrorReportService {
  constructor(private readonly ctx: AppContext) {}

  async report(input: ErrorReportInput, userId?: string, siteId?: string): Promise<{ id: string }> {
    const record = await this.ctx.store.collection<ErrorReportRecord>('errorReports').insert({
      id: crypto.randomUUID(),
      page_url: input.page_url,
      error_reason: input.error_reason,
      ...(input.endpoint ? { endpoint: input.endpoint } : {}),
      ...(userId ? { userId } : {}),
      ...(siteId ? { siteId } : {}),
      createdAt: this.ctx.clock().toISOString(),
    });
    return { id: record.id };
  }

  /** A failed upload as the browser saw it (shell §7 POST /user/log/error/file_upload): kept with the reports. */
  async fileUpload(input: Required<ErrorReportInput>, userId?: string, siteId?: string): Promise<{ id: string }> {
    const record = await this.ctx.store.collection<ErrorReportRecord>('errorReports').insert({
      id: crypto.randomUUID(),
      kind: 'fileUpload',
      page_url: input.page_url,
      endpoint: input.endpoint,
      error_reason: input.error_reason,
      ...(userId ? { userId } : {}),
      ...(siteId ? { siteId } : {}),
      createdAt: this.ctx.clock().toISOString(),
    });
    return { id: record.id };
  }
}
