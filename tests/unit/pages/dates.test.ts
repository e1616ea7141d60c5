import { describe, expect, it } from 'vitest';
import { formatDate, userTimezone } from '../../../client/runtime/dates';

describe('dates in the user timezone and the spec formats', () => {
  it('formats in the given IANA zone with the spec pattern letters', () => {
    expect(formatDate('2024-01-01T22:30:00Z', 'yyyy-MM-dd HH:mm', 'Europe/Istanbul')).toBe('2024-01-02 01:30');
    expect(formatDate('2024-01-01T22:30:00Z', 'dd-MM-yyyy HH:mm:ss', 'UTC')).toBe('01-01-2024 22:30:00');
    expect(formatDate('2024-07-01T12:00:00Z', 'yyyy-MM-dd HH:mm', 'America/New_York')).toBe('2024-07-01 08:00');
  });
  it('answers empty text for nothing or an invalid date, and survives an unknown zone', () => {
    expect(formatDate(null, 'yyyy-MM-dd', 'UTC')).toBe('');
    expect(formatDate('not a date', 'yyyy-MM-dd', 'UTC')).toBe('');
    expect(formatDate('2024-01-01T12:00:00Z', 'yyyy', 'Mars/Olympus')).toBe('2024');
  });
  it("takes the user's zone, else the settings' default unless that is 'browser'", () => {
    expect(userTimezone({ timezone: 'Europe/Istanbul' }, 'UTC')).toBe('Europe/Istanbul');
    expect(userTimezone({ timezone: null }, 'UTC')).toBe('UTC');
    expect(userTimezone(undefined, 'browser')).toBeNull();
  });
});
