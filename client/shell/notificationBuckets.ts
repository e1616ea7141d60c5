import dayjs from 'dayjs';
import { formatDateIn } from '../runtime/dates';

/** The bell menu's groups (shell §9): today, this week, earlier. */
export interface NotificationBuckets<T> {
  today: T[];
  week: T[];
  earlier: T[];
}

/** Midnight of `at`'s day in the zone (undefined: the browser's). */
function startOfDay(at: dayjs.Dayjs, zone: string | undefined): dayjs.Dayjs {
  return (zone ? at.tz(zone) : at).startOf('day');
}

/**
 * Sorts items into today (same calendar day in the user's zone), this week (the six days before)
 * and earlier. Shell §9: when there are both today's and this week's, the week's join earlier.
 * Order within a bucket is kept (the menu asks newest first). A date in the future counts as today.
 */
export function bucketNotifications<T extends { createdAtStr: string }>(
  items: readonly T[],
  now: Date,
  zone: string | undefined,
): NotificationBuckets<T> {
  const today = startOfDay(dayjs(now), zone);
  const weekStart = today.subtract(6, 'day');
  const buckets: NotificationBuckets<T> = { today: [], week: [], earlier: [] };
  for (const item of items) {
    const at = dayjs(item.createdAtStr);
    if (!at.isValid() || at.isBefore(weekStart)) buckets.earlier.push(item);
    else if (at.isBefore(today)) buckets.week.push(item);
    else buckets.today.push(item);
  }
  if (buckets.today.length > 0 && buckets.week.length > 0) {
    return { today: buckets.today, week: [], earlier: [...buckets.week, ...buckets.earlier] };
  }
  return buckets;
}

/**
 * How an item's time reads in its bucket: HH:mm today, the day's name this week, and earlier the
 * spec's dd.MM.yyyy unless the user chose a date format of their own.
 */
export function bucketLabel(
  bucket: keyof NotificationBuckets<unknown>,
  createdAt: string,
  zone: string | undefined,
  language: string,
  ownDateFormat?: string | null,
): string {
  if (bucket === 'today') return formatDateIn(createdAt, 'HH:mm', zone);
  if (bucket === 'earlier') return formatDateIn(createdAt, ownDateFormat || 'dd.MM.yyyy', zone);
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(language, { weekday: 'long', ...(zone ? { timeZone: zone } : {}) }).format(date);
}
