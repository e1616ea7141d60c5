import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import type { ListColumn } from '../../../core/lists/list.types';
import { columnKinds } from '../../../client/screens/list/columnTypes';

const en = (await import('../../../locales/en.json')).default;
const tr = (await import('../../../locales/tr.json')).default;

describe('a text column with labels: each value by its label (a user’s roles)', () => {
  const i18n = i18next.createInstance();
  void i18n.init({ lng: 'tr', resources: { en: { translation: en }, tr: { translation: tr } } });
  const roles: ListColumn = {
    id: 'roles',
    field: 'roles',
    title: 'admin.users.roles',
    type: 'text',
    labels: { saq: 'roles.saq', user: 'roles.user' },
  };
  const context = { t: i18n.t, language: 'tr', zone: undefined, dateFormat: 'yyyy-MM-dd' };

  it('shows and exports a list of role ids in the reader’s language, an unknown one as it is', () => {
    expect(columnKinds.text.render(['saq', 'user', 'auditor'], roles, {}, context)).toBe(
      `${tr.roles.saq}, ${tr.roles.user}, auditor`,
    );
    expect(columnKinds.text.exportValue('saq', roles, context)).toBe(tr.roles.saq);
  });

  it('leaves a text column without labels as it was', () => {
    const plain = { ...roles, labels: undefined };
    expect(columnKinds.text.render(['saq', 'user'], plain, {}, context)).toBe('saq, user');
  });
});
