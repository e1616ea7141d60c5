import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSchemaUtils, type RJSFSchema } from '@rjsf/utils';
import fc from 'fast-check';
import type { TFunction } from 'i18next';
import { describe, expect, it, vi } from 'vitest';
import { loadValidators } from '../../../client/forms/loadValidators';
import { createFormValidator } from '../../../client/forms/formValidator';
import { translateSchema } from '../../../client/forms/translateSchema';
import { compileContentSchema } from '../../../core/documents/schema-compiler';
import { type SchemaValidators, validatorsAt } from '../../../core/documents/schema-validators';
import { formErrors } from '../../../core/forms/form-errors';
import type { FormBody } from '../../../core/forms/form.types';
import { validateFormData } from '../../../core/forms/form.utils';
import { validatorModuleCode } from '../../../server/config/validator-modules';
import { SCHEMAS_DIR } from '../support/app-documents';

// The browser judges form data with the validators module the config service generates (ajv
// standalone code, loaded as an ES module); the server with validateFormData. Both must agree.

/** Every form document under schemas/forms. */
function formBodies(): [string, FormBody][] {
  const dir = join(SCHEMAS_DIR, 'forms');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.json'))
    .map((file) => {
      const document = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { id: string; body: FormBody };
      return [document.id, document.body];
    });
}

/** The module's validators of `/schema`, loaded as the browser loads them (an ES module import, the client's require map). */
async function browserValidators(id: string, body: FormBody): Promise<SchemaValidators> {
  const document = { kind: 'form' as const, id, version: 1, hash: 'a'.repeat(64), body };
  const code = validatorModuleCode(document);
  const exports = await loadValidators(document, () => import(`data:text/javascript,${encodeURIComponent(code)}`));
  const validators = validatorsAt(exports, '/schema');
  if (!validators) throw new Error('no validators for /schema');
  return validators;
}

const VALUES = [
  '',
  ' ',
  'a',
  'Ada',
  'x'.repeat(130),
  'ada@example.com',
  'ada@localhost',
  'not-an-email',
  '5551234567',
  '12ab',
  'Str0ng!pass',
  'short',
  'longenough1!',
  'ŞİFRE1!aa',
  'Europe/Istanbul',
  true,
  false,
  0,
  42,
  null,
  [],
  {},
];

const anyValue = fc.oneof(
  fc.constantFrom(...VALUES),
  fc.string({ maxLength: 140 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 2 }),
);

/** Random submissions over the form's fields (and one it does not know); passwords match now and then. */
function submissions(body: FormBody) {
  const fields = [...Object.keys((body.schema.properties ?? {}) as object), 'extra'];
  const record = fc.record(Object.fromEntries(fields.map((field) => [field, anyValue])), { requiredKeys: [] });
  return fc.tuple(record, fc.boolean()).map(([data, match]) => {
    if (match && 'password' in data) data.password_confirm = data.password;
    return data as Record<string, unknown>;
  });
}

