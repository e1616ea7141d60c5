/**
 * The date formats a user may choose on their profile (spec letters, as the shell settings'
 * dateFormat): the spec's yyyy-MM-dd, which stays everyone's default, and the common day-first and
 * month-first ones. The profile endpoint refuses any other; the settings form offers these.
 */
export const DATE_FORMATS = ['yyyy-MM-dd', 'dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy'] as const;

export type DateFormat = (typeof DATE_FORMATS)[number];

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}
