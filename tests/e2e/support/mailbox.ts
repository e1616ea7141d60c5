/** Reads the mail the e2e SMTP sink received (one JSON file per message). */
import fs from 'node:fs';
import path from 'node:path';
import { test } from '@playwright/test';
import { mailDirFor } from './mail-dir';
import { serverURL } from './servers';

/** The mail of the server the running test talks to (its worker's). */
function mailDir(): string {
  return mailDirFor(new URL(serverURL(test.info().parallelIndex)).port);
}

export interface ReceivedMail {
  /** The envelope sender (MAIL FROM). */
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
}

function readAll(): ReceivedMail[] {
  const dir = mailDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as ReceivedMail);
}

/** Waits for the newest mail to `to` whose text holds a link to `pathPart`, and returns that link. */
export async function waitForLink(to: string, pathPart: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  const pattern = new RegExp(`https?://[^\\s"'<>]*${pathPart.replace(/[/?]/g, '\\$&')}[^\\s"'<>]*`);
  while (Date.now() < deadline) {
    const mail = readAll()
      .reverse()
      .find((m) => m.to.some((t) => t.toLowerCase().includes(to.toLowerCase())) && pattern.test(m.text));
    if (mail) return (mail.text.match(pattern) as RegExpMatchArray)[0];
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a ${pathPart} link within ${timeoutMs} ms`);
}

/** Waits for the newest mail to `to` that `match` accepts. */
export async function waitForMail(
  to: string,
  match: (mail: ReceivedMail) => boolean,
  timeoutMs = 15_000,
): Promise<ReceivedMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mail = readAll()
      .reverse()
      .find((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()) && match(m));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no matching mail to ${to} within ${timeoutMs} ms`);
}
