import dayjs from 'dayjs';

/**
 * Settings use the spec's pattern letters (yyyy-MM-dd, dd-MM-yyyy HH:mm:ss); dayjs wants
 * YYYY and DD. Convert the two that differ.
 */
export function toDayjsFormat(pattern: string): string {
  return pattern.replace(/yyyy/g, 'YYYY').replace(/yy/g, 'YY').replace(/dd/g, 'DD');
}

/** Format a date with a settings pattern; empty text for missing or invalid input. */
export function formatDate(value: string | number | Date | null | undefined, pattern: string): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(toDayjsFormat(pattern)) : '';
}
