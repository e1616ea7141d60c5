import type { AppContext } from '../context';
import type { Language } from '../http/i18n';
import type { ReportRecord } from '../store/records.types';
import { createNotification } from './notifications';

/** Notifications about reports (the bell's `report` group, shell §3). */
export class ReportNotices {
  constructor(private readonly ctx: AppContext) {}

  /** The owner hears the report is ready; the link opens the reports list where it downloads. */
  async ready(report: ReportRecord): Promise<void> {
    // a batch's reports are told once, when the whole batch is done (batchFinished)
    if (report.batchId) return;
    const texts = (language: Language) => {
      const values = { kind: this.ctx.translator.t(language, `reports.kinds.${report.kind}`), period: report.period };
      return {
        title: this.ctx.translator.t(language, 'reports.readyNotice.title', values),
        description: this.ctx.translator.t(language, 'reports.readyNotice.description', values),
        url: '/app/reports',
      };
    };
    await createNotification(this.ctx, {
      receiverId: report.ownerId,
      groups: [{ groupValue: 'report', groupKey: 'reportReady' }],
      payload: { ...texts('en'), tr: texts('tr'), report_id: report.id },
    });
  }

  /** The admin who made an awareness batch hears it is done, with how many reports were made and failed. */
  async batchFinished(batch: { id: string; name: string; createdBy: string; done: number; failed: number }) {
    const texts = (language: Language) => {
      const values = { name: batch.name, done: String(batch.done), failed: String(batch.failed) };
      return {
        title: this.ctx.translator.t(language, 'awareness.notice.title', values),
        description: this.ctx.translator.t(language, 'awareness.notice.description', values),
        url: '/app/admin/awareness-reports/batch-management',
      };
    };
    await createNotification(this.ctx, {
      receiverId: batch.createdBy,
      groups: [{ groupValue: 'report', groupKey: 'awarenessBatchFinished' }],
      payload: { ...texts('en'), tr: texts('tr') },
    });
  }
}
