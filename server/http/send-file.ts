/**
 * A file answered as a download: Express's `attachment` names it (with an RFC 5987 `filename*` for
 * names beyond ASCII), the type is the one the server decided, never sniffed, and the length is known.
 */
import type { Response } from 'express';

export interface SentFile {
  fileName: string;
  contentType: string;
  bytes: Buffer;
}

export function sendFile(res: Response, file: SentFile): void {
  res.attachment(file.fileName);
  res.type(file.contentType);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Length', String(file.bytes.length));
  res.send(file.bytes);
}

/** A generated report's download: 202 with the report while its job works on it, else the file. */
export function sendGenerated<Report>(
  res: Response,
  download: { state: 'generating'; report: Report } | { state: 'ready'; file: SentFile },
): void {
  if (download.state === 'generating') res.status(202).json({ content: download.report });
  else sendFile(res, download.file);
}
