import { readFileSync } from 'node:fs';
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handlerDoc } from '../../server/http/handler-docs';
import { compilePendingValidators } from '../../server/http/validate';
import { jsonSchema2020 } from '../../server/http/openapi';
import { startTestServer, type TestServer } from './support/harness';
import { type MountedRouteHandlers, mountedRouteHandlers, parameterNames } from './support/mounted-routes';

type Json = Record<string, any>;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** The Express template as OpenAPI writes it; this suite has no optional groups to expand (checked below). */
const templated = (path: string) => path.replace(/[:*]([A-Za-z_$][\w$]*)/g, '{$1}');

/**
 * A deliberately small structural check of the document (the official OpenAPI schema is not
 * fetched: no network in tests): the fields every OpenAPI 3.1 document and operation must have.
 */
const DOCUMENT_SHAPE = {
  type: 'object',
  required: ['openapi', 'info', 'paths', 'components'],
  properties: {
    openapi: { type: 'string', pattern: '^3\\.1\\.\\d+$' },
    info: {
      type: 'object',
      required: ['title', 'version'],
      properties: { title: { type: 'string', minLength: 1 }, version: { type: 'string', minLength: 1 } },
    },
    paths: {
      type: 'object',
      propertyNames: { pattern: '^/' },
      additionalProperties: {
        type: 'object',
        propertyNames: { enum: METHODS },
        additionalProperties: {
          type: 'object',
          required: ['operationId', 'responses'],
          properties: {
            operationId: { type: 'string', minLength: 1 },
            tags: { type: 'array', items: { type: 'string' }, minItems: 1 },
            responses: {
              type: 'object',
              minProperties: 1,
              propertyNames: { pattern: '^([1-5]XX|[1-5]\\d\\d|default)$' },
            },
            parameters: {
              type: 'array',
              items: {
                type: 'object',
                required: ['name', 'in', 'schema'],
                properties: {
                  name: { type: 'string', minLength: 1 },
                  in: { enum: ['path', 'query', 'header', 'cookie'] },
                  schema: { type: 'object' },
                },
              },
            },
            requestBody: {
              type: 'object',
              required: ['content'],
              properties: { content: { type: 'object', minProperties: 1 } },
            },
            security: { type: 'array', items: { type: 'object' } },
          },
        },
      },
    },
    components: { type: 'object' },
  },
};

