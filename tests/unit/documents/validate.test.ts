import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS, META_SCHEMAS } from '../../../core/documents/meta-schemas';
import { canonicalJson } from '../../../core/json/canonical-json';
import { hashDocument, validateDocument } from '../../../core/documents/validate';
import { allSeedDocuments, appDocument } from '../support/app-documents';

const clone = <T>(value: T): T => structuredClone(value);
/** The problems as the English reader sees them (each may also carry its locale code). */
const said = (candidate: Parameters<typeof validateDocument>[0]) =>
  validateDocument(candidate).map(({ path, message }) => ({ path, message }));

describe('meta-schemas', () => {
  it('exist for every document kind and are strict-valid JSON Schemas', () => {
    expect(DOCUMENT_KINDS.sort()).toEqual([
      'eligibility-rules',
      'form',
      'landing-rules',
      'list',
      'menus',
      'mmsp-rules',
      'onboarding-warnings',
      'page',
      'price-list',
      'questionnaire',
      'resource',
      'role-groups',
      'routes',
      'sanctions-bands',
      'scan-requirements',
      'shell-settings',
      'tm-rules',
      'tooltips',
      'wizard',
      'workflow',
    ]);
    const ajv = new Ajv({ strict: true, allowUnionTypes: true });
    ajv.addKeyword({ keyword: 'x-jsonlogic', schemaType: 'boolean' });
    ajv.addKeyword({ keyword: 'x-jsonschema', schemaType: 'boolean' });
    for (const kind of DOCUMENT_KINDS) expect(() => ajv.compile(META_SCHEMAS[kind]), kind).not.toThrow();
  });
});

describe('every seed document under schemas/ validates', () => {
  const seeds = allSeedDocuments();

  it('finds the app documents and forms', () => {
    const names = seeds.map(({ document }) => `${document.kind}/${document.id}`);
    for (const name of [
      'routes/app',
      'menus/app',
      'role-groups/app',
      'landing-rules/app',
      'shell-settings/app',
      'form/register',
    ]) {
      expect(names).toContain(name);
    }
  });

  it.each(seeds.map(({ file, document }) => [file, document] as const))('%s', (_file, document) => {
    expect(Object.keys(document).sort()).toEqual(['body', 'id', 'kind']);
    expect(validateDocument(document)).toEqual([]);
  });
});

