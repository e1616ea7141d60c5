import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import { validateDocument } from '../../../core/documents/validate';
import { compileContentSchema, createContentAjv } from '../../../core/documents/schema-compiler';
import type { FormBody, FormErrors } from '../../../core/forms/form.types';
import { validateFormData } from '../../../core/forms/form.utils';
import { matchesSchema, schemaProblems } from '../../../core/forms/form-schema';
import { passwordProblems } from '../../../core/auth/password';
import { applyRule, truthy } from '../../../core/rules/jsonlogic';
import { SCHEMAS_DIR } from '../support/app-documents';

// core/forms/form-schema.ts validates form data with @cfworker/json-schema (no code generation, so
// it runs under the CSP) and must report what the ajv that publishes documents reports. ajv is the
// reference here.

const ajv = createContentAjv();

/** (field, keyword) of every ajv error, in ajv's order. */
function ajvProblems(schema: Record<string, unknown>, data: unknown): string[] {
  const validate = ajv.compile(structuredClone(schema));
  validate(data);
  return (validate.errors ?? []).map((error) => `${fieldOf(error)}:${error.keyword}`);
}

function cfworkerProblems(schema: Record<string, unknown>, data: unknown): string[] {
  return schemaProblems(schema, data).map((problem) => `${problem.path.join('.')}:${problem.keyword}`);
}

function fieldOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String((error.params as { missingProperty: string }).missingProperty));
  return parts.join('.');
}

/** validateFormData as it was with ajv (before the browser could run it), for the forms' parity. */
function ajvValidateFormData(body: FormBody, data: Record<string, unknown>): FormErrors {
  const errors: FormErrors = {};
  const input = Object.fromEntries(Object.entries(data).filter(([, value]) => value !== '' && value !== null));
  const validate = compileContentSchema(body.schema);
  validate(input);
  for (const error of validate.errors ?? []) {
    const field = fieldOf(error);
    if (Object.hasOwn(errors, field)) continue;
    const overrides = (error.parentSchema as { 'x-messages'?: Record<string, string> } | undefined)?.['x-messages'];
    const value = input[field];
    let message = 'validation.invalid';
    if (overrides && Object.hasOwn(overrides, error.keyword)) message = overrides[error.keyword];
    else if (error.keyword === 'required') message = 'validation.required';
    else if (error.keyword === 'format' && error.params.format === 'email') message = 'validation.email';
    else if (error.keyword === 'pattern') message = 'validation.phone';
    else if (error.keyword === 'const' && error.params.allowedValue === true) message = 'validation.checkToRegister';
    else if (error.keyword === 'x-password-policy') message = passwordProblems(String(value ?? ''))[0] ?? message;
    else if (error.keyword === 'minLength' && typeof value === 'string' && value.trim() === '')
      message = 'validation.required';
    errors[field] = message;
  }
  for (const rule of body.rules ?? []) {
    if (!Object.hasOwn(errors, rule.field) && truthy(applyRule(rule.when, input))) errors[rule.field] = rule.message;
  }
  return errors;
}

