import type { FormBody } from '../../core/forms/form.types';
import { validateFormData } from '../../core/forms/form.utils';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import { SMTP_SETTINGS_ID } from '../mail/mailer';
import { plainMail } from '../mail/templates';
import type { SmtpSettingsRecord } from '../store/records.types';

/** The form document that judges saved settings (the browser shows the same one). */
export const SMTP_SETTINGS_FORM = 'smtp-settings';

/** What an admin may save: the form's fields. An empty `pass` keeps the saved one. */
export type SmtpSettingsInput = Omit<SmtpSettingsRecord, 'id' | 'updatedAt' | 'updatedBy'>;

/**
 * What the screen shows: the settings in effect and where they come from — never the password,
 * only whether one is saved (the field is write-only).
 */
export interface SmtpSettingsView {
  source: 'stored' | 'environment' | 'none';
  host?: string;
  port?: number;
  secure?: boolean;
  user?: string;
  from?: string;
  passwordSet: boolean;
  updatedAt?: string;
}

const filledOr = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/** Administration → SMTP settings: read, save, forget, and a test mail through them (shell §2.8). */
export class SmtpSettingsService {
  constructor(private readonly ctx: AppContext) {}

  private records() {
    return this.ctx.store.collection<SmtpSettingsRecord>('smtpSettings');
  }

  async view(): Promise<SmtpSettingsView> {
    const stored = await this.records().get(SMTP_SETTINGS_ID);
    if (stored) {
      const { host, port, secure, user, from, pass, updatedAt } = stored;
      return { source: 'stored', host, port, secure, user, from, passwordSet: !!pass, updatedAt };
    }
    const environment = this.ctx.mailer.environmentTarget();
    if (environment)
      return { source: 'environment', host: environment.host, port: environment.port, passwordSet: false };
    return { source: 'none', passwordSet: false };
  }

  /** 422 with field → key when the published form refuses the data (as the browser showed). */
  private check(input: SmtpSettingsInput): void {
    const form = this.ctx.documents.latestBody<FormBody>('form', SMTP_SETTINGS_FORM);
    if (!form) throw new AppError(404, 'documentNotFound');
    const errors = validateFormData(form, input as unknown as Record<string, unknown>);
    if (Object.keys(errors).length > 0) throw new AppError(422, 'validationFailed', errors);
  }

  /**
   * Saves the settings the mailer reads at its next delivery. The password is write-only: an empty
   * one keeps the saved password while the user name stays; without a user name none is kept.
   */
  async save({ user: admin }: AuthContext, input: SmtpSettingsInput): Promise<SmtpSettingsView> {
    this.check(input);
    const user = filledOr(input.user);
    const from = filledOr(input.from);
    await this.records().upsertWith(SMTP_SETTINGS_ID, (current) => {
      const pass = input.pass ? input.pass : current?.user === user ? current?.pass : undefined;
      return {
        id: SMTP_SETTINGS_ID,
        host: input.host.trim(),
        port: input.port,
        ...(input.secure === undefined ? {} : { secure: input.secure }),
        ...(user ? { user, ...(pass ? { pass } : {}) } : {}),
        ...(from ? { from } : {}),
        updatedAt: this.ctx.clock().toISOString(),
        updatedBy: admin.id,
      };
    });
    return this.view();
  }

  /** Forgets the saved settings: the environment's apply again. */
  async clear(): Promise<SmtpSettingsView> {
    await this.records().remove(SMTP_SETTINGS_ID);
    return this.view();
  }

  /**
   * A test mail to the admin's own address through the settings in effect, delivered at once (no
   * retries) so the answer says whether the server took it: 409 with no server, 422 with its error.
   */
  async sendTest({ user: admin }: AuthContext) {
    const language = asLanguage(admin.site_language);
    const t = (key: string) => this.ctx.translator.t(language, key);
    const mail = plainMail(this.ctx.translator, language, admin.email, {
      subject: t('smtpSettings.testMail.subject'),
      body: t('smtpSettings.testMail.body'),
    });
    const log = await this.ctx.mailer.deliverNow(mail);
    if (!log) throw new AppError(409, 'smtpNotConfigured');
    if (log.status !== 'sent') throw new AppError(422, 'smtpTestFailed', undefined, { detail: log.error ?? '' });
    return { id: log.id, status: log.status, to: admin.email };
  }
}
