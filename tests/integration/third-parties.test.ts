import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestServer, startTestServer, tokenFor } from './support/harness';

const API = '/wbe/api/resources/third-party';

const acme = {
  name: 'Acme Hosting',
  url: 'https://acme.example.com',
  package: 'corporate',
  contactPerson: 'Ann Acme',
  contactEmail: 'ann@acme.example.com',
  ownerPhone: '+90 212 555 0101',
  department: 'IT',
  thirdPartyContact: 'Support desk',
  businessRelation: 'Hosts the payment page',
  licenseStart: '2026-01-01',
  licenseEnd: '2026-12-31',
  scanPeriod: 'month',
};

/**
 * Third parties (issue 10, domain §3, §5): the seeded `third-party` resource over the generic
 * endpoints — the owner adds, edits and deletes, a name is unique within the organisation, the
 * required fields "cannot be empty", and every action (the import and its template too) is refused
 * to those outside its role group.
 */
describe('third parties, /wbe/api/resources/third-party', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const as = (who: string | null, method: string, path: string, body?: unknown) =>
    call(server.base, method, path, { token: who ? tokens[who] : undefined, body });

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false, loginRateLimit: 100 });
    for (const who of ['admin', 'owner', 'assessor', 'assessee', 'tm', 'merchant', 'bank'])
      tokens[who] = await tokenFor(server.base, `${who}@demo.test`);
  });
  afterAll(() => server.close());

  it('is seeded with the list, forms, routes and menu item that show it', async () => {
    const app = (await call(server.base, 'GET', '/config/v1/app')).body;
    const text = JSON.stringify(app);
    expect(text).toContain('/app/third-parties');
    const list = await call(server.base, 'GET', '/config/v1/documents/list/third-parties');
    expect(list.status).toBe(200);
    expect(list.body.body.toolbar).toContainEqual(expect.objectContaining({ import: { resource: 'third-party' } }));
    for (const form of ['third-party-new', 'third-party-edit'])
      expect((await call(server.base, 'GET', `/config/v1/documents/form/${form}`)).status).toBe(200);
  });

  it('adds, edits and deletes a third party; a second of the same name is refused in any case', async () => {
    const created = await as('owner', 'POST', API, acme);
    expect(created.status).toBe(201);
    expect(created.body.content).toMatchObject({ ...acme, organizationId: 'org-demo-vendor' });
    const id = created.body.content.id as string;

    const twice = await as('owner', 'POST', API, { ...acme, name: 'ACME hosting', url: 'https://other.example.com' });
    expect(twice).toMatchObject({
      status: 409,
      body: { code: 'alreadyExists', errors: { name: 'errors.alreadyExists' } },
    });
    // another organisation may use the name
    expect((await as('admin', 'POST', API, acme)).status).toBe(201);

    const edited = await as('owner', 'PUT', `${API}/${id}`, { ...acme, package: 'starter', scanPeriod: 'week' });
    expect(edited.body.content).toMatchObject({ package: 'starter', scanPeriod: 'week' });
    expect((await as('assessor', 'GET', `${API}/${id}`)).body.content.package).toBe('starter');

    expect((await as('owner', 'DELETE', `${API}/${id}`)).body).toEqual({ content: { id } });
    expect((await as('owner', 'GET', `${API}/${id}`)).status).toBe(404);
  });

  it('says which required field is empty and which value is not valid', async () => {
    const answer = await as('owner', 'POST', API, { name: 'Empty', url: 'not a url', contactEmail: 'nobody' });
    expect(answer.status).toBe(422);
    expect(answer.body.errors).toEqual({
      package: 'validation.required',
      contactPerson: 'validation.required',
      url: 'validation.uri',
      contactEmail: 'validation.email',
    });
  });

  it('refuses every action to users outside its role groups, and changes to readers', async () => {
    const created = await as('owner', 'POST', API, { ...acme, name: 'Guarded Ltd' });
    const id = created.body.content.id as string;
    const form = new FormData();
    form.append('file', new Blob(['Name\r\nX\r\n'], { type: 'text/csv' }), 'x.csv');
    const importAs = async (who: string | null) =>
      (
        await fetch(`${server.base}${API}/import`, {
          method: 'POST',
          headers: who ? { authorization: `Bearer ${tokens[who]}` } : {},
          body: form,
        })
      ).status;
    const reads: [string, string][] = [
      ['GET', API],
      ['GET', `${API}/${id}`],
    ];
    const writes: [string, string, unknown?][] = [
      ['POST', API, { ...acme, name: 'Other' }],
      ['PUT', `${API}/${id}`, acme],
      ['DELETE', `${API}/${id}`],
      ['GET', `${API}/import/template`],
    ];
    for (const who of ['tm', 'merchant', 'bank', 'assessee']) {
      for (const [method, path, body] of [...reads, ...writes]) {
        const answer = await as(who, method, path, body);
        expect(answer.status, `${who} ${method} ${path}`).toBe(403);
        expect(answer.body.code, `${who} ${method} ${path}`).toBe('noPermission');
      }
      expect(await importAs(who), `${who} import`).toBe(403);
    }
    for (const [method, path] of reads) expect((await as('assessor', method, path)).status).toBe(200);
    for (const [method, path, body] of writes) expect((await as('assessor', method, path, body)).status).toBe(403);
    expect(await importAs('assessor')).toBe(403);
    for (const [method, path, body] of [...reads, ...writes])
      expect((await as(null, method, path, body)).status).toBe(401);
    expect(await importAs(null)).toBe(401);
    expect((await as('owner', 'GET', `${API}/${id}`)).body.content.name).toBe('Guarded Ltd');
  });
});
