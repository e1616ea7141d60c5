import type { RequestHandler } from 'express';

/**
 * What a middleware enforces, as the OpenAPI generator (server/http/openapi.ts) reads it back from
 * the app's router stack: the schema `validate()` checks the body against, the path and query
 * schemas, the caller it demands, a multipart body. Set by the middleware's own factory, so the
 * document describes what is enforced, not a copy kept beside it.
 */
export interface HandlerDoc {
  /** The JSON body's schema (`validate`). */
  body?: Record<string, unknown>;
  /** The path parameters' schema (`validateParams`). */
  params?: Record<string, unknown>;
  /** The query parameters' schema (`validateQuery`). */
  query?: Record<string, unknown>;
  /**
   * The Bearer session token: `required` (`authenticate`: 401 without one), or `optional` (read
   * when sent, anonymous calls let through: `optionalAuthenticate`).
   */
  bearer?: 'required' | 'optional';
  /** A fixed API key in this request header (the notification gateway). */
  apiKeyHeader?: string;
  /** The body is multipart/form-data with one file under this field (`readUpload`). */
  multipartFile?: string;
  /** A throttle's refusal: 429 with this description and a Retry-After header (the ingest API's budget). */
  throttled?: string;
  /** Not the API: the client's pages (the SPA fallback); left out of the document. */
  notApi?: true;
}

const docs = new WeakMap<object, HandlerDoc>();

/** Records what `handler` enforces (merged with anything recorded before); returns the handler. */
export function describeHandler<H extends RequestHandler>(handler: H, doc: HandlerDoc): H {
  docs.set(handler, { ...docs.get(handler), ...doc });
  return handler;
}

/** What a handler was described as enforcing, if anything. */
export function handlerDoc(handler: unknown): HandlerDoc | undefined {
  return typeof handler === 'function' ? docs.get(handler) : undefined;
}
