import { describe, expect, it } from 'vitest';
import { autoScanDue, nextDueDay } from '../../../core/portfolio/auto-scan';
import { DEFAULT_MERCHANT_SETTINGS } from '../../../core/portfolio/merchant-settings';

describe('auto scan schedule', () => {
  it('is due a day, a week or a calendar month after the last scan (UTC days)', () => {
    const last = new Date('2026-01-31T23:30:00Z');
    expect(nextDueDay(last, 'day')).toBe('2026-02-01');
    expect(nextDueDay(last, 'week')).toBe('2026-02-07');
    expect(nextDueDay(last, 'month')).toBe('2026-02-28');
    expect(nextDueDay(new Date('2026-03-15T02:00:00Z'), 'month')).toBe('2026-04-15');
  });

  it('starts the first scan at once, never when switched off', () => {
    const now = new Date('2026-05-01T02:00:00Z');
    expect(autoScanDue({ ...DEFAULT_MERCHANT_SETTINGS, autoScan: true }, now)).toBe(true);
    expect(autoScanDue(DEFAULT_MERCHANT_SETTINGS, now)).toBe(false);
    const weekly = { ...DEFAULT_MERCHANT_SETTINGS, autoScan: true, period: 'week' as const };
    expect(autoScanDue({ ...weekly, lastAutoScanAt: '2026-04-24T02:00:05Z' }, now)).toBe(true);
    expect(autoScanDue({ ...weekly, lastAutoScanAt: '2026-04-25T01:00:00Z' }, now)).toBe(false);
  });

  it('runs a monthly scan with a day of the month on that day, once a month', () => {
    const monthly = { ...DEFAULT_MERCHANT_SETTINGS, autoScan: true, scanDayOfMonth: 5 };
    expect(autoScanDue(monthly, new Date('2026-05-04T02:00:00Z'))).toBe(false);
    expect(autoScanDue(monthly, new Date('2026-05-05T02:00:00Z'))).toBe(true);
    // missed days still run; a scan on or after the 5th settles the month
    expect(autoScanDue({ ...monthly, lastAutoScanAt: '2026-04-05T02:00:00Z' }, new Date('2026-05-09T02:00:00Z'))).toBe(
      true,
    );
    expect(autoScanDue({ ...monthly, lastAutoScanAt: '2026-05-05T02:00:00Z' }, new Date('2026-05-30T02:00:00Z'))).toBe(
      false,
    );
  });
});
