import { describe, expect, it } from 'vitest';
import { displayZone, formatDateIn } from '../../../client/runtime/dates';

describe('dates in the user timezone and the spec formats (key-value panels, list columns)', () => {
  it('formats in the given IANA zone with the spec pattern letters', () => {
    expect(formatDateIn('2024-01-01T22:30:00Z', 'yyyy-MM-dd HH:mm', 'Europe/Istanbul')).toBe('2024-01-02 01:30');
    expect(formatDateIn('2024-01-01T22:30:00Z', 'dd-MM-yyyy HH:mm:ss', 'UTC')).toBe('01-01-2024 22:30:00');
    expect(formatDateIn('2024-07-01T12:00:00Z', 'yyyy-MM-dd HH:mm', 'America/New_York')).toBe('2024-07-01 08:00');
  });
  it('answers empty text for nothing or an invalid date', () => {
    expect(formatDateIn(null, 'yyyy-MM-dd', 'UTC')).toBe('');
    expect(formatDateIn('not a date', 'yyyy-MM-dd', 'UTC')).toBe('');
  });
  it("takes the user's zone, else the settings' default unless that is 'browser'; an unknown zone is none", () => {
    expect(displayZone('Europe/Istanbul', 'UTC')).toBe('Europe/Istanbul');
    expect(displayZone(null, 'UTC')).toBe('UTC');
    expect(displayZone(undefined, 'browser')).toBeUndefined();
    expect(displayZone('Mars/Olympus', 'UTC')).toBeUndefined();
  });
});
