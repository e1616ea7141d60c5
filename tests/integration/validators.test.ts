import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadValidators, validatorsUrl } from '../../client/forms/loadValidators';
import { validatorsAt } from '../../core/documents/schema-validators';
import { formErrors } from '../../core/forms/form-errors';
import type { FormBody } from '../../core/forms/form.types';
import { type TestServer, call, startTestServer, tokenFor } from './support/harness';

// GET /config/v1/validators/:kind/:id/:version/:hash.js: the browser's form validators, ajv
// standalone code served as a same-origin ES module (docs/documents/form.md).

const REGISTER = '/config/v1/documents/form/register';

/** Fetches a module over HTTP and imports it as an ES module, as the browser's import() does. */
const importOver = (base: string) => async (url: string) => {
  const response = await fetch(base + url);
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(await response.text())}`);
};

describe('validators modules /config/v1/validators', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    admin = await tokenFor(server.base, 'admin@demo.test');
  });
  afterAll(() => server.close());

  it('serves a published form version as JavaScript, cached for good', async () => {
    const document = (await call(server.base, 'GET', REGISTER)).body;
    const answer = await fetch(server.base + validatorsUrl(document));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const code = await answer.text();
    expect(code).toMatch(/^\/\/ Validators of form\/register v1/);
    expect(code).toContain('export default function (require)');
    expect(code).not.toMatch(/new Function|eval\(/);
  });

  it('loads in Node as in the browser and judges as the server answers a submission', async () => {
    const document = (await call(server.base, 'GET', REGISTER)).body as { body: FormBody };
    const exports = await loadValidators(document as never, importOver(server.base));
    const validators = validatorsAt(exports, '/schema');
    if (!validators) throw new Error('no validators for /schema');
    const data = {
      name: 'New Merchant',
      company: '',
      email: 'not-an-email',
      phone: '0555-abc',
      password: 'weakpass1!',
      password_confirm: 'other',
      using_conditions: false,
      saq: true,
      site_language: 'en',
      report_language: 'en',
    };
    const browser = formErrors(document.body, validators.main, data);
    const submitted = await call(server.base, 'POST', '/iam/api/auth/register', { body: data });
    expect(submitted.status).toBe(422);
    expect(browser).toEqual(submitted.body.errors);
    expect(browser).toEqual({
      company: 'validation.required',
      email: 'validation.email',
      phone: 'validation.phone',
      password: 'validation.passwordUpper',
      password_confirm: 'validation.passwordsMustMatch',
      using_conditions: 'validation.checkToRegister',
    });
  });

  it('answers 404 for an unknown document, version or hash, and for a draft', async () => {
    const document = (await call(server.base, 'GET', REGISTER)).body;
    const notFound = [
      validatorsUrl({ ...document, id: 'nope' }),
      validatorsUrl({ ...document, version: 99 }),
      validatorsUrl({ ...document, hash: 'f'.repeat(64) }),
    ];
    const draft = await call(server.base, 'POST', `${REGISTER}/drafts`, {
      token: admin,
      body: { body: document.body },
    });
    expect(draft.status).toBe(201);
    notFound.push(validatorsUrl(draft.body));
    for (const url of notFound) {
      const answer = await call(server.base, 'GET', url);
      expect(answer.status, url).toBe(404);
      expect(answer.body).toEqual({ code: 'documentNotFound', message: expect.any(String) });
    }
  });

  it('answers 400 for parameters that are not a name, a version and a hash', async () => {
    const { hash } = (await call(server.base, 'GET', REGISTER)).body;
    for (const url of [
      `/config/v1/validators/form/register/x/${hash}.js`,
      `/config/v1/validators/form/register/1/${'g'.repeat(64)}.js`,
      `/config/v1/validators/form/..%2Fregister/1/${hash}.js`,
    ]) {
      const answer = await call(server.base, 'GET', url);
      expect(answer.status, url).toBe(400);
      expect(answer.body.code).toBe('invalidRequest');
    }
  });

  it('gives a newly published version its own module and keeps serving the retired one', async () => {
    const v1 = (await call(server.base, 'GET', '/config/v1/documents/form/profile')).body;
    const body = structuredClone(v1.body) as FormBody;
    (body.schema.properties as Record<string, Record<string, unknown>>).name.maxLength = 5;
    const draft = await call(server.base, 'POST', '/config/v1/documents/form/profile/drafts', {
      token: admin,
      body: { body },
    });
    const published = await call(
      server.base,
      'POST',
      `/config/v1/documents/form/profile/versions/${draft.body.version}/publish`,
      { token: admin },
    );
    expect(published.status).toBe(200);
    const judge = async (document: { kind: never; id: string; version: number; hash: string; body: FormBody }) => {
      const validators = validatorsAt(await loadValidators(document, importOver(server.base)), '/schema');
      return validators && formErrors(document.body, validators.main, { name: 'Ada Lovelace' });
    };
    expect(await judge(published.body)).toEqual({ name: 'validation.invalid' });
    expect(await judge(v1)).toEqual({});
  });

  it('publishing refuses a form schema ajv cannot compile', async () => {
    const document = (await call(server.base, 'GET', REGISTER)).body;
    const body = structuredClone(document.body);
    body.schema.properties.name = { type: 'strin' };
    const draft = await call(server.base, 'POST', `${REGISTER}/drafts`, { token: admin, body: { body } });
    const published = await call(server.base, 'POST', `${REGISTER}/versions/${draft.body.version}/publish`, {
      token: admin,
    });
    expect(published.status).toBe(422);
    expect(published.body.code).toBe('documentInvalid');
    expect(published.body.problems[0]).toEqual({
      path: '/body/schema',
      message: expect.stringMatching(/^embedded JSON Schema does not compile/),
    });
  });
});