describe('the browser module judges every seeded form as the server does', () => {
  it.each(formBodies())('%s', async (id, body) => {
    const validators = await browserValidators(id, body);
    let invalid = 0;
    fc.assert(
      fc.property(submissions(body), (data) => {
        const server = validateFormData(body, data);
        expect(formErrors(body, validators.main, data)).toEqual(server);
        if (Object.keys(server).length > 0) invalid++;
      }),
      { numRuns: 400, seed: 5 },
    );
    expect(invalid).toBeGreaterThan(0);
  });

  it('agrees on valid data too, and on the i18n keys of the contract', async () => {
    const [, register] = formBodies().find(([id]) => id === 'register') as [string, FormBody];
    const validators = await browserValidators('register', register);
    const valid = {
      name: 'Ada',
      company: 'Acme',
      email: 'ada@example.com',
      phone: '5551234567',
      password: 'Str0ng!pass',
      password_confirm: 'Str0ng!pass',
      using_conditions: true,
    };
    expect(formErrors(register, validators.main, valid)).toEqual({});
    expect(validateFormData(register, valid)).toEqual({});
    const wrong = {
      ...valid,
      name: ' ',
      email: 'nope',
      phone: '12ab',
      password: 'longenough1!',
      using_conditions: false,
    };
    const expected = {
      email: 'validation.email',
      phone: 'validation.phone',
      password: 'validation.passwordUpper',
      password_confirm: 'validation.passwordsMustMatch',
      using_conditions: 'validation.checkToRegister',
    };
    expect(formErrors(register, validators.main, wrong)).toEqual(expected);
    expect(validateFormData(register, wrong)).toEqual(expected);
  });

  it('runs without compiling code, so the CSP (no unsafe-eval) allows it', async () => {
    const [, register] = formBodies().find(([id]) => id === 'register') as [string, FormBody];
    const validators = await browserValidators('register', structuredClone(register));
    const original = globalThis.Function; // what ajv compiles with
    const refuse = () => {
      throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
    };
    globalThis.Function = new Proxy(original, { construct: refuse, apply: refuse });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {}); // ajv logs the refused compile
    try {
      expect(() => compileContentSchema(structuredClone(register.schema))).toThrow(/CSP/);
      expect(formErrors(register, validators.main, { password: 'a', password_confirm: 'b' })).toMatchObject({
        name: 'validation.required',
        password: 'validation.passwordMin',
        password_confirm: 'validation.passwordsMustMatch',
      });
    } finally {
      globalThis.Function = original;
      quiet.mockRestore();
    }
  });
});

describe('RJSF picks branches with the precompiled validators of the translated schema', () => {
  const body: FormBody = {
    title: 'forms.sample',
    schema: {
      type: 'object',
      properties: {
        country: { type: 'string', title: 'forms.country' },
        contact: {
          title: 'forms.contact',
          oneOf: [
            {
              title: 'forms.byEmail',
              type: 'object',
              required: ['email'],
              properties: { email: { type: 'string', format: 'email', title: 'forms.email' } },
            },
            {
              title: 'forms.byPhone',
              type: 'object',
              required: ['phone'],
              properties: { phone: { $ref: '#/definitions/phone' } },
            },
          ],
        },
      },
      if: { properties: { country: { const: 'TR' } }, required: ['country'] },
      then: { required: ['taxId'], properties: { taxId: { type: 'string', title: 'forms.taxId' } } },
      definitions: { phone: { type: 'string', pattern: '^[0-9]{7,15}$', description: 'forms.phoneHelp' } },
    },
  };
  const t = ((key: string) => `«${key}»`) as unknown as TFunction;

  it('finds a validator for every subschema it asks about and judges with it', async () => {
    const validators = await browserValidators('sample', body);
    const missed: unknown[] = [];
    const counting: SchemaValidators = {
      main: validators.main,
      of: (schema) => {
        const check = validators.of(schema);
        if (!check) missed.push(schema);
        return check;
      },
    };
    const root = translateSchema(body.schema, t, 'tr') as RJSFSchema;
    expect(JSON.stringify(root)).toContain('«forms.byPhone»');
    const utils = createSchemaUtils(createFormValidator(body, counting, String), root);

    // as RJSF's MultiSchemaField picks the option that fits the data
    const option = (data: Record<string, unknown>) => {
      const options = ((root.properties as Record<string, RJSFSchema>).contact.oneOf as RJSFSchema[]).map((one) =>
        utils.retrieveSchema(one, data),
      );
      return utils.getClosestMatchingOption(data, options, 0);
    };
    expect(option({ phone: '5551234567' })).toBe(1);
    expect(option({ email: 'ada@example.com' })).toBe(0);
    expect(utils.retrieveSchema(root, { country: 'TR' }).properties).toHaveProperty('taxId');
    expect(utils.retrieveSchema(root, { country: 'DE' }).properties).not.toHaveProperty('taxId');
    expect(missed).toEqual([]);
  });

  it('reports nested problems at their field, as the server', async () => {
    const validators = await browserValidators('sample', body);
    for (const data of [{ country: 'TR' }, { contact: { phone: '12' } }, { contact: {} }, { country: 1 }]) {
      expect(formErrors(body, validators.main, data)).toEqual(validateFormData(body, data));
    }
    // the failed `if` ajv also reports on the object itself is explained by taxId's own problem
    expect(validateFormData(body, { country: 'TR' })).toEqual({ taxId: 'validation.required' });
  });
});