const CASES: [string, Record<string, unknown>, unknown][] = [
  [
    'keyword order in a string',
    {
      type: 'string',
      minLength: 10,
      pattern: '^x$',
      format: 'email',
      'x-password-policy': true,
      enum: ['q'],
      const: 'z',
    },
    'a',
  ],
  [
    'format limits and the password policy',
    {
      type: 'string',
      format: 'date',
      formatMinimum: '2020-01-01',
      formatMaximum: '2010-01-01',
      'x-password-policy': true,
    },
    '2015-01-01',
  ],
  [
    'format with the password policy',
    { type: 'string', format: 'email', 'x-password-policy': true, maxLength: 3 },
    'abcd',
  ],
  ['exclusive format limit', { format: 'date', formatExclusiveMaximum: '2020-01-01' }, '2020-01-01'],
  ['type reported first', { type: 'string', enum: ['q'] }, 5],
  ['type reported in its group', { type: 'string', minLength: 1, enum: ['q'] }, 5],
  ['keywords next to $ref', { definitions: { a: { minLength: 5 } }, $ref: '#/definitions/a', maxLength: 1 }, 'abc'],
  [
    '$ref under properties',
    { definitions: { a: { minLength: 5 } }, properties: { x: { $ref: '#/definitions/a' } } },
    { x: 'abc' },
  ],
  [
    '$id anchor',
    { definitions: { a: { $id: '#foo', minLength: 3 } }, properties: { x: { $ref: '#foo' } } },
    { x: 'a' },
  ],
  [
    'recursive $ref',
    {
      definitions: {
        node: {
          type: 'object',
          properties: { name: { type: 'string' }, kids: { type: 'array', items: { $ref: '#/definitions/node' } } },
        },
      },
      $ref: '#/definitions/node',
    },
    { name: 1, kids: [{ name: 2, kids: [{ name: 'x', kids: 'no' }] }] },
  ],
  ['propertyNames', { propertyNames: { pattern: '^a', maxLength: 2 } }, { bcd: 1 }],
  ['contains', { contains: { type: 'string' } }, [1, 2]],
  ['contains on an empty array', { contains: { type: 'string' } }, []],
  ['anyOf', { properties: { p: { anyOf: [{ pattern: '^x' }, { maxLength: 1 }] } } }, { p: 'abc' }],
  [
    'anyOf of objects',
    {
      properties: {
        p: {
          anyOf: [
            { type: 'object', required: ['q'] },
            { type: 'string', format: 'email' },
          ],
        },
      },
    },
    { p: {} },
  ],
  ['oneOf without a match', { oneOf: [{ type: 'number' }, { maxLength: 1 }] }, 'ab'],
  ['oneOf with two matches', { oneOf: [{ type: 'string' }, { minLength: 1 }, { type: 'number' }] }, 'ab'],
  [
    'oneOf with two matches apart',
    { oneOf: [{ minLength: 1 }, { type: 'number' }, { minLength: 2 }, { type: 'null' }] },
    'ab',
  ],
  ['allOf', { allOf: [{ minLength: 3 }, { pattern: '^x', 'x-password-policy': true }], format: 'email' }, 'ab'],
  ['not', { not: { type: 'string' } }, 'ab'],
  ['if/then', { if: { properties: { a: { const: 1 } } }, then: { required: ['b'] } }, { a: 1 }],
  ['if/else', { if: { minLength: 3 }, then: { pattern: '^a' }, else: { pattern: '^b' } }, 'x'],
  ['additionalProperties false', { properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2, c: 3 }],
  ['additionalItems false', { items: [{}], additionalItems: false }, [1, 2]],
  ['tuple', { items: [{ type: 'string' }, { type: 'number' }], additionalItems: { type: 'boolean' } }, [1, 'a', 3]],
  [
    'patternProperties',
    { patternProperties: { '^a': { type: 'string' } }, additionalProperties: { type: 'number' } },
    { a1: 1, b: 'x' },
  ],
  ['dependencies', { dependencies: { a: ['b'], c: { required: ['d'] } } }, { a: 1, c: 1 }],
  ['false and true schemas', { properties: { a: true, b: { items: false }, c: false } }, { a: 1, b: [1], c: 1 }],
  ['false elsewhere', { dependencies: { a: false }, propertyNames: false, contains: false }, [1]],
  [
    'object keywords in order',
    {
      type: 'object',
      required: ['z'],
      minProperties: 5,
      properties: { a: { type: 'string' } },
      additionalProperties: false,
      propertyNames: { maxLength: 1 },
    },
    { a: 1, bb: 2 },
  ],
  ['array keywords in order', { type: 'array', items: { type: 'string' }, minItems: 5 }, [1, 2]],
  ['numbers', { type: 'integer', minimum: 5, exclusiveMaximum: 3, multipleOf: 2 }, 4.5],
  [
    'number formats',
    {
      properties: {
        a: { type: 'number', format: 'int32', maximum: 1 },
        b: { format: 'int64' },
        c: { format: 'int32' },
        d: { format: 'double' },
      },
    },
    { a: 2 ** 40, b: 1.5, c: 'x', d: 0.5 },
  ],
  [
    'nested required and empty strings',
    { properties: { o: { type: 'object', required: ['c', 'd'], properties: { c: { minLength: 1, pattern: '^x' } } } } },
    { o: { c: '' } },
  ],
  [
    'property names needing escapes',
    {
      properties: {
        'a/b': { type: 'string' },
        'c~d': { type: 'string' },
        'e f%': { type: 'string' },
        'é#': { type: 'string' },
      },
    },
    { 'a/b': 1, 'c~d': 2, 'e f%': 3, 'é#': 4 },
  ],
  [
    'nullable',
    { properties: { a: { type: 'string', nullable: true, minLength: 3 }, b: { type: 'string', nullable: true } } },
    { a: null, b: 5 },
  ],
  [
    'enum and const of objects',
    { properties: { a: { enum: [{ a: 1 }, [1]] }, b: { const: { a: [1] } } } },
    { a: { a: 2 }, b: { a: [1] } },
  ],
  [
    'ajv-formats, not cfworker formats',
    {
      properties: {
        a: { format: 'email' },
        b: { format: 'email' },
        c: { format: 'date' },
        d: { format: 'uri' },
        e: { format: 'time' },
        f: { format: 'unknown' },
      },
    },
    { a: 'ada@localhost', b: '"a b"@example.com', c: '2021-02-30', d: 'nope', e: '12:00:00', f: 'x' },
  ],
  [
    'keywords ajv draft-07 ignores',
    { unevaluatedProperties: false, dependentRequired: { a: ['b'] }, prefixItems: [false], minContains: 9 },
    { a: 1 },
  ],
];

