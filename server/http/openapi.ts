import { createHash } from 'node:crypto';
import type { Express, Request, RequestHandler, Response } from 'express';
import { etagMatches } from './if-none-match';
import { type HandlerDoc, handlerDoc } from './handler-docs';

/**
 * The gateway's OpenAPI 3.1 document, made from the running app itself: its routers are walked
 * (every mounted route, with the middlewares that run before it), and each middleware's own
 * description (server/http/handler-docs.ts) gives the body schema `validate()` enforces, the path
 * and query schemas, whether a Bearer token is required and whether the body is multipart. A route
 * added tomorrow is in the document without anyone remembering to list it.
 */

type Schema = Record<string, unknown>;

/** The parts of Express 5's router (router 2.x) the walk reads; not in @types/express. */
interface Layer {
  rawPath?: string | RegExp | (string | RegExp)[];
  /** A route's own layers: the method they answer (none: every method). */
  method?: string;
  route?: { path: string; methods: Record<string, boolean>; stack: Layer[] };
  handle: { stack?: Layer[] };
}

/** A mounted route with the handlers a request to it passes, in order (middlewares before it, then its own). */
export interface RouteChain {
  /** Lower case, as OpenAPI keys its operations. */
  method: string;
  /** Express's template: `/documents/:kind/:id`. */
  path: string;
  handlers: unknown[];
}

const join = (prefix: string, path: string) => (prefix + (path === '/' ? '' : path)).replace(/\/{2,}/g, '/') || '/';

/** Whether a middleware mounted at `at` runs for a request to `path`. */
const covers = (at: string, path: string) => at === '/' || path === at || path.startsWith(`${at}/`);

interface Middleware {
  path: string;
  handle: unknown;
}

function walk(stack: Layer[], prefix: string, inherited: Middleware[], found: RouteChain[]): void {
  const before = [...inherited];
  for (const layer of stack) {
    const paths = [layer.rawPath ?? '/'].flat().filter((path): path is string => typeof path === 'string');
    for (const path of paths) {
      const full = join(prefix, path);
      if (layer.route) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || method === '_all') continue;
          const own = layer.route.stack.filter((step) => !step.method || step.method === method);
          found.push({
            method,
            path: full,
            handlers: [
              ...before.filter((middleware) => covers(middleware.path, full)).map((middleware) => middleware.handle),
              ...own.map((step) => step.handle),
            ],
          });
        }
      } else if (Array.isArray(layer.handle.stack)) {
        walk(layer.handle.stack, full, before, found);
      } else {
        before.push({ path: full, handle: layer.handle });
      }
    }
  }
}

