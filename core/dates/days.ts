/**
 * UTC calendar days, the one place the server and core count them (dayjs in UTC mode, so the
 * machine's time zone and its daylight-saving changes never shift a day). A day is `yyyy-MM-dd`;
 * "now" is always passed in (the app's clock, ctx.clock), never read here.
 */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

/** The length of a UTC day in milliseconds (UTC has no daylight-saving days). */
export const DAY_MS = 86_400_000;

const DAY_FORMAT = 'YYYY-MM-DD';

/** `yyyy-MM-dd` of the UTC day `at` falls on. */
export function dayOf(at: Date): string {
  return dayjs.utc(at).format(DAY_FORMAT);
}

/** The day `days` after `day` (`yyyy-MM-dd`; negative: before). */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format(DAY_FORMAT);
}

/**
 * The day `months` calendar months after `day`, on the same day of the month or, where that month
 * is shorter, its last day (31 January + 1 month is 28 or 29 February, not 3 March).
 */
export function addMonths(day: string, months: number): string {
  return dayjs.utc(day).add(months, 'month').format(DAY_FORMAT);
}

/** `at` moved by `days` whole days of 24 hours (negative: back). */
export function shiftDays(at: Date, days: number): Date {
  return dayjs.utc(at).add(days, 'day').toDate();
}

/** Midnight UTC of the day `at` falls on. */
export function startOfUtcDay(at: Date): Date {
  return dayjs.utc(at).startOf('day').toDate();
}

/** Whole days from `from` to `to`, rounded down (negative once `to` is before `from`). */
export function daysBetween(from: Date, to: Date): number {
  return Math.floor(dayjs.utc(to).diff(from, 'day', true));
}