describe('form data validation without ajv', () => {
  it.each(CASES)('reports what ajv reports: %s', (_name, schema, data) => {
    expect(cfworkerProblems(schema, data)).toEqual(ajvProblems(schema, data));
  });

  it('agrees with ajv on validity, for RJSF branch selection', () => {
    for (const [name, schema, data] of CASES) {
      expect(matchesSchema(schema, data), name).toBe(ajvProblems(schema, data).length === 0);
      expect(matchesSchema(schema, data), name).toBe(schemaProblems(schema, data).length === 0);
    }
  });

  it('differs from ajv only where ajv is off: decimal multipleOf, uniqueItems of mistyped items', () => {
    expect(ajvProblems({ multipleOf: 0.01 }, 19.99)).toEqual([':multipleOf']);
    expect(cfworkerProblems({ multipleOf: 0.01 }, 19.99)).toEqual([]);
    expect(ajvProblems({ uniqueItems: true, items: { type: 'string' } }, [1, 1])).toEqual(['0:type', '1:type']);
    expect(cfworkerProblems({ uniqueItems: true, items: { type: 'string' } }, [1, 1])).toEqual([
      ':uniqueItems',
      '0:type',
      '1:type',
    ]);
  });

  it('leaves the schema it was given untouched', () => {
    const schema = {
      $id: 'x',
      properties: { a: { format: 'email', 'x-password-policy': true, $ref: '#/definitions/d' } },
      definitions: { d: false },
    };
    const before = JSON.stringify(schema);
    schemaProblems(Object.freeze(schema), { a: 'b' });
    expect(JSON.stringify(schema)).toBe(before);
  });

  it('generates no code, so a CSP without unsafe-eval allows it', () => {
    const original = globalThis.Function;
    const refuse = new Proxy(original, {
      construct() {
        throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
      },
      apply() {
        throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
      },
    });
    const register = formBodies().find(([id]) => id === 'register')?.[1] as FormBody;
    const fresh = structuredClone(register); // nothing prepared or compiled for it yet
    globalThis.Function = refuse;
    try {
      expect(() => compileContentSchema(structuredClone(register.schema))).toThrow(/CSP/);
      expect(validateFormData(fresh, { password: 'a', password_confirm: 'b' })).toMatchObject({
        name: 'validation.required',
        password: 'validation.passwordMin',
        password_confirm: 'validation.passwordsMustMatch',
        using_conditions: 'validation.required',
      });
    } finally {
      globalThis.Function = original;
    }
  });
});

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

/** A small deterministic PRNG (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const VALUES: unknown[] = [
  undefined,
  '',
  ' ',
  null,
  'a',
  'Ada',
  'x'.repeat(130),
  'x'.repeat(300),
  'ada@example.com',
  'ada@localhost',
  'not-an-email',
  '5551234567',
  '12ab',
  '123',
  'Str0ng!pass',
  'short',
  'longenough1!',
  'Europe/Istanbul',
  true,
  false,
  0,
  42,
  [],
  {},
];

describe('every form in schemas/forms validates as it did with ajv', () => {
  it.each(formBodies())('%s', (_id, body) => {
    const fields = [...Object.keys((body.schema.properties ?? {}) as object), 'extra'];
    const next = random(fields.length * 7919);
    let invalid = 0;
    for (let run = 0; run < 400; run++) {
      const data: Record<string, unknown> = {};
      for (const field of fields) {
        const value = VALUES[Math.floor(next() * VALUES.length)];
        if (value !== undefined) data[field] = value;
      }
      if (run % 4 === 0) data.password_confirm = data.password; // let the passwords match now and then
      const expected = ajvValidateFormData(body, data);
      expect(validateFormData(body, data), JSON.stringify(data)).toEqual(expected);
      if (Object.keys(expected).length > 0) invalid++;
    }
    expect(invalid).toBeGreaterThan(0);
  });

  it('publishing still rejects a form schema that ajv cannot compile, or whose $ref only ajv resolves', () => {
    const [, register] = formBodies().find(([id]) => id === 'register') as [string, FormBody];
    const broken = structuredClone(register);
    (broken.schema.properties as Record<string, unknown>).name = { type: 'strin' };
    expect(validateDocument({ kind: 'form', id: 'register', body: broken })).toEqual([
      {
        path: '/body/schema',
        message: expect.stringMatching(/^embedded JSON Schema does not compile: schema is invalid/),
      },
    ]);
    const metaRef = structuredClone(register);
    (metaRef.schema.properties as Record<string, unknown>).name = { $ref: 'http://json-schema.org/draft-07/schema#' };
    expect(validateDocument({ kind: 'form', id: 'register', body: metaRef })).toEqual([
      {
        path: '/body/schema',
        message: expect.stringMatching(/^embedded JSON Schema does not compile: can't resolve reference/),
      },
    ]);
    expect(validateDocument({ kind: 'form', id: 'register', body: register })).toEqual([]);
  });
});
