/**
 * A failure the client is meant to see: HTTP status, an error code (a key under `errors.` in
 * locales), optional field → i18n-key map for forms, and extra top-level fields (e.g. `problems`).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly fields?: Record<string, string>,
    readonly extra?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }
}
