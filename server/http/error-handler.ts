import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { AppError } from './app-error';
import { type Language, type Translator, requestLanguage } from './i18n';
import { problemsIn } from './problem-text';

/** Our code for a client error status some library chose (body-parser, the router's param decoding). */
const CODE_BY_STATUS: Record<number, string> = {
  401: 'unauthorized',
  403: 'noPermission',
  404: 'notFound',
  413: 'payloadTooLarge',
  415: 'unsupportedMediaType',
  429: 'tooManyRequests',
};

/** body-parser's error types, each a client mistake whatever status it carries. */
const BODY_ERROR_STATUS: Record<string, number> = {
  'entity.parse.failed': 400,
  'entity.verify.failed': 400,
  'entity.too.large': 413,
  'parameters.too.many': 413,
  'encoding.unsupported': 415,
  'charset.unsupported': 415,
  'request.size.invalid': 400,
  'request.aborted': 400,
  'stream.encoding.set': 400,
  'stream.not.readable': 400,
};

/**
 * An error a client caused, as an AppError: body-parser's (by type; a body that lies about its
 * Content-Encoding fails in zlib and arrives as a bare 400) and the router's (a malformed
 * percent-escape in a path parameter is a URIError with status 400). Null for anything else.
 */
function clientError(error: unknown): AppError | null {
  if (!error || typeof error !== 'object') return null;
  const { type, status, statusCode } = error as { type?: unknown; status?: unknown; statusCode?: unknown };
  const given = typeof type === 'string' ? BODY_ERROR_STATUS[type] : undefined;
  const httpStatus = given ?? (typeof status === 'number' ? status : statusCode);
  if (typeof httpStatus !== 'number' || httpStatus < 400 || httpStatus > 499) return null;
  const code = CODE_BY_STATUS[httpStatus] ?? 'invalidRequest';
  return new AppError(httpStatus, code, httpStatus === 400 ? { body: 'invalidRequest' } : undefined);
}

/**
 * The one error handler: `{ code, message, errors? }` with the message in the request's language.
 * Client errors are answered, never logged; anything else is logged and answered as
 * `somethingWentWrong` (500), never with a stack.
 */
export function errorHandler(
  translator: Translator,
  logError: (message: string, error: unknown) => void,
  /** An admin's text over the catalogue's (TRN translation), looked up only when an error is answered. */
  overrideOf: (language: Language, key: string) => Promise<string | undefined> = async () => undefined,
): ErrorRequestHandler {
  return async (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let appError = error instanceof AppError ? error : clientError(error);
    if (!appError) {
      logError(`${req.method} ${req.path} failed`, error);
      appError = new AppError(500, 'somethingWentWrong');
    }
    const language = requestLanguage(req);
    const problems = appError.extra?.problems;
    // a wait the answer names (a sign-in delay) is also said the way HTTP clients read it (RFC 9110 §10.2.3)
    const retryAfter = appError.extra?.retryAfter;
    if (appError.status === 429 && typeof retryAfter === 'number') res.setHeader('Retry-After', String(retryAfter));
    const key = `errors.${appError.code}`;
    const written = await overrideOf(language, key).catch(() => undefined);
    if (res.headersSent) return;
    res.status(appError.status).json({
      code: appError.code,
      message: written ?? translator.t(language, key),
      ...(appError.fields ? { errors: appError.fields } : {}),
      ...appError.extra,
      ...(Array.isArray(problems) ? { problems: problemsIn(problems, translator, language) } : {}),
    });
  };
}

/** Unknown API paths answer 404 JSON rather than an HTML page. */
export const notFound: RequestHandler = (_req: Request) => {
  throw new AppError(404, 'notFound');
};
