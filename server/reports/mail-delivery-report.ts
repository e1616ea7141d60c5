import { dayOf, shiftDays } from '../../core/dates/days';
import { MAX_PAGE_SIZE } from '../../core/query/query.types';
import { periodEnd, periodStart } from '../../core/reports/report.utils';
import type { AppContext } from '../context';
import type { MailLogRecord, ReportRecord } from '../store/records.types';
import type { ReportFile } from './report.types';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const STATUSES = ['sent', 'logged', 'queued', 'failed'] as const;

/** Every mail written in [from, to), a page at a time through the store's query. */
async function mailsBetween(ctx: AppContext, from: Date, to: Date): Promise<MailLogRecord[]> {
  const mails: MailLogRecord[] = [];
  for (let page = 1; ; page += 1) {
    const { items } = await ctx.store.query<MailLogRecord>('mailLogs', {
      filter: {
        and: [
          { field: 'createdAt', op: 'gte', value: from.toISOString() },
          { field: 'createdAt', op: 'lt', value: to.toISOString() },
        ],
      },
      sort: [{ field: 'createdAt', direction: 'asc' }],
      page,
      pageSize: MAX_PAGE_SIZE,
    });
    mails.push(...items);
    if (items.length < MAX_PAGE_SIZE) return mails;
  }
}

/**
 * The admins' monthly mail-delivery report: mails written per day of the month by delivery status,
 * then every mail (time, recipient, subject, status), in the owner's report language.
 */
export async function mailDeliveryReport(ctx: AppContext, report: ReportRecord): Promise<ReportFile> {
  const t = (key: string, values?: Record<string, string>) =>
    ctx.translator.t(report.language, `reports.mailDelivery.${key}`, values);
  const from = periodStart(report.period);
  const to = periodEnd(report.period);
  const mails = await mailsBetween(ctx, from, to);

  const days = new Map<string, Record<(typeof STATUSES)[number], number>>();
  for (let day = new Date(from); day < to; day = shiftDays(day, 1)) {
    days.set(dayOf(day), { sent: 0, logged: 0, queued: 0, failed: 0 });
  }
  for (const mail of mails) {
    const counts = days.get(mail.createdAt.slice(0, 10));
    if (counts) counts[mail.status] += 1;
  }
  const statusTitles = STATUSES.map((status) => t(`status.${status}`));
  const summary = [
    [t('day'), t('written'), ...statusTitles],
    ...[...days].map(([day, counts]) => [
      day,
      STATUSES.reduce((sum, status) => sum + counts[status], 0),
      ...STATUSES.map((status) => counts[status]),
    ]),
  ];
  const list = [
    [t('time'), t('to'), t('subject'), t('statusTitle')],
    ...mails.map((mail) => [mail.createdAt, mail.to, mail.subject, t(`status.${mail.status}`)]),
  ];

  // xlsx on first use: heavy to load, and only report generation writes with it
  const XLSX = await import('xlsx');
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(summary), t('summarySheet').slice(0, 31));
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(list), t('mailsSheet').slice(0, 31));
  const bytes = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
  return { fileName: `${t('fileName', { period: report.period })}.xlsx`, contentType: XLSX_TYPE, bytes };
}
