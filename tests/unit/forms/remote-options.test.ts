import { describe, expect, it } from 'vitest';
import { withChoices } from '../../../client/forms/useRemoteOptions';
import { columnKind } from '../../../client/screens/list/columnTypes';

// A field whose choices a gateway path answered becomes a select of them; a text cell holding a
// document's {en, tr} title shows the reader's language.

describe('form fields with remote choices', () => {
  const schema = {
    type: 'object' as const,
    properties: { bankId: { type: 'string' as const }, note: { type: 'string' as const } },
  };

  it('turns the field into a select of the choices and leaves the others', () => {
    const choices = new Map([['bankId', [{ value: 'b1', label: 'Demo Bank' }]]]);
    const shown = withChoices(schema, { bankId: { 'ui:title': 'Bank' } }, choices);
    expect(shown.schema.properties?.bankId).toEqual({ type: 'string', oneOf: [{ const: 'b1', title: 'Demo Bank' }] });
    expect(shown.schema.properties?.note).toEqual({ type: 'string' });
    expect(shown.uiSchema.bankId).toEqual({ 'ui:widget': 'select', 'ui:title': 'Bank' });
  });

  it('turns an array of strings into checkboxes of the choices', () => {
    const several = {
      type: 'object' as const,
      properties: { ids: { type: 'array' as const, items: { type: 'string' as const } } },
    };
    const choices = new Map([['ids', [{ value: 'o1', label: 'Anatolia Books' }]]]);
    const shown = withChoices(several, {}, choices);
    expect(shown.schema.properties?.ids).toEqual({
      type: 'array',
      uniqueItems: true,
      items: { type: 'string', oneOf: [{ const: 'o1', title: 'Anatolia Books' }] },
    });
    expect(shown.uiSchema.ids).toEqual({ 'ui:widget': 'checkboxes' });
  });

  it('keeps the field as written when no choice came back', () => {
    const shown = withChoices(schema, {}, new Map([['bankId', []]]));
    expect(shown.schema.properties?.bankId).toEqual({ type: 'string' });
  });
});

describe('text cells', () => {
  const context = (language: string) => ({
    t: ((key: string) => key) as never,
    language,
    zone: 'UTC',
    dateFormat: 'yyyy-MM-dd',
  });
  const column = { id: 'title', field: 'title', title: 'x', type: 'text' as const };

  it('show an {en, tr} pair in the reader language, plain values as they are', () => {
    const title = { en: 'SAQ D for Merchants', tr: 'Üye işyerleri için SAQ D' };
    expect(columnKind('text').render(title, column, {}, context('tr'))).toBe('Üye işyerleri için SAQ D');
    expect(columnKind('text').exportValue(title, column, context('en'))).toBe('SAQ D for Merchants');
    expect(columnKind('text').render('A', column, {}, context('en'))).toBe('A');
  });
});
