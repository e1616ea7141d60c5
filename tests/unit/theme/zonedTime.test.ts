import { describe, expect, test } from 'vitest';
import { toLocalTime, toZonedTime } from '../../../client/theme/widgets/zonedTime';

const ISTANBUL = 180;
const NEW_YORK = -300;

describe('times of day with a zone', () => {
  test('a typed time is stored with the browser offset, Z at UTC', () => {
    expect(toZonedTime('10:30', ISTANBUL)).toBe('10:30:00+03:00');
    expect(toZonedTime('10:30:15', NEW_YORK)).toBe('10:30:15-05:00');
    expect(toZonedTime('10:30', 0)).toBe('10:30:00Z');
    expect(toZonedTime('', ISTANBUL)).toBeUndefined();
  });

  test('a stored time is shown in the browser zone, across midnight too', () => {
    expect(toLocalTime('10:30:00+03:00', false, ISTANBUL)).toBe('10:30');
    expect(toLocalTime('08:30:00Z', false, ISTANBUL)).toBe('11:30');
    expect(toLocalTime('01:00:00Z', false, NEW_YORK)).toBe('20:00');
    expect(toLocalTime('23:00:00-0100', false, ISTANBUL)).toBe('03:00');
  });

  test('seconds are kept when asked for or when present; no zone means as written', () => {
    expect(toLocalTime('10:30:00Z', true, 0)).toBe('10:30:00');
    expect(toLocalTime('10:30:15Z', false, 0)).toBe('10:30:15');
    expect(toLocalTime('10:30:00', false, ISTANBUL)).toBe('10:30');
    expect(toLocalTime('not a time', false, 0)).toBe('');
    expect(toLocalTime(undefined, false, 0)).toBe('');
  });
});
