import { describe, expect, it } from 'vitest';
import { bucketLabel } from '../../../client/shell/notificationBuckets';
import { displayDateFormat, setDateSettings } from '../../../client/runtime/dateSettings';
import { formatDateIn } from '../../../client/runtime/dates';
import { DATE_FORMATS, isDateFormat } from '../../../core/dates/date-formats';

const AT = '2026-03-05T09:30:00Z';

/** Issue 24 item 18: each user may choose the date format every date is shown in; the spec's stays the default. */
describe('the user’s date format', () => {
  it('offers the spec’s yyyy-MM-dd and the common day-first and month-first formats, nothing else', () => {
    expect(DATE_FORMATS).toEqual(['yyyy-MM-dd', 'dd.MM.yyyy', 'dd/MM/yyyy', 'MM/dd/yyyy']);
    expect(isDateFormat('dd.MM.yyyy')).toBe(true);
    expect(isDateFormat('YYYY')).toBe(false);
    expect(isDateFormat(null)).toBe(false);
  });

  it('is the user’s own choice, else the shell settings’ format', () => {
    setDateSettings({ dateFormat: 'yyyy-MM-dd', scanDateFormat: 'dd-MM-yyyy HH:mm:ss', defaultTimezone: 'browser' });
    expect(displayDateFormat('dd.MM.yyyy')).toBe('dd.MM.yyyy');
    expect(displayDateFormat(null)).toBe('yyyy-MM-dd');
    // a value the profile could not hold (an old or edited one) falls back instead of printing letters
    expect(displayDateFormat('yyyy/dd')).toBe('yyyy-MM-dd');
  });

  it('formats each offered pattern', () => {
    const shown = DATE_FORMATS.map((format) => formatDateIn(AT, format, 'UTC'));
    expect(shown).toEqual(['2026-03-05', '05.03.2026', '05/03/2026', '03/05/2026']);
  });

  it('shows an older notification in the user’s format, else the spec’s dd.MM.yyyy', () => {
    expect(bucketLabel('earlier', AT, 'UTC', 'en')).toBe('05.03.2026');
    expect(bucketLabel('earlier', AT, 'UTC', 'en', 'MM/dd/yyyy')).toBe('03/05/2026');
  });
});
