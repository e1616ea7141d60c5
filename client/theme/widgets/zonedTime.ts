/**
 * Times of day for JSON Schema's `time` format, which (RFC 3339, ajv-formats 3) wants a zone. The
 * browser's time input gives a wall-clock time; we store it with the browser's UTC offset today
 * ("10:30" in Istanbul → "10:30:00+03:00") and show a stored time in the browser's zone again.
 */

/** Minutes east of UTC in this browser now (Istanbul: 180). */
export const browserOffset = (): number => -new Date().getTimezoneOffset();

const pad = (n: number) => String(n).padStart(2, '0');

function formatOffset(minutes: number): string {
  if (minutes === 0) return 'Z';
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

function parseOffset(zone: string | undefined): number | undefined {
  if (!zone) return undefined;
  if (zone.toUpperCase() === 'Z') return 0;
  const match = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (!match) return undefined;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3]));
}

/** "10:30" or "10:30:15" from the input → "10:30:00+03:00" (undefined when empty or unreadable). */
export function toZonedTime(local: string, offset = browserOffset()): string | undefined {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?/.exec(local);
  if (!match) return undefined;
  return `${match[1]}:${match[2]}:${match[3] ?? '00'}${formatOffset(offset)}`;
}

/** A stored time as the time input shows it in this browser's zone ("08:30:00Z" → "11:30" at +03:00). */
export function toLocalTime(value: unknown, withSeconds: boolean, offset = browserOffset()): string {
  if (typeof value !== 'string') return '';
  const match = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(.*)$/.exec(value);
  if (!match) return '';
  const stored = parseOffset(match[4]);
  const day = 24 * 60;
  const minutes = (Number(match[1]) * 60 + Number(match[2]) + (stored === undefined ? 0 : offset - stored) + day) % day;
  const time = `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
  return withSeconds || match[3] !== '00' ? `${time}:${match[3]}` : time;
}
