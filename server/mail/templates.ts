import type { Language, Translator } from '../http/i18n';
import type { Mail } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Where each template's texts live in locales. */
const TEMPLATE_KEYS = {
  verification: 'mail.verification',
  reset: 'mail.reset',
  accountExists: 'hardening.mail.accountExists',
} as const;

/**
 * A mail with one call-to-action link, texts from locales under the template's key in the
 * recipient's language: subject, greeting ({{name}}), body, action, footer.
 */
export function linkMail(
  translator: Translator,
  language: Language,
  template: keyof typeof TEMPLATE_KEYS,
  to: string,
  name: string,
  link: string,
): Mail {
  const t = (part: string) => translator.t(language, `${TEMPLATE_KEYS[template]}.${part}`, { name });
  const signature = translator.t(language, 'mail.signature');
  const text = [t('greeting'), '', t('body'), link, '', t('footer'), '', signature].join('\n');
  const html = [
    `<p>${escapeHtml(t('greeting'))}</p>`,
    `<p>${escapeHtml(t('body'))}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(t('action'))}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(t('footer'))}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');
  return { to, subject: t('subject'), text, html };
}
