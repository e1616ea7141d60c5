import { describe, expect, it } from 'vitest';
import type { SeedDocument } from '../../../core/documents/document.types';
import type { TooltipsBody } from '../../../core/tooltips/tooltip.types';
import { validateDocument } from '../../../core/documents/validate';
import { fieldTooltipId, isTooltipId, tipIn, tipsById, tooltipItems } from '../../../core/tooltips/tooltip.utils';
import { allSeedDocuments } from '../support/app-documents';

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
  it("names a form field's tip by ui:options.tooltip, else by its form and JSON pointer without array indexes", () => {
    expect(fieldTooltipId('profile', ['name'], undefined)).toBe('profile#/name');
    expect(fieldTooltipId('settings-notifications', ['notifications', 'email'], undefined)).toBe(
      'settings-notifications#/notifications/email',
    );
    expect(fieldTooltipId('merchant', ['sites', 2, 'url'], {})).toBe('merchant#/sites/url');
    expect(fieldTooltipId('odd', ['a/b', 'c~d'], {})).toBe('odd#/a~1b/c~0d');
    expect(fieldTooltipId('profile', ['name'], { tooltip: 'profile.name' })).toBe('profile.name');
    expect(fieldTooltipId(undefined, ['name'], { tooltip: 'profile.name' })).toBe('profile.name');
    // a field of no known form, or the form itself, has no tip of its own
    expect(fieldTooltipId(undefined, ['name'], undefined)).toBeUndefined();
    expect(fieldTooltipId('profile', [], undefined)).toBeUndefined();
  });
  it('checks data_ids like the meta-schema', () => {
    expect(isTooltipId('dashboard.pendingApprovals')).toBe(true);
    expect(isTooltipId('settings-notifications#/notifications/email')).toBe(true);
    expect(isTooltipId('wizard:merchant-new/profile#/a~1b')).toBe(true);
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
  it('every seeded field tip names a field of a seeded form (form id and JSON pointer)', () => {
    const seeds = allSeedDocuments().map(({ document }) => document);
    const forms = new Map(seeds.filter((seed) => seed.kind === 'form').map((seed) => [seed.id, seed as SeedDocument]));
    const tips = seeds.find((seed) => seed.kind === 'tooltips')?.body as TooltipsBody;
    const fieldTips = Object.keys(tips.tips).filter((id) => id.includes('#'));
    expect(fieldTips.length).toBeGreaterThan(5);
    for (const id of fieldTips) {
      const [formId, pointer] = id.split('#');
      let schema = (forms.get(formId)?.body as { schema?: Record<string, unknown> } | undefined)?.schema;
      for (const name of pointer.split('/').slice(1)) {
        schema = (schema?.properties as Record<string, Record<string, unknown>> | undefined)?.[name];
      }
      expect(schema, id).toBeDefined();
    }
  });
});
