import express from 'express';
import { describe, expect, it } from 'vitest';
import { authenticate } from '../../../server/auth/authenticate';
import type { AppContext } from '../../../server/context';
import { describeHandler } from '../../../server/http/handler-docs';
import { jsonSchema2020, openApiDocument, openApiPaths } from '../../../server/http/openapi';
import { validate, validateParams } from '../../../server/http/validate';

describe('the OpenAPI generator', () => {
  it('writes Express templates as OpenAPI paths, an optional group as both paths', () => {
    expect(openApiPaths('/documents/:kind/:id')).toEqual(['/documents/{kind}/{id}']);
    expect(openApiPaths('/validators/:id/:hash.js')).toEqual(['/validators/{id}/{hash}.js']);
    expect(openApiPaths('/files/*rest')).toEqual(['/files/{rest}']);
    expect(openApiPaths('/items{/:page}')).toEqual(['/items', '/items/{page}']);
  });

  it("turns draft-07's own keywords into JSON Schema 2020-12's", () => {
    const draft7 = {
      $schema: 'http://json-schema.org/draft-07/schema#',
      type: 'object',
      definitions: { id: { type: 'string' } },
      properties: {
        id: { $ref: '#/definitions/id' },
        pair: { type: 'array', items: [{ type: 'string' }, { type: 'number' }], additionalItems: false },
      },
      dependencies: { a: ['b'], c: { required: ['d'] } },
    };
    expect(jsonSchema2020(draft7, 'thing')).toEqual({
      $id: 'urn:paysec:request:thing',
      type: 'object',
      $defs: { id: { type: 'string' } },
      properties: {
        id: { $ref: '#/$defs/id' },
        pair: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false },
      },
      dependentRequired: { a: ['b'] },
      dependentSchemas: { c: { required: ['d'] } },
    });
    const plain = { type: 'object', required: ['a'], properties: { a: { type: 'string', format: 'email' } } };
    expect(jsonSchema2020(plain)).toEqual(plain);
  });

  it("documents a route from its chain: validate()'s schema, path schemas, the Bearer token, middlewares before it", () => {
    const body = {
      type: 'object',
      required: ['name'],
      additionalProperties: false,
      properties: { name: { type: 'string' } },
    };
    const params = { type: 'object', properties: { id: { type: 'string', pattern: '^[a-z]+$' } } };
    const app = express();
    const router = express.Router();
    router.use(authenticate({} as AppContext));
    router.put('/things/:id', validateParams(params), validate(body), () => {});
    app.get('/open', () => {});
    app.use('/api', router);
    const doc = openApiDocument(app, { title: 't', version: '1.2.3' }) as { paths: Record<string, any> };
    expect(Object.keys(doc.paths)).toEqual(['/open', '/api/things/{id}']);
    const put = doc.paths['/api/things/{id}'].put;
    expect(put.requestBody).toEqual({ required: true, content: { 'application/json': { schema: body } } });
    expect(put.parameters).toEqual([{ name: 'id', in: 'path', required: true, schema: params.properties.id }]);
    expect(put.security).toEqual([{ bearerAuth: [] }]);
    expect(put.tags).toEqual(['api']);
    expect(put.responses['401']).toEqual({ $ref: '#/components/responses/Unauthorized' });
    expect(doc.paths['/open'].get.security).toBeUndefined();

    // the client's pages are not the API
    app.get(
      '/{*page}',
      describeHandler(() => {}, { notApi: true }),
    );
    expect(Object.keys(openApiDocument(app, { title: 't', version: '1' }).paths as object)).toEqual(
      Object.keys(doc.paths),
    );
    expect(doc.paths['/open'].get.requestBody).toBeUndefined();
  });
});