/** Every route of the app, each once (the first mounted answers), with its handler chain. */
export function routeChains(app: Express): RouteChain[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  const found: RouteChain[] = [];
  walk(router.stack, '', [], found);
  const seen = new Set<string>();
  return found.filter((route) => {
    const key = `${route.method} ${route.path}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The OpenAPI paths an Express template stands for: `:name` and `*name` become `{name}`; an
 * optional group `{…}` gives one path without it and one with it.
 */
export function openApiPaths(path: string): string[] {
  const group = path.match(/\{([^{}]*)\}/);
  if (group?.index !== undefined) {
    const head = path.slice(0, group.index);
    const tail = path.slice(group.index + group[0].length);
    return [...new Set([...openApiPaths(head + tail), ...openApiPaths(head + group[1] + tail)])];
  }
  return [path.replace(/[:*]([A-Za-z_$][\w$]*)/g, '{$1}')];
}

/**
 * A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). ajv here runs draft-07: `definitions`
 * become `$defs` (and the `$ref`s into them follow), tuple `items` become `prefixItems`,
 * `dependencies` split into `dependentRequired`/`dependentSchemas`. A schema with `$defs` gets an
 * `$id` of its own, so its `#/$defs/…` references resolve within it, not against the document.
 */
export function jsonSchema2020(schema: Schema, name = 'schema'): Schema {
  const converted = convert(schema) as Schema;
  const { $schema: _dialect, ...rest } = converted;
  return '$defs' in rest && !('$id' in rest) ? { $id: `urn:paysec:request:${name}`, ...rest } : rest;
}

function convert(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(convert);
  if (!value || typeof value !== 'object') return value;
  const out: Schema = {};
  const source = value as Schema;
  for (const [key, child] of Object.entries(source)) {
    if (key === 'definitions') out.$defs = convert(child);
    else if (key === '$ref' && typeof child === 'string') out.$ref = child.replace(/^#\/definitions\//, '#/$defs/');
    else if (key === 'items' && Array.isArray(child)) out.prefixItems = convert(child);
    else if (key === 'additionalItems' && Array.isArray(source.items)) out.items = convert(child);
    else if (key === 'dependencies' && child && typeof child === 'object') {
      for (const [property, dependency] of Object.entries(child)) {
        const bucket = Array.isArray(dependency) ? 'dependentRequired' : 'dependentSchemas';
        out[bucket] = { ...(out[bucket] as Schema | undefined), [property]: convert(dependency) };
      }
    } else out[key] = convert(child);
  }
  return out;
}

/** What the handlers of one route enforce, together; the first description of each kind counts. */
function describedChain(handlers: unknown[]): HandlerDoc {
  const merged: HandlerDoc = {};
  for (const handler of handlers) {
    const doc = handlerDoc(handler);
    if (!doc) continue;
    merged.body ??= doc.body;
    merged.params ??= doc.params;
    merged.query ??= doc.query;
    merged.apiKeyHeader ??= doc.apiKeyHeader;
    merged.multipartFile ??= doc.multipartFile;
    merged.throttled ??= doc.throttled;
    if (doc.bearer === 'required' || (doc.bearer === 'optional' && !merged.bearer)) merged.bearer = doc.bearer;
  }
  return merged;
}

/** The request body a route's chain describes, as OpenAPI's `requestBody`, or none. */
export function requestBodyOf(doc: HandlerDoc, name: string): Schema | undefined {
  const schema = doc.body && jsonSchema2020(doc.body, name);
  if (doc.multipartFile) {
    const fields = schema ?? { type: 'object', additionalProperties: false };
    const properties = (fields.properties as Schema | undefined) ?? {};
    const required = (fields.required as string[] | undefined) ?? [];
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            ...fields,
            properties: {
              ...properties,
              [doc.multipartFile]: { type: 'string', contentMediaType: 'application/octet-stream' },
            },
            required: [...required, doc.multipartFile],
          },
        },
      },
    };
  }
  if (!schema) return undefined;
  // validate() reads a missing body as {}: the body is required when {} would not do
  return {
    required: Array.isArray(schema.required) && schema.required.length > 0,
    content: { 'application/json': { schema } },
  };
}

const parameterNames = (path: string) => [...path.matchAll(/\{([^{}]+)\}/g)].map((match) => match[1]);

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

