import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { getSession } from '../session/session.store';
import { dateSettings, displayDateFormat, displayTimeZone } from './dateSettings';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * Settings use the spec's pattern letters (yyyy-MM-dd, dd-MM-yyyy HH:mm:ss); dayjs wants
 * YYYY and DD. Convert the two that differ.
 */
export function toDayjsFormat(pattern: string): string {
  return pattern.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD');
}

/**
 * Format a date with a settings pattern (default: the user's date format, else the document's) in
 * the signed-in user's time zone; empty text for missing or invalid input.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  pattern: string = displayDateFormat(),
  timeZone: string | undefined = displayTimeZone(),
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return (timeZone ? date.tz(timeZone) : date).format(toDayjsFormat(pattern));
}

/** A scan's date in the document's scanDateFormat (dd-MM-yyyy HH:mm:ss), or the user's own date format with the time. */
export function formatScanDate(value: string | number | Date | null | undefined): string {
  const own = getSession().user?.date_format;
  return formatDate(value, own ? `${displayDateFormat(own)} HH:mm:ss` : dateSettings().scanDateFormat);
}

/**
 * The zone dates are shown in: the user's own, else the shell settings' default, where
 * 'browser' (or nothing) means the browser's zone (shell §9).
 */
export function displayZone(userZone: string | null | undefined, defaultZone: string | undefined): string | undefined {
  const zone = userZone || (defaultZone && defaultZone !== 'browser' ? defaultZone : undefined);
  if (!zone) return undefined;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return zone;
  } catch {
    return undefined; // an unknown zone name shows browser time rather than nothing
  }
}

/** Like formatDate, in the given IANA zone (undefined: the browser's). */
export function formatDateIn(
  value: string | number | Date | null | undefined,
  pattern: string,
  zone: string | undefined,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  return (zone ? date.tz(zone) : date).format(toDayjsFormat(pattern));
}

/** The first and last instant (ISO, UTC) of a calendar day `YYYY-MM-DD` in a zone: a day filter's bounds. */
export function dayBounds(day: string, zone: string | undefined): [string, string] | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const start = zone ? dayjs.tz(day, zone) : dayjs(day);
  if (!start.isValid()) return null;
  return [start.toISOString(), start.add(1, 'day').subtract(1, 'millisecond').toISOString()];
}
