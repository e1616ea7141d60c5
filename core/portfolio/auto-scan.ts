/**
 * A merchant's automatic scan schedule (domain §2 'settings: auto scan', §9 'Scan schedule periods
 * day, week, month'): the daily job starts a scan of every merchant whose period has passed since
 * its last automatic scan. Days are UTC calendar days, so a job that runs a little earlier one day
 * than the day before still finds yesterday's scan due. Pure.
 */

import { addDays, addMonths, dayOf } from '../dates/days';
import type { MerchantSettings } from './merchant-settings';

export const SCAN_PERIODS = ['day', 'week', 'month'] as const;
export type ScanPeriod = (typeof SCAN_PERIODS)[number];

/** The UTC day (yyyy-mm-dd) the next automatic scan is due after one on `last`. */
export function nextDueDay(last: Date, period: ScanPeriod): string {
  const day = dayOf(last);
  if (period === 'day') return addDays(day, 1);
  if (period === 'week') return addDays(day, 7);
  // the 31st of January is followed by the last day of February, not by 3 March
  if (period === 'month') return addMonths(day, 1);
  return day;
}

/** Whether the daily job at `now` starts this merchant's scan. */
export function autoScanDue(settings: MerchantSettings, now: Date): boolean {
  if (!settings.autoScan) return false;
  if (!settings.lastAutoScanAt) return true;
  return nextDueDay(new Date(settings.lastAutoScanAt), settings.period) <= dayOf(now);
}

/** PCI DSS 11.6.1: a monitored payment page is looked at least once a week. */
export const SCRIPT_MONITORING_PERIOD: ScanPeriod = 'week';

/**
 * Whether the daily job at `now` scans a merchant for its payment-page script monitoring: on, its
 * page runs scripts, and a week has passed since the page was last read (or its last automatic scan).
 */
export function scriptScanDue(settings: MerchantSettings, lastReadAt: string | null, now: Date): boolean {
  if (!settings.scriptMonitoring) return false;
  const last = [lastReadAt, settings.lastAutoScanAt]
    .filter((at): at is string => at !== null)
    .sort()
    .at(-1);
  if (!last) return false;
  return nextDueDay(new Date(last), SCRIPT_MONITORING_PERIOD) <= dayOf(now);
}