describe('GET /openapi.json: the gateway as OpenAPI 3.1, made from the mounted routes', () => {
  let server: TestServer;
  let doc: Json;
  let routes: MountedRouteHandlers[];

  beforeAll(async () => {
    server = await startTestServer({ withSmtp: false });
    // the client's pages (SPA fallback, when a built client is served) are not the API
    routes = mountedRouteHandlers(server.app).filter(
      (route) => !route.handlers.some((handler) => handlerDoc(handler)?.notApi),
    );
    const answer = await fetch(`${server.base}/openapi.json`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
    doc = (await answer.json()) as Json;
  });
  afterAll(() => server.close());

  const operationOf = (route: { method: string; path: string }): Json | undefined =>
    doc.paths[templated(route.path)]?.[route.method.toLowerCase()];

  it('is OpenAPI 3.1 of this version, in the documented shape, public and with an ETag', async () => {
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe(version);
    const ajv = new Ajv2020({ strict: true, allErrors: true });
    const check = ajv.compile(DOCUMENT_SHAPE);
    expect(check(doc), JSON.stringify(check.errors?.slice(0, 5))).toBe(true);

    const first = await fetch(`${server.base}/openapi.json`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"openapi-[0-9a-f]+"$/);
    const again = await fetch(`${server.base}/openapi.json`, { headers: { 'if-none-match': etag ?? '' } });
    expect(again.status).toBe(304);
  });

  it('has every mounted route with its method, and nothing that is not mounted', () => {
    expect(routes.length).toBeGreaterThan(100);
    const mounted = new Set(routes.map((route) => `${route.method.toLowerCase()} ${templated(route.path)}`));
    expect(routes.filter((route) => /[{}]/.test(route.path))).toEqual([]); // no optional groups to expand
    const missing = routes.filter((route) => !operationOf(route)).map((route) => `${route.method} ${route.path}`);
    expect(missing).toEqual([]);
    const documented = Object.entries(doc.paths as Json).flatMap(([path, item]) =>
      Object.keys(item).map((method) => `${method} ${path}`),
    );
    expect(documented.filter((operation) => !mounted.has(operation))).toEqual([]);
    expect(documented).toHaveLength(mounted.size);
    expect(mounted.has('get /openapi.json')).toBe(true);
  });

  it('gives each route whose handlers validate its body the very schema validate() enforces', () => {
    let validated = 0;
    for (const route of routes) {
      const schemas = route.handlers.flatMap((handler): Record<string, unknown>[] => {
        const schema = handlerDoc(handler)?.body;
        return schema ? [schema] : [];
      });
      const multipart = route.handlers.some((handler) => handlerDoc(handler)?.multipartFile);
      const body = operationOf(route)?.requestBody;
      const where = `${route.method} ${route.path}`;
      expect(schemas.length, where).toBeLessThanOrEqual(1);
      if (schemas.length === 0) {
        if (!multipart) expect(body, where).toBeUndefined();
        continue;
      }
      validated += 1;
      const expected = jsonSchema2020(schemas[0], operationOf(route)?.operationId);
      if (multipart) {
        // the text fields as validate() checks them, and the file multer reads under `file`
        const { file, ...fields } = body.content['multipart/form-data'].schema.properties;
        expect(file, where).toEqual({ type: 'string', contentMediaType: 'application/octet-stream' });
        const required = body.content['multipart/form-data'].schema.required.filter((name: string) => name !== 'file');
        expect({ ...body.content['multipart/form-data'].schema, properties: fields, required }, where).toEqual({
          ...expected,
          properties: expected.properties ?? {},
          required: expected.required ?? [],
        });
      } else {
        expect(Object.keys(body.content), where).toEqual(['application/json']);
        expect(body.content['application/json'].schema, where).toEqual(expected);
      }
    }
    expect(validated).toBeGreaterThan(50);
  });

  it('names every path parameter, asks for the Bearer token where authenticate() guards, and every $ref resolves', () => {
    for (const route of routes) {
      const operation = operationOf(route) as Json;
      const where = `${route.method} ${route.path}`;
      const inPath = (operation.parameters ?? []).filter((parameter: Json) => parameter.in === 'path');
      expect(
        inPath.map((parameter: Json) => parameter.name),
        where,
      ).toEqual(parameterNames(route.path));
      expect(inPath.every((parameter: Json) => parameter.required === true)).toBe(true);
      if (route.handlers.some((handler) => handlerDoc(handler)?.bearer === 'required')) {
        expect(operation.security, where).toEqual([expect.objectContaining({ bearerAuth: [] })]);
        expect(operation.responses['401'], where).toEqual({ $ref: '#/components/responses/Unauthorized' });
      }
    }
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]);
    for (const ref of refs) {
      const target = ref
        .replace(/^#\//, '')
        .split('/')
        .reduce<Json | undefined>((node, key) => node?.[key], doc);
      expect(target, ref).toBeDefined();
    }
  });

  it('has only schemas JSON Schema 2020-12 compiles', () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    const schemas: unknown[] = [];
    for (const item of Object.values(doc.paths as Json)) {
      for (const operation of Object.values(item as Json)) {
        for (const parameter of operation.parameters ?? []) schemas.push(parameter.schema);
        for (const media of Object.values(operation.requestBody?.content ?? {})) schemas.push((media as Json).schema);
      }
    }
    schemas.push(...Object.values(doc.components.schemas));
    for (const schema of schemas) expect(() => ajv.compile(schema as object), JSON.stringify(schema)).not.toThrow();
  });

  // the edge checks compile when a route first runs (server/http/validate.ts): a schema ajv (strict)
  // refuses must fail here rather than on its route's first request
  it('has edge checks whose schemas all compile', () => {
    expect(compilePendingValidators()).toBe(0);
  });
});
