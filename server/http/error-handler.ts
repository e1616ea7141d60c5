import type { ErrorRequestHandler, Request, RequestHandler } from 'express';
import { AppError } from './app-error';
import { type Translator, requestLanguage } from './i18n';

/** body-parser errors carry a `type`; map the ones a client can cause to a 4xx code. */
function clientError(error: unknown): AppError | null {
  if (!error || typeof error !== 'object' || !('type' in error)) return null;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return new AppError(400, 'invalidRequest', { body: 'invalidRequest' });
    case 'entity.too.large':
      return new AppError(413, 'payloadTooLarge');
    case 'encoding.unsupported':
    case 'charset.unsupported':
    case 'request.size.invalid':
    case 'request.aborted':
    case 'parameters.too.many':
      return new AppError(400, 'invalidRequest');
    default:
      return null;
  }
}

/**
 * The one error handler: `{ code, message, errors? }` with the message in the request's language.
 * Anything unexpected is logged and answered as `somethingWentWrong`, never with a stack.
 */
export function errorHandler(
  translator: Translator,
  logError: (message: string, error: unknown) => void,
): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    let appError = error instanceof AppError ? error : clientError(error);
    if (!appError) {
      logError(`${req.method} ${req.originalUrl} failed`, error);
      appError = new AppError(500, 'somethingWentWrong');
    }
    const language = requestLanguage(req);
    res.status(appError.status).json({
      code: appError.code,
      message: translator.t(language, `errors.${appError.code}`),
      ...(appError.fields ? { errors: appError.fields } : {}),
      ...appError.extra,
    });
  };
}

/** Unknown API paths answer 404 JSON rather than an HTML page. */
export const notFound: RequestHandler = (_req: Request) => {
  throw new AppError(404, 'notFound');
};
