import type { Language, Translator } from '../http/i18n';
import type { Mail } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The texts of a mail with one call-to-action link, already translated. */
interface ActionMailTexts {
  subject: string;
  greeting: string;
  body: string;
  action: string;
  footer: string;
  signature: string;
}

/** A mail with one call-to-action link: greeting, body, the link (as a button text and in full), footer, signature. */
function actionMail(to: string, texts: ActionMailTexts, link: string): Mail {
  const { subject, greeting, body, action, footer, signature } = texts;
  const text = [greeting, '', body, link, '', footer, '', signature].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(body)}</p>`,
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p>${escapeHtml(link)}</p>`,
    `<p>${escapeHtml(footer)}</p>`,
    `<p>${escapeHtml(signature)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** Where each template's texts live in locales. */
const TEMPLATE_KEYS = {
  verification: 'mail.verification',
  reset: 'mail.reset',
  accountExists: 'hardening.mail.accountExists',
} as const;

/**
 * A mail with one call-to-action link whose texts are the locale keys under `prefix` in the
 * recipient's language (subject, greeting, body, action, footer), filled with `values`.
 */
export function localizedActionMail(
  translator: Translator,
  language: Language,
  prefix: string,
  to: string,
  values: Record<string, string>,
  link: string,
): Mail {
  const t = (part: string) => translator.t(language, `${prefix}.${part}`, values);
  const texts = {
    subject: t('subject'),
    greeting: t('greeting'),
    body: t('body'),
    action: t('action'),
    footer: t('footer'),
    signature: translator.t(language, 'mail.signature'),
  };
  return actionMail(to, texts, link);
}

/** The account mails (verification, reset, account exists): greeting by {{name}}. */
export function linkMail(
  translator: Translator,
  language: Language,
  template: keyof typeof TEMPLATE_KEYS,
  to: string,
  name: string,
  link: string,
): Mail {
  return localizedActionMail(translator, language, TEMPLATE_KEYS[template], to, { name }, link);
}

/** A plain notice: paragraphs of already translated text, the signature last. */
export function noticeMail(to: string, subject: string, paragraphs: string[]): Mail {
  return {
    to,
    subject,
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n'),
  };
}

/** A mail an admin wrote: their subject and text as given (escaped for HTML), then the signature. */
export function plainMail(
  translator: Translator,
  language: Language,
  to: string,
  message: { subject: string; body: string },
): Mail {
  const signature = translator.t(language, 'mail.signature');
  const paragraphs = message.body.split(/\n{2,}/).map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
  return {
    to,
    subject: message.subject.trim(),
    text: [message.body, '', signature].join('\n'),
    html: [...paragraphs, `<p>${escapeHtml(signature)}</p>`].join('\n'),
  };
}
