import { shiftDays, startOfUtcDay } from '../../core/dates/days';
import { type Filter, MAX_PAGE_SIZE } from '../../core/query/query.types';
import type { AppContext } from '../context';
import type { MailLogRecord } from '../store/records.types';

/** The UTC day (yyyy-MM-dd) of an ISO time. */
const dayOf = (iso: string) => iso.slice(0, 10);

/**
 * Figures for the dashboard's admin stat cards and charts (GET /wbe/api/dashboard/stats), read
 * with the store's declarative query so a SQL adapter counts where the data lives. User counts are
 * list totals: exact up to COUNT_CAP, beyond it COUNT_CAP with `capped` (the card shows "10,000+").
 */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  /** A count as the list contract gives it: exact up to COUNT_CAP, a lower bound (`capped`) beyond. */
  private async count(name: 'users' | 'mailLogs', filter: Filter): Promise<{ count: number; capped?: true }> {
    const { total, totalCapped } = await this.ctx.store.query(name, { filter, sort: [], page: 1, pageSize: 1 });
    return totalCapped ? { count: total, capped: true } : { count: total };
  }

  async stats(days: number, now = this.ctx.clock()) {
    const pendingApproval = await this.count('users', {
      and: [
        { field: 'verified', op: 'eq', value: true },
        { field: 'approved', op: 'eq', value: false },
      ],
    });
    const unverified = await this.count('users', { field: 'verified', op: 'eq', value: false });
    const approved = await this.count('users', { field: 'approved', op: 'eq', value: true });

    // this window and the one before it, for the change shown beside the count
    const start = startOfUtcDay(shiftDays(now, -(days - 1)));
    const previousStart = shiftDays(start, -days).toISOString();
    const { items } = await this.ctx.store.query<MailLogRecord>('mailLogs', {
      filter: { field: 'createdAt', op: 'gte', value: previousStart },
      sort: [],
      page: 1,
      pageSize: MAX_PAGE_SIZE,
    });
    const inWindow = items.filter((log) => log.createdAt >= start.toISOString());
    const byDay = Array.from({ length: days }, (_, index) => ({
      day: dayOf(shiftDays(start, index).toISOString()),
      sent: 0,
      logged: 0,
      failed: 0,
    }));
    const slot = new Map(byDay.map((entry) => [entry.day, entry]));
    for (const log of inWindow) {
      const entry = slot.get(dayOf(log.createdAt));
      // a mail waiting for delivery is so far only in the log
      if (entry) entry[log.status === 'queued' ? 'logged' : log.status] += 1;
    }
    const written = inWindow.length;
    return {
      days,
      users: {
        pendingApproval: pendingApproval.count,
        ...(pendingApproval.capped && { pendingApprovalCapped: true }),
        byStatus: [
          { status: 'approved', ...approved },
          { status: 'pendingApproval', ...pendingApproval },
          { status: 'unverified', ...unverified },
        ],
      },
      mail: {
        written,
        delta: written - (items.length - written),
        failed: inWindow.filter((log) => log.status === 'failed').length,
        byDay,
      },
    };
  }
}
