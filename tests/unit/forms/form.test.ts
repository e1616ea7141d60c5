import { describe, expect, it } from 'vitest';
import type { FormBody } from '../../../core/forms/form.types';
import { formValuesOf, validateFormData } from '../../../core/forms/form.utils';
import { appDocument } from '../support/app-documents';

const form: FormBody = {
  title: 'forms.sample',
  schema: {
    type: 'object',
    required: ['name', 'email', 'password', 'password_confirm', 'using_conditions'],
    properties: {
      name: { type: 'string', minLength: 1 },
      email: { type: 'string', format: 'email' },
      phone: { type: 'string', pattern: '^[0-9]{7,15}$', 'x-messages': { pattern: 'validation.phone' } },
      bin: { type: 'string', pattern: '^[0-9]{6,8}$' },
      password: { type: 'string', 'x-password-policy': true },
      password_confirm: { type: 'string' },
      using_conditions: { type: 'boolean', const: true },
      nickname: { type: 'string', maxLength: 3, 'x-messages': { maxLength: 'validation.nameRequired' } },
    },
  },
  rules: [
    {
      id: 'passwordsMatch',
      when: { '!==': [{ var: 'password' }, { var: 'password_confirm' }] },
      field: 'password_confirm',
      message: 'validation.passwordsMustMatch',
    },
  ],
};

const valid = {
  name: 'Ada',
  email: 'ada@example.com',
  phone: '5551234567',
  password: 'Str0ng!pass',
  password_confirm: 'Str0ng!pass',
  using_conditions: true,
};

describe('validateFormData', () => {
  it('accepts valid data', () => {
    expect(validateFormData(form, valid)).toEqual({});
  });

  it('maps required, email, a pattern (its own message, else the generic one) and const true to i18n keys', () => {
    expect(
      validateFormData(form, { ...valid, name: '', email: 'nope', phone: '12ab', bin: '12', using_conditions: false }),
    ).toEqual({
      name: 'validation.required',
      email: 'validation.email',
      phone: 'validation.phone',
      bin: 'validation.pattern',
      using_conditions: 'validation.checkToRegister',
    });
    expect(validateFormData(form, {})).toMatchObject({
      name: 'validation.required',
      email: 'validation.required',
      using_conditions: 'validation.required',
    });
  });

  it('reports the first password-policy problem', () => {
    expect(validateFormData(form, { ...valid, password: 'short', password_confirm: 'short' })).toEqual({
      password: 'validation.passwordMin',
    });
    expect(validateFormData(form, { ...valid, password: 'longenough1!', password_confirm: 'longenough1!' })).toEqual({
      password: 'validation.passwordUpper',
    });
  });

  it('applies the cross-field rule for password match', () => {
    expect(validateFormData(form, { ...valid, password_confirm: 'Other0!pass' })).toEqual({
      password_confirm: 'validation.passwordsMustMatch',
    });
  });

  it('keeps the first problem per field and honours x-messages', () => {
    expect(validateFormData(form, { ...valid, password_confirm: undefined })).toEqual({
      password_confirm: 'validation.required',
    });
    expect(validateFormData(form, { ...valid, nickname: 'toolong' })).toEqual({ nickname: 'validation.nameRequired' });
  });

  it('works with the seeded register form', () => {
    const register = appDocumentForm('register');
    const data = { ...valid, company: 'Acme', commercial_consent: false };
    expect(validateFormData(register, data)).toEqual({});
    expect(validateFormData(register, { ...data, password_confirm: 'x' })).toEqual({
      password_confirm: 'validation.passwordsMustMatch',
    });
  });
});

describe('formValuesOf: the starting values of an edit form from a loaded record', () => {
  it('keeps only the members the schema declares, so server members never travel back', () => {
    const record = {
      id: 'r1',
      name: 'Ada',
      email: 'ada@example.test',
      createdAt: '2026-01-01T00:00:00.000Z',
      definition: { id: 'x', version: 1 },
      state: 'active',
      phone: null,
    };
    expect(formValuesOf(form, record)).toEqual({ name: 'Ada', email: 'ada@example.test' });
  });

  it('reads nothing from what is no record, and nothing through a schema without properties', () => {
    expect(formValuesOf(form, null)).toEqual({});
    expect(formValuesOf(form, ['name'])).toEqual({});
    expect(formValuesOf(form, 'Ada')).toEqual({});
    expect(formValuesOf({ schema: { type: 'object' } }, { name: 'Ada' })).toEqual({});
    expect(formValuesOf(form, JSON.parse('{"__proto__": {"name": "x"}, "constructor": 1}'))).toEqual({});
  });
});

function appDocumentForm(id: string): FormBody {
  return appDocument<FormBody>(`../forms/${id}.json`).body;
}
