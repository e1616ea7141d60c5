import { describe, expect, it } from 'vitest';
import { bucketLabel, bucketNotifications } from '../../../client/shell/notificationBuckets';
import { isShown, localizedText } from '../../../core/notifications/notification.types';

const ZONE = 'Europe/Istanbul'; // UTC+3 all year
/** Thursday 12 March 2026, 13:00 in Istanbul. */
const NOW = new Date('2026-03-12T10:00:00Z');
const at = (createdAtStr: string) => ({ createdAtStr });
const ids = (items: { createdAtStr: string }[]) => items.map((item) => item.createdAtStr);

/** Shell §9: the bell's buckets and their labels, in the user's zone. */
describe('notification buckets', () => {
  it('sorts into today, the six days before, and earlier, by the calendar day in the user’s zone', () => {
    const buckets = bucketNotifications(
      [
        at('2026-03-11T12:00:00Z'), // Wednesday
        at('2026-03-05T21:00:00Z'), // Friday 6 March 00:00 local: the oldest day of the week
        at('2026-03-05T20:59:59Z'), // Thursday 5 March 23:59 local: earlier
        at('2026-02-01T08:00:00Z'),
      ],
      NOW,
      ZONE,
    );
    expect(ids(buckets.week)).toEqual(['2026-03-11T12:00:00Z', '2026-03-05T21:00:00Z']);
    expect(ids(buckets.earlier)).toEqual(['2026-03-05T20:59:59Z', '2026-02-01T08:00:00Z']);
    expect(buckets.today).toEqual([]);
  });

  it('puts the week’s into earlier when there are today’s too (the merge rule), keeping the order', () => {
    const items = [
      at('2026-03-12T09:00:00Z'),
      at('2026-03-11T21:30:00Z'),
      at('2026-03-10T08:00:00Z'),
      at('2026-01-01T00:00:00Z'),
    ];
    const buckets = bucketNotifications(items, NOW, ZONE);
    // 21:30 UTC on the 11th is 00:30 on the 12th in Istanbul: today
    expect(ids(buckets.today)).toEqual(['2026-03-12T09:00:00Z', '2026-03-11T21:30:00Z']);
    expect(buckets.week).toEqual([]);
    expect(ids(buckets.earlier)).toEqual(['2026-03-10T08:00:00Z', '2026-01-01T00:00:00Z']);
    // the same instant is yesterday in UTC
    expect(ids(bucketNotifications([items[1]], NOW, 'UTC').week)).toEqual(['2026-03-11T21:30:00Z']);
  });

  it('labels today HH:mm, this week by day name in the language, earlier dd.MM.yyyy', () => {
    expect(bucketLabel('today', '2026-03-12T09:05:00Z', ZONE, 'en')).toBe('12:05');
    expect(bucketLabel('week', '2026-03-11T12:00:00Z', ZONE, 'en')).toBe('Wednesday');
    expect(bucketLabel('week', '2026-03-11T12:00:00Z', ZONE, 'tr')).toBe('Çarşamba');
    expect(bucketLabel('earlier', '2026-03-05T20:59:59Z', ZONE, 'en')).toBe('05.03.2026');
  });

  it('hides what only the ignore group holds, and reads the Turkish payload in Turkish', () => {
    expect(isShown([{ groupValue: 'ignore' }])).toBe(false);
    expect(isShown([{ groupValue: 'ignore' }, { groupValue: 'report' }])).toBe(true);
    expect(isShown([{ groupValue: 'report' }])).toBe(true);
    const payload = {
      title: 'Ready',
      description: 'Your report',
      url: '/app/reports',
      tr: { title: 'Hazır', description: 'Raporunuz' },
    };
    expect(localizedText(payload, 'tr')).toEqual({ title: 'Hazır', description: 'Raporunuz', url: '/app/reports' });
    expect(localizedText(payload, 'en')).toEqual({ title: 'Ready', description: 'Your report', url: '/app/reports' });
    expect(localizedText({ title: 'Only English', description: '' }, 'tr').title).toBe('Only English');
  });
});
