import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

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
 * Format a date with a settings pattern, in an IANA timezone when one is given (else the
 * browser's); empty text for missing or invalid input.
 */
export function formatDate(
  value: string | number | Date | null | undefined,
  pattern: string,
  timeZone?: string | null,
): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  try {
    return (timeZone ? date.tz(timeZone) : date).format(toDayjsFormat(pattern));
  } catch {
    return date.format(toDayjsFormat(pattern)); // an unknown zone name: the browser's
  }
}

/** The zone dates are shown in (shell §9): the user's, else the settings' default unless 'browser'. */
export function userTimezone(user: { timezone?: string | null } | undefined, defaultTimezone: string): string | null {
  if (user?.timezone) return user.timezone;
  return defaultTimezone && defaultTimezone !== 'browser' ? defaultTimezone : null;
}
