import { isDateFormat } from '../../core/dates/date-formats';
import { isTimeZone } from '../../core/dates/time-zones';
import type { ShellSettingsBody } from '../../core/shell/shell.types';
import { getSession } from '../session/session.store';

/**
 * The date formats and default zone of the shell-settings document, kept apart from the formatting
 * (dates.ts) so that booting — which applies the settings — does not load dayjs.
 */
type DateSettings = Pick<ShellSettingsBody, 'dateFormat' | 'scanDateFormat' | 'defaultTimezone'>;

/** Boot-time values until the shell-settings document is in (they are the document's seeds). */
let settings: DateSettings = {
  dateFormat: 'yyyy-MM-dd',
  scanDateFormat: 'dd-MM-yyyy HH:mm:ss',
  defaultTimezone: 'browser',
};

/** Take the formats and the default zone from the published shell-settings document. */
export function setDateSettings(shell: DateSettings): void {
  settings = {
    dateFormat: shell.dateFormat,
    scanDateFormat: shell.scanDateFormat,
    defaultTimezone: shell.defaultTimezone,
  };
}

/** The formats and default zone in force. */
export function dateSettings(): DateSettings {
  return settings;
}

/**
 * The zone dates are shown in (shell §9): the user's own (profile, else the session data), else
 * the document's default; undefined means the browser's ('browser', or a name this browser does
 * not know).
 */
export function displayTimeZone(userZone?: string | null): string | undefined {
  const session = getSession();
  const zone = userZone ?? session.user?.timezone ?? session.data?.timezone ?? settings.defaultTimezone;
  return zone && zone !== 'browser' && isTimeZone(zone) ? zone : undefined;
}

/**
 * The date format dates are shown in: the user's own choice (profile `date_format`), else the
 * document's (the spec's yyyy-MM-dd). `userFormat` is the signed-in user's as a component read it;
 * left out, the stored session's.
 */
export function displayDateFormat(userFormat?: string | null): string {
  const chosen = userFormat === undefined ? getSession().user?.date_format : userFormat;
  return isDateFormat(chosen) ? chosen : settings.dateFormat;
}
