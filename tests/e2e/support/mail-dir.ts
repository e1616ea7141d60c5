import path from 'node:path';

/** Where the SMTP sink of the e2e server on `port` writes its mail, one JSON file per message. */
export function mailDirFor(port: number | string): string {
  return path.resolve('artifacts/e2e-mail', String(port));
}
