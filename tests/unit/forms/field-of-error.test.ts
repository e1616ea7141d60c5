import { describe, expect, it } from 'vitest';
import type { FormBody } from '../../../core/forms/form.types';
import { validateFormData } from '../../../core/forms/form.utils';

// Which field a schema problem lands on: the field it is about, never the form as a whole when a
// field's own problem already says it (issue 24, item 14).

const form = (schema: Record<string, unknown>): FormBody => ({ title: 'forms.sample', schema });

describe('a property dependency', () => {
  const body = form({
    type: 'object',
    properties: { a: { type: 'string' }, b: { type: 'string' } },
    dependencies: { a: ['b'] },
  });

  it('lands on the property it asks for, as required', () => {
    expect(validateFormData(body, { a: 'x' })).toEqual({ b: 'validation.required' });
    expect(validateFormData(body, { a: 'x', b: 'y' })).toEqual({});
    expect(validateFormData(body, {})).toEqual({});
  });

  it('lands on the nested property inside an object', () => {
    const nested = form({
      type: 'object',
      properties: {
        contact: { type: 'object', properties: { phone: { type: 'string' } }, dependencies: { phone: ['name'] } },
      },
    });
    expect(validateFormData(nested, { contact: { phone: '555' } })).toEqual({ 'contact.name': 'validation.required' });
  });
});

describe('if/then/else', () => {
  const body = form({
    type: 'object',
    properties: { kind: { type: 'string' }, vat: { type: 'string', minLength: 3 } },
    if: { properties: { kind: { const: 'company' } }, required: ['kind'] },
    then: { required: ['vat'] },
  });

  it('shows the field the branch asks for, with no form-level "must match then"', () => {
    expect(validateFormData(body, { kind: 'company' })).toEqual({ vat: 'validation.required' });
    expect(validateFormData(body, { kind: 'company', vat: 'ab' })).toEqual({ vat: 'validation.invalid' });
    expect(validateFormData(body, { kind: 'person' })).toEqual({});
  });
});

describe('oneOf and anyOf', () => {
  const body = form({
    type: 'object',
    properties: { method: { type: 'string', enum: ['card', 'bank'] } },
    required: ['method'],
    oneOf: [
      { properties: { method: { const: 'card' }, pan: { type: 'string' } }, required: ['pan'] },
      { properties: { method: { const: 'bank' }, iban: { type: 'string' } }, required: ['iban'] },
    ],
  });

  it('reports the branch the data chose, without the other branches or the oneOf itself', () => {
    expect(validateFormData(body, { method: 'card' })).toEqual({ pan: 'validation.required' });
    expect(validateFormData(body, { method: 'bank' })).toEqual({ iban: 'validation.required' });
    expect(validateFormData(body, { method: 'card', pan: '4111' })).toEqual({});
  });

  it('an anyOf none of whose branches holds names the closest branch', () => {
    const either = form({
      type: 'object',
      properties: { email: { type: 'string' }, phone: { type: 'string' } },
      anyOf: [{ required: ['email'] }, { required: ['phone'] }],
    });
    expect(validateFormData(either, {})).toEqual({ email: 'validation.required' });
  });

  it('keeps a form-level message when no field explains it (two branches match a oneOf)', () => {
    const exclusive = form({
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      oneOf: [{ required: ['a'] }, { required: ['b'] }],
    });
    expect(validateFormData(exclusive, { a: 'x', b: 'y' })).toEqual({ '': 'validation.invalid' });
  });
});

describe('a date that does not exist', () => {
  it('is refused at its field with the words for a date', () => {
    const body = form({ type: 'object', properties: { signed: { type: 'string', format: 'date' } } });
    expect(validateFormData(body, { signed: '2023-02-30' })).toEqual({ signed: 'validation.date' });
    expect(validateFormData(body, { signed: '2024-02-29' })).toEqual({});
  });
});
