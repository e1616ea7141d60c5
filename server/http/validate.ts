import Ajv, { type ErrorObject, type JSONSchemaType, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { isTimeZone } from '../../core/dates/time-zones';
import { AppError } from './app-error';
import { describeHandler } from './handler-docs';

const ajv = new Ajv({ allErrors: true, strict: true });
addFormats(ajv);
ajv.addFormat('time-zone', { type: 'string', validate: isTimeZone });

/**
 * The edge checks' compiled validators, made when a route first runs rather than when it is
 * mounted: compiling them all took about half a second of every start (docs/architecture.md
 * 'Compression and start-up'). Each route's schema is listed here until then, so
 * compilePendingValidators() can compile the rest at once — server/main.ts does after listening,
 * in slices between answers, and a test does so that a schema ajv refuses fails there, not in use.
 */
const pending = new Set<() => ValidateFunction>();

function lazyCompile(schema: object): () => ValidateFunction {
  let check: ValidateFunction | undefined;
  const get = () => {
    if (!check) {
      check = ajv.compile(schema);
      pending.delete(get);
    }
    return check;
  };
  pending.add(get);
  return get;
}

/** Compiles every edge check not compiled yet (at most `limit`); how many are left. */
export function compilePendingValidators(limit = Number.POSITIVE_INFINITY): number {
  let done = 0;
  for (const get of [...pending]) {
    if (done++ >= limit) break;
    get();
  }
  return pending.size;
}

/** ajv keyword → the i18n key a form shows next to the field. */
function fieldCode(error: ErrorObject): string {
  if (error.keyword === 'required') return 'validation.required';
  if (error.keyword === 'format' && error.params.format === 'email') return 'validation.email';
  return 'invalidRequest';
}

/** field → code, first problem per field; a problem with the whole body is filed under `body`. */
export function fieldErrors(errors: ErrorObject[] | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const error of errors ?? []) {
    const field =
      error.keyword === 'required'
        ? String(error.params.missingProperty)
        : error.instancePath.split('/')[1] ||
          (error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : 'body');
    fields[field] ??= fieldCode(error);
  }
  return fields;
}

/**
 * Edge validation: the request body must match the schema or the call ends with
 * 400 `invalidRequest` and the offending fields, before any handler runs.
 */
export function validate<T>(schema: JSONSchemaType<T> | Record<string, unknown>): RequestHandler {
  const compiled = lazyCompile(schema);
  const handler = (req: Request, _res: Response, next: NextFunction) => {
    const check = compiled();
    if (!check(req.body ?? {})) throw new AppError(400, 'invalidRequest', fieldErrors(check.errors));
    next();
  };
  // the schema checked is the one /openapi.json shows as the request body
  return describeHandler(handler, { body: schema as Record<string, unknown> });
}

/** Edge validation of path parameters: 400 `invalidRequest` naming the parameter, before any handler runs. */
export function validateParams(schema: Record<string, unknown>): RequestHandler {
  const compiled = lazyCompile(schema);
  const handler = (req: Request, _res: Response, next: NextFunction) => {
    const check = compiled();
    if (!check(req.params ?? {})) throw new AppError(400, 'invalidRequest', fieldErrors(check.errors));
    next();
  };
  return describeHandler(handler, { params: schema });
}

/** The same edge check for query parameters (strings as Express parses them). */
export function validateQuery(schema: Record<string, unknown>): RequestHandler {
  const compiled = lazyCompile(schema);
  const handler = (req: Request, _res: Response, next: NextFunction) => {
    const check = compiled();
    if (!check({ ...req.query })) throw new AppError(400, 'invalidRequest', fieldErrors(check.errors));
    next();
  };
  return describeHandler(handler, { query: schema });
}

/**
 * A query parameter holding JSON (a list's `aggregate`), parsed and checked against its schema:
 * undefined when absent, else the value, or 400 `invalidRequest` naming the parameter.
 */
export function jsonQueryValue(name: string, raw: unknown, check: () => ValidateFunction): unknown {
  if (raw === undefined || raw === '') return undefined;
  let value: unknown;
  try {
    value = typeof raw === 'string' ? JSON.parse(raw) : Number.NaN;
  } catch {
    value = Number.NaN;
  }
  const validate = check();
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((error) => ({
      parameter: name,
      message: `${error.instancePath || '/'} ${error.message ?? 'is not valid'}`,
    }));
    throw new AppError(400, 'invalidRequest', { [name]: 'invalidRequest' }, { problems });
  }
  return value;
}

/** A compiled check of a JSON query parameter's schema, for jsonQueryValue (compiled on first use). */
export const jsonQuerySchema = (schema: object): (() => ValidateFunction) => lazyCompile(schema);

/**
 * The edge check of a JSON query parameter, described for /openapi.json as a string of JSON whose
 * content has the schema; the handler reads the value again with jsonQueryValue (Express parses the
 * query anew on each read, so nothing is handed over).
 */
export function validateJsonQuery(name: string, schema: Record<string, unknown>): RequestHandler {
  const check = jsonQuerySchema(schema);
  const handler = (req: Request, _res: Response, next: NextFunction) => {
    jsonQueryValue(name, req.query[name], check);
    next();
  };
  const described = { type: 'string', contentMediaType: 'application/json', contentSchema: schema };
  return describeHandler(handler, { query: { type: 'object', properties: { [name]: described } } });
}
