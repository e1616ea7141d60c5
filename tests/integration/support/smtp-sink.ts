import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { decodeHeader, parseMessage } from './mime';

/** A mail as the sink received it, decoded. */
export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  raw: string;
  /** The user name the client signed in with (a sink started with `auth` only). */
  authUser?: string;
}

export interface SmtpSink {
  port: number;
  messages: ReceivedMail[];
  /** Resolves with the first mail (already received or arriving) to this address. */
  waitFor(to: string, options?: { timeoutMs?: number; match?: (mail: ReceivedMail) => boolean }): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export interface SmtpSinkOptions {
  onMessage?: (mail: ReceivedMail, index: number) => void;
  /** Require SMTP AUTH (PLAIN or LOGIN over the plain connection) with exactly these credentials. */
  auth?: { user: string; pass: string };
}

/**
 * A real SMTP server on 127.0.0.1 and a free port that accepts every mail (no TLS; no auth unless
 * `auth` names the only credentials it takes) and keeps it, for integration and e2e tests to read
 * links from.
 */
export async function start(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const required = options.auth;
  const server = new SMTPServer({
    authOptional: !required,
    disabledCommands: required ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    onAuth(auth, _session, callback) {
      if (required && auth.username === required.user && auth.password === required.pass) {
        return callback(null, { user: auth.username });
      }
      return callback(new Error('Invalid username or password'));
    },
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const { headers, parts } = parseMessage(raw);
        const mail: ReceivedMail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          subject: decodeHeader(headers.subject ?? ''),
          text: parts.find((part) => part.type === 'text/plain')?.text ?? '',
          html: parts.find((part) => part.type === 'text/html')?.text,
          raw,
          ...(typeof session.user === 'string' ? { authUser: session.user } : {}),
        };
        messages.push(mail);
        options.onMessage?.(mail, messages.length - 1);
        for (const wake of waiters) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;

  function waitFor(
    to: string,
    {
      timeoutMs = 10_000,
      match = (_mail: ReceivedMail) => true,
    }: { timeoutMs?: number; match?: (mail: ReceivedMail) => boolean } = {},
  ): Promise<ReceivedMail> {
    const address = to.toLowerCase();
    const find = () => messages.find((mail) => mail.to.includes(address) && match(mail));
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = find();
        if (!found) return;
        clearTimeout(timer);
        waiters.delete(check);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No mail to ${to} within ${timeoutMs} ms`));
      }, timeoutMs);
      waiters.add(check);
      check();
    });
  }

  return {
    port,
    messages,
    waitFor,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The same as start(), under the name the e2e server uses. */
export const startSmtpSink = start;
