import nodemailer, { type Transporter } from 'nodemailer';
import type { MailLogRecord, SmtpSettingsRecord } from '../store/records.types';
import type { Store } from '../store/store.types';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes over SMTP: the environment's settings or the stored record's. */
export type SmtpTarget = Omit<SmtpSettingsRecord, 'id'>;

const DEFAULT_FROM = 'PaySec Compliance <no-reply@paysec.local>';
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/**
 * Every mail is written to `mailLogs`; when an SMTP server is configured (env first, then the
 * `smtpSettings` record) it is also sent and the log says sent or failed. A send failure never
 * fails the caller's request: the log is the evidence.
 */
export class Mailer {
  private readonly pending = new Set<Promise<unknown>>();
  private transport: { key: string; transporter: Transporter } | null = null;

  constructor(
    private readonly store: Store,
    private readonly envSmtp: SmtpTarget | null,
    private readonly onError: (message: string, error: unknown) => void,
  ) {}

  private async target(): Promise<SmtpTarget | null> {
    if (this.envSmtp) return this.envSmtp;
    const stored = await this.store.collection<SmtpSettingsRecord>('smtpSettings').get('smtp');
    return stored?.host && stored.port ? stored : null;
  }

  private transporterFor(target: SmtpTarget): Transporter {
    const key = JSON.stringify(target);
    if (this.transport?.key === key) return this.transport.transporter;
    this.transport?.transporter.close();
    const loopback = isLoopback(target.host);
    const transporter = nodemailer.createTransport({
      host: target.host,
      port: target.port,
      secure: target.secure ?? (!loopback && target.port === 465),
      // a local sink speaks plain SMTP; elsewhere STARTTLS is used when offered
      ignoreTLS: loopback,
      auth: target.user ? { user: target.user, pass: target.pass ?? '' } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
    this.transport = { key, transporter };
    return transporter;
  }

  /** Logs, sends when configured, and resolves with the final log record. */
  send(mail: Mail): Promise<MailLogRecord> {
    const work = this.deliver(mail);
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  private async deliver(mail: Mail): Promise<MailLogRecord> {
    const logs = this.store.collection<MailLogRecord>('mailLogs');
    const record = await logs.insert({
      id: crypto.randomUUID(),
      ...mail,
      status: 'logged',
      createdAt: new Date().toISOString(),
    });
    const target = await this.target();
    if (!target) return record;
    try {
      await this.transporterFor(target).sendMail({ from: target.from ?? DEFAULT_FROM, ...mail });
      return await logs.update(record.id, { status: 'sent' });
    } catch (error) {
      this.onError(`Mail to ${mail.to} failed`, error);
      return await logs.update(record.id, { status: 'failed', error: (error as Error).message });
    }
  }

  /** Waits for mails in flight (so their log records are written before the store closes). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.pending]);
    this.transport?.transporter.close();
    this.transport = null;
  }
}
