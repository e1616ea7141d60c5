import { describe, expect, it } from 'vitest';
import { addDays, addMonths, DAY_MS, dayOf, daysBetween, shiftDays, startOfUtcDay } from '../../../core/dates/days';

describe('UTC days (core/dates/days)', () => {
  it('names the UTC day of a moment, whatever the local zone', () => {
    expect(dayOf(new Date('2024-03-10T23:59:59.999Z'))).toBe('2024-03-10');
    expect(dayOf(new Date('2024-03-31T00:00:00.000Z'))).toBe('2024-03-31');
    expect(startOfUtcDay(new Date('2024-03-31T01:30:00.000Z')).toISOString()).toBe('2024-03-31T00:00:00.000Z');
  });

  it('counts calendar days and months across month, year and leap-day ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2023-01-31', 1)).toBe('2023-02-28');
    expect(addMonths('2024-12-15', 1)).toBe('2025-01-15');
  });

  it('moves moments by whole 24-hour days and counts the whole days between two, rounding down', () => {
    const at = new Date('2024-03-30T12:00:00.123Z');
    expect(shiftDays(at, 2).getTime()).toBe(at.getTime() + 2 * DAY_MS);
    expect(shiftDays(at, -3).getTime()).toBe(at.getTime() - 3 * DAY_MS);
    expect(daysBetween(new Date('2024-01-01T00:00Z'), new Date('2024-01-03T23:00Z'))).toBe(2);
    expect(daysBetween(new Date('2024-01-01T12:00Z'), new Date('2024-01-01T00:00Z'))).toBe(-1);
  });
});
