import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { fieldTooltipId, isTooltipId, tipIn, tipsById, tooltipItems } from '../../../core/tooltips/tooltip.utils';

const body = {
  tips: { timezone: { en: 'Zone', tr: 'Saat dilimi' }, 'notifications.email': { en: 'Mail', tr: 'Posta' } },
};

describe('tooltips', () => {
  it('serves the body as items { data_id, data } and reads them back by id', () => {
    const items = tooltipItems(body);
    expect(items).toEqual([
      { data_id: 'timezone', data: { en: 'Zone', tr: 'Saat dilimi' } },
      { data_id: 'notifications.email', data: { en: 'Mail', tr: 'Posta' } },
    ]);
    const tips = tipsById(items);
    expect(tipIn(tips, 'timezone', 'tr')).toBe('Saat dilimi');
    expect(tipIn(tips, 'timezone', 'en')).toBe('Zone');
    expect(tipIn(tips, 'timezone', 'de')).toBe('Zone');
    expect(tipIn(tips, 'name', 'en')).toBeNull();
    expect(tipIn(tips, undefined, 'en')).toBeNull();
    expect(tooltipItems(undefined)).toEqual([]);
  });
  it("names a form field's tip by ui:options.tooltip, else by its name path without array indexes", () => {
    expect(fieldTooltipId(['notifications', 'email'], undefined)).toBe('notifications.email');
    expect(fieldTooltipId(['sites', 2, 'url'], {})).toBe('sites.url');
    expect(fieldTooltipId(['name'], { tooltip: 'profile.name' })).toBe('profile.name');
    expect(fieldTooltipId([], undefined)).toBeUndefined();
  });
  it('checks data_ids like the meta-schema', () => {
    expect(isTooltipId('dashboard.pendingApprovals')).toBe(true);
    expect(isTooltipId('a b')).toBe(false);
    expect(isTooltipId('')).toBe(false);
    expect(isTooltipId('x'.repeat(121))).toBe(false);
  });
  it('publishes only tips with both languages and well-formed ids', () => {
    expect(validateDocument({ kind: 'tooltips', id: 'app', body })).toEqual([]);
    const problems = validateDocument({
      kind: 'tooltips',
      id: 'app',
      body: { tips: { 'bad id': { en: 'x', tr: 'y' }, name: { en: 'only English' }, empty: { en: '', tr: 'y' } } },
    });
    const paths = problems.map((problem) => problem.path);
    expect(paths).toContain('/body/tips');
    expect(paths).toContain('/body/tips/name');
    expect(paths).toContain('/body/tips/empty/en');
  });
});
