import nodemailer, { type Transporter } from 'nodemailer';
import type { Job, JobOptions, Jobs } from '../jobs/jobs.types';
import type { MailLogRecord, SmtpSettingsRecord } from '../store/records.types';
import type { Store } from '../store/store.types';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes over SMTP: the environment's settings or the stored record's. */
export type SmtpTarget = Pick<SmtpSettingsRecord, 'host' | 'port' | 'secure' | 'user' | 'pass' | 'from'>;

/** The delivery job: one per mail, carrying only the log record's id (the mail itself is in the log). */
export const MAIL_JOB = 'mail.deliver';
/** SMTP failures are retried 5 times, 30 s, 1, 2, 4 and 8 min apart; an attempt is lost after 2 min. */
export const MAIL_RETRY: JobOptions = {
  retryLimit: 5,
  retryDelaySeconds: 30,
  retryBackoff: true,
  expireInSeconds: 120,
};

/** The one record of the `smtpSettings` collection. */
export const SMTP_SETTINGS_ID = 'smtp';

const DEFAULT_FROM = 'PaySec Compliance <no-reply@paysec.local>';
const isLoopback = (host: string) => host === 'localhost' || host === '::1' || host.startsWith('127.');

/**
 * Every mail is written to `mailLogs` as queued, and a job delivers it: over SMTP when a server is
 * configured (the `smtpSettings` record an admin saved, else SMTP_HOST/SMTP_PORT), the log then
 * says sent — or failed once the retries are spent; with no server it says logged. Queuing never
 * fails the caller's request: the log is the evidence.
 */
export class Mailer {
  private transport: { key: string; transporter: Transporter } | null = null;

  constructor(
    private readonly store: Store,
    private readonly envSmtp: SmtpTarget | null,
    private readonly onError: (message: string, error: unknown) => void,
    private readonly jobs: Jobs,
    private readonly retry: JobOptions = MAIL_RETRY,
  ) {}

  /** Declares the delivery job (once per app, before mail is sent). */
  define(): Promise<void> {
    return this.jobs.define<{ logId: string }>(MAIL_JOB, (job) => this.deliver(job), this.retry);
  }

  /**
   * Where mail goes now, read at every delivery so a saved change applies to the next mail on
   * every instance: the stored settings (Administration → SMTP settings) over the environment's.
   */
  async target(): Promise<SmtpTarget | null> {
    const stored = await this.store.collection<SmtpSettingsRecord>('smtpSettings').get(SMTP_SETTINGS_ID);
    if (stored?.host && stored.port) {
      const { host, port, secure, user, pass, from } = stored;
      return { host, port, secure, user, pass, from };
    }
    return this.envSmtp;
  }

  /** The environment's SMTP server (SMTP_HOST/SMTP_PORT), if any: what applies without stored settings. */
  environmentTarget(): SmtpTarget | null {
    return this.envSmtp;
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

  /** Every mail is in the log from the moment it is handed over, as `queued`. */
  private logQueued(mail: Mail): Promise<MailLogRecord> {
    return this.store.collection<MailLogRecord>('mailLogs').insert({
      id: crypto.randomUUID(),
      ...mail,
      status: 'queued',
      createdAt: new Date().toISOString(),
    });
  }

  /** Logs the mail as queued and queues its delivery; resolves with the log record. */
  async send(mail: Mail): Promise<MailLogRecord> {
    const logs = this.store.collection<MailLogRecord>('mailLogs');
    const record = await this.logQueued(mail);
    try {
      await this.jobs.send(MAIL_JOB, { logId: record.id });
      return record;
    } catch (error) {
      this.onError(`Mail to ${mail.to} could not be queued`, error);
      return await logs.update(record.id, { status: 'failed', error: (error as Error).message });
    }
  }

  /**
   * Logs the mail and delivers it at once, without the queue or its retries: for 'send test mail',
   * whose caller waits to hear whether the server takes it. Resolves with the log record (sent or
   * failed, with the server's error); null when no SMTP server is configured (nothing is logged).
   */
  async deliverNow(mail: Mail): Promise<MailLogRecord | null> {
    const target = await this.target();
    if (!target) return null;
    const logs = this.store.collection<MailLogRecord>('mailLogs');
    const record = await this.logQueued(mail);
    try {
      await this.transporterFor(target).sendMail({ from: target.from ?? DEFAULT_FROM, ...mail });
      return await logs.update(record.id, { status: 'sent', attempts: 1 });
    } catch (error) {
      return await logs.update(record.id, { status: 'failed', attempts: 1, error: (error as Error).message });
    }
  }

  /** One delivery attempt; throws while retries remain so the job runner tries again later. */
  private async deliver(job: Job<{ logId: string }>): Promise<void> {
    const logs = this.store.collection<MailLogRecord>('mailLogs');
    const record = await logs.get(job.data.logId);
    // gone (user data removed) or already settled by an attempt that outlived its expiry
    if (record?.status !== 'queued') return;
    const target = await this.target();
    if (!target) {
      await logs.update(record.id, { status: 'logged' });
      return;
    }
    const attempts = (record.attempts ?? 0) + 1;
    const { to, subject, text, html } = record;
    try {
      await this.transporterFor(target).sendMail({ from: target.from ?? DEFAULT_FROM, to, subject, text, html });
      await logs.update(record.id, { status: 'sent', attempts });
    } catch (error) {
      const last = job.retryCount >= job.retryLimit;
      const message = (error as Error).message;
      await logs.update(
        record.id,
        last ? { status: 'failed', attempts, error: message } : { attempts, error: message },
      );
      if (last) this.onError(`Mail to ${to} failed after ${attempts} attempts`, error);
      throw error;
    }
  }

  /** Waits for deliveries running in this process (so their log records are written before the store closes). */
  async close(): Promise<void> {
    await this.jobs.settled();
    this.transport?.transporter.close();
    this.transport = null;
  }
}