describe('broken documents are rejected with useful problems', () => {
  const routes = appDocument<{ routes: Record<string, unknown>[] }>('routes.json');

  it('unknown kind and bad id', () => {
    expect(validateDocument({ kind: 'nope', id: 'Bad Id', body: {} })).toEqual([
      { path: '/id', message: 'must be a lower-case id of letters, digits, ".", "_" or "-"' },
      { path: '/kind', message: 'unknown document kind "nope"' },
    ]);
  });

  it('missing required field', () => {
    const doc = clone(routes);
    delete doc.body.routes[3].layout;
    expect(said(doc)).toEqual([{ path: '/body/routes/3', message: 'missing required property "layout"' }]);
    // the server answers it in the reader's language by its locale code
    expect(validateDocument(doc)[0]).toMatchObject({ code: 'missingProperty', params: { property: 'layout' } });
  });

  it('wrong type, wrong enum value and unknown property', () => {
    const doc = clone(routes);
    doc.body.routes[0].exact = 'yes';
    doc.body.routes[1].layout = 'full';
    doc.body.routes[2].guardd = null;
    expect(said(doc)).toEqual([
      { path: '/body/routes/0/exact', message: 'must be boolean' },
      { path: '/body/routes/1/layout', message: 'must be one of "public", "bare", "app"' },
      { path: '/body/routes/2', message: 'unknown property "guardd"' },
    ]);
  });

  it('a guard with two shapes at once', () => {
    const doc = clone(routes);
    doc.body.routes[4].guard = { anyOf: [], group: 'admin' };
    expect(validateDocument(doc)).toEqual([
      { path: '/body/routes/4/guard', message: 'must have only one of ["anyOf","group","rule"]' },
    ]);
  });

  it('a disallowed json-logic operation in a route guard', () => {
    const doc = clone(routes);
    doc.body.routes[3].guard = { rule: { and: [{ var: 'signedIn' }, { eval: 'process.exit()' }] } };
    expect(validateDocument(doc)).toEqual([
      { path: '/body/routes/3/guard/rule/and/1', message: 'operation "eval" is not allowed' },
    ]);
  });

  it('disallowed operations in landing rules, menu urls and visible rules', () => {
    const landing = clone(appDocument<{ rules: Record<string, unknown>[] }>('landing-rules.json'));
    landing.body.rules[0].when = { log: 'x' };
    landing.body.rules[3].to = { rule: { if: [true, { method: ['a', 'b'] }, '/x'] } };
    expect(validateDocument(landing)).toEqual([
      { path: '/body/rules/0/when', message: 'operation "log" is not allowed' },
      { path: '/body/rules/3/to/rule/if/1', message: 'operation "method" is not allowed' },
    ]);

    const menus = clone(
      appDocument<{
        main: Record<string, unknown>[];
        subDrawers: Record<string, { items: Record<string, unknown>[] }>;
      }>('menus.json'),
    );
    menus.body.subDrawers.portfolio.items[1].visible = { log: 1 };
    menus.body.main[1].url = { rule: { nope: [] } };
    const problems = validateDocument(menus);
    expect(problems).toContainEqual({ path: '/body/main/1/url/rule', message: 'operation "nope" is not allowed' });
    expect(problems).toContainEqual({
      path: '/body/subDrawers/portfolio/items/1/visible',
      message: 'operation "log" is not allowed',
    });
    expect(problems).toHaveLength(2);
  });

  it('an embedded JSON Schema that does not compile', () => {
    const form = clone(appDocumentForm());
    (form.body.schema.properties as Record<string, unknown>).name = { type: 'strin' };
    const problems = validateDocument(form);
    expect(problems).toHaveLength(1);
    expect(problems[0].path).toBe('/body/schema');
    expect(problems[0].message).toMatch(
      /^embedded JSON Schema does not compile: schema is invalid: data\/properties\/name\/type/,
    );
  });

  it('an embedded JSON Schema with a dangling $ref', () => {
    const form = clone(appDocumentForm());
    (form.body.schema.properties as Record<string, unknown>).name = { $ref: '#/definitions/missing' };
    expect(validateDocument(form)[0].message).toMatch(/does not compile: .*missing/);
  });

  it('shell settings with a wrong value type and a missing constant', () => {
    const shell = clone(appDocument<Record<string, unknown>>('shell-settings.json'));
    shell.body.navbar = { width: '280', foldedWidth: 64 };
    delete shell.body.storageKey;
    expect(said(shell)).toEqual([
      { path: '/body', message: 'missing required property "storageKey"' },
      { path: '/body/navbar/width', message: 'must be integer' },
    ]);
  });

  it('role groups must be lists of strings', () => {
    expect(said({ kind: 'role-groups', id: 'app', body: { groups: { admin: 'admin' } } })).toEqual([
      { path: '/body/groups/admin', message: 'must be array' },
    ]);
  });
});

function appDocumentForm() {
  return {
    kind: 'form',
    id: 'sample',
    body: {
      title: 'forms.sample',
      schema: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } } as Record<
        string,
        unknown
      >,
      rules: [{ id: 'r', when: { '==': [{ var: 'name' }, 'x'] }, field: 'name', message: 'validation.invalid' }],
    },
  };
}

describe('hashDocument', () => {
  it('is sha256 hex over canonical JSON of {kind, id, body}', async () => {
    const a = await hashDocument({ kind: 'role-groups', id: 'app', body: { groups: { b: ['x'], a: ['y'] } } });
    const b = await hashDocument({ id: 'app', body: { groups: { a: ['y'], b: ['x'] } }, kind: 'role-groups' } as never);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
    expect(await hashDocument({ kind: 'role-groups', id: 'app', body: { groups: { a: ['x'], b: ['y'] } } })).not.toBe(
      a,
    );
  });

  it('matches a known digest', async () => {
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
    // sha256('{"body":{},"id":"x","kind":"form"}')
    const { createHash } = await import('node:crypto');
    const expected = createHash('sha256').update('{"body":{},"id":"x","kind":"form"}').digest('hex');
    expect(await hashDocument({ kind: 'form', id: 'x', body: {} })).toBe(expected);
  });

  it('ignores metadata beyond kind, id and body', async () => {
    const base = { kind: 'form' as const, id: 'x', body: { title: 't' } };
    expect(await hashDocument({ ...base, version: 3 } as never)).toBe(await hashDocument(base));
  });
});
