import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { resolveTextWith } from '../../../client/i18n/text';

describe('resolveTextWith: a catalogue key filled with values', () => {
  const i18n = i18next.createInstance();
  void i18n.init({
    lng: 'en',
    resources: {
      en: {
        translation: {
          confirm_one: 'Approve the selected user?',
          confirm_other: 'Approve the {{count}} selected users?',
          done: 'Request {{code}} sent to {{lng}}',
        },
      },
    },
  });

  it('picks the plural form by a count', () => {
    expect(resolveTextWith('confirm', { count: 2 }, i18n.t, 'en')).toBe('Approve the 2 selected users?');
    expect(resolveTextWith('confirm', { count: 1 }, i18n.t, 'en')).toBe('Approve the selected user?');
  });

  it('fills a field named like an i18next option as a value', () => {
    expect(resolveTextWith('done', { code: 'R-1', lng: 'Demo Bank' }, i18n.t, 'en')).toBe(
      'Request R-1 sent to Demo Bank',
    );
  });
});