/** The error answers of server/http/error-handler.ts: `{ code, message, errors? }`. */
const COMPONENTS = {
  schemas: {
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', description: 'A key under `errors.` in locales/*.json, e.g. `invalidRequest`.' },
        message: { type: 'string', description: "The code's message in the request's language." },
        errors: {
          type: 'object',
          description: 'Field → the i18n key of its first problem; a problem with the whole body is under `body`.',
          additionalProperties: { type: 'string' },
        },
      },
    },
  },
  responses: {
    BadRequest: error(
      '`invalidRequest`: the body, a path or a query parameter is malformed; `errors` names the fields.',
    ),
    Unauthorized: error('`unauthorized`: no valid Bearer token of an active user.'),
    Forbidden: error('`noPermission` (or a more specific code): the caller may not do this.'),
    NotFound: error('`notFound`: nothing with these identifiers (or nothing the caller may see).'),
    Conflict: error('The state changed under the request (e.g. a stale version).'),
    Unprocessable: error('`validationFailed` or a domain rule refused the content.'),
    PayloadTooLarge: error('`payloadTooLarge`: the body is over its limit.'),
    UnsupportedMediaType: error('`unsupportedMediaType`: a body type or encoding not read here.'),
    TooManyRequests: error('`tooManyRequests`: a throttle refused the call; try later.'),
    ServerError: error('`somethingWentWrong`: logged on the server, never answered with details.'),
  },
  securitySchemes: {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The session token from POST /iam/api/login.',
    },
  } as Record<string, Schema>,
};

const WRITES = new Set(['post', 'put', 'patch', 'delete']);
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });

function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/\{([^{}]+)\}/g, 'By-$1'))
    .flatMap((segment) => segment.split(/[^A-Za-z0-9]+/))
    .filter(Boolean);
  return method + words.map((word) => word[0].toUpperCase() + word.slice(1)).join('');
}

/** The API-key scheme of a header, registered in the components on first use. */
function apiKeyScheme(header: string, schemes: Record<string, Schema>): string {
  const name = `apiKey_${header.replace(/[^A-Za-z0-9]+/g, '_')}`;
  schemes[name] ??= { type: 'apiKey', in: 'header', name: header };
  return name;
}

function operation(route: RouteChain, path: string, operationId: string, schemes: Record<string, Schema>): Schema {
  const doc = describedChain(route.handlers);
  const names = parameterNames(path);
  const paramSchemas = (doc.params?.properties as Record<string, Schema> | undefined) ?? {};
  const querySchemas = (doc.query?.properties as Record<string, Schema> | undefined) ?? {};
  const queryRequired = (doc.query?.required as string[] | undefined) ?? [];
  const parameters = [
    ...names.map((name) => ({
      name,
      in: 'path',
      required: true,
      schema: paramSchemas[name] ? jsonSchema2020(paramSchemas[name]) : { type: 'string' },
    })),
    ...Object.entries(querySchemas).map(([name, schema]) => ({
      name,
      in: 'query',
      required: queryRequired.includes(name),
      schema: jsonSchema2020(schema),
    })),
  ];
  const requestBody = requestBodyOf(doc, operationId);
  const write = WRITES.has(route.method);
  const responses: Schema = { '2XX': { description: 'Success.' } };
  if (write || parameters.length > 0 || requestBody) responses['400'] = ref('BadRequest');
  if (doc.bearer === 'required') responses['401'] = ref('Unauthorized');
  if (doc.bearer === 'required' || doc.apiKeyHeader) responses['403'] = ref('Forbidden');
  if (names.length > 0) responses['404'] = ref('NotFound');
  if (write) {
    responses['409'] = ref('Conflict');
    responses['413'] = ref('PayloadTooLarge');
    responses['415'] = ref('UnsupportedMediaType');
    responses['422'] = ref('Unprocessable');
    responses['429'] = ref('TooManyRequests');
  }
  if (doc.throttled)
    responses['429'] = {
      ...error(doc.throttled),
      headers: {
        'Retry-After': { description: 'Seconds until the window ends.', schema: { type: 'integer', minimum: 1 } },
      },
    };
  responses['5XX'] = ref('ServerError');

  const needed: Record<string, string[]> = {};
  if (doc.apiKeyHeader) needed[apiKeyScheme(doc.apiKeyHeader, schemes)] = [];
  if (doc.bearer === 'required') needed.bearerAuth = [];
  // a Bearer token is read when sent: anonymous calls are served too
  const security =
    doc.bearer === 'optional'
      ? [needed, { ...needed, bearerAuth: [] }]
      : Object.keys(needed).length > 0
        ? [needed]
        : undefined;
  return {
    operationId,
    tags: [path.split('/')[1] || '/'],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
    ...(security ? { security } : {}),
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/** The document of every route the app mounts now. */
export function openApiDocument(app: Express, info: OpenApiInfo): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  const schemes = { ...COMPONENTS.securitySchemes };
  const ids = new Set<string>();
  for (const route of routeChains(app)) {
    if (route.handlers.some((handler) => handlerDoc(handler)?.notApi)) continue;
    for (const path of openApiPaths(route.path)) {
      paths[path] ??= {};
      if (paths[path][route.method]) continue; // the first route mounted answers
      let operationId = operationIdOf(route.method, path);
      for (let n = 2; ids.has(operationId); n++) operationId = `${operationIdOf(route.method, path)}${n}`;
      ids.add(operationId);
      paths[path][route.method] = operation(route, path, operationId, schemes);
    }
  }
  const tags = [...new Set(Object.values(paths).flatMap((item) => Object.values(item).flatMap((op) => op.tags)))];
  return {
    openapi: '3.1.0',
    info,
    servers: [{ url: '/' }],
    tags: (tags as string[]).sort().map((name) => ({ name })),
    paths,
    components: { ...COMPONENTS, securitySchemes: schemes },
  };
}

/**
 * GET /openapi.json: the document, made once per app on the first request (every route is mounted
 * by then), with a strong ETag; a matching If-None-Match is answered 304.
 */
export function openApiRoute(app: Express, info: OpenApiInfo): RequestHandler {
  let made: { json: string; etag: string } | null = null;
  return (req: Request, res: Response) => {
    if (!made) {
      const json = JSON.stringify(openApiDocument(app, info));
      made = { json, etag: `"openapi-${createHash('sha256').update(json).digest('hex').slice(0, 32)}"` };
    }
    res.setHeader('ETag', made.etag);
    res.setHeader('Cache-Control', 'no-cache');
    if (etagMatches(req.get('if-none-match'), made.etag)) {
      res.status(304).end();
      return;
    }
    res.type('application/json').send(made.json);
  };
}
