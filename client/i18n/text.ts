import type { TFunction } from 'i18next';
import type { Text } from '../../core/documents/document.types';

/** Visible text from a document: an i18n key or an {en, tr} pair (ARCHITECTURE 'Config documents'). */
export function resolveText(text: Text | undefined, t: TFunction, language: string): string {
  if (text === undefined) return '';
  if (typeof text === 'string') return t(text);
  return language === 'tr' ? text.tr : text.en;
}

/**
 * resolveText with values for its `{{name}}` placeholders (e.g. the fields of a saved record): an
 * i18n key gets them as interpolation values, an {en, tr} pair has them filled in; unknown names stay.
 */
export function resolveTextWith(
  text: Text | undefined,
  values: Record<string, unknown>,
  t: TFunction,
  language: string,
): string {
  if (text === undefined) return '';
  // values go in `replace` (a row's field named like an i18next option stays a value); a count also
  // picks the plural form, which only a top-level `count` does
  if (typeof text === 'string')
    return t(text, { replace: values, ...(typeof values.count === 'number' ? { count: values.count } : {}) });
  return resolveText(text, t, language).replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    Object.hasOwn(values, name) && values[name] !== null && typeof values[name] !== 'object'
      ? String(values[name])
      : whole,
  );
}

/**
 * What a done action's message is filled from: the record or row it ran on, then what the call
 * answered over it — a toolbar action has no row, and what it made (a request id's code, the bank
 * a request went to) is only in the answer.
 */
export function doneValues(record: unknown, answer: unknown): Record<string, unknown> {
  const fields = (value: unknown) =>
    value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  return { ...fields(record), ...fields(answer) };
}

/** A gateway error or form code as visible text: full keys as given, bare codes from `errors.` then `validation.`. */
export function translateCode(code: string, t: TFunction, i18n: { exists: (key: string) => boolean }): string {
  if (code.includes('.')) return t(code);
  if (i18n.exists(`errors.${code}`)) return t(`errors.${code}`);
  if (i18n.exists(`validation.${code}`)) return t(`validation.${code}`);
  return t('errors.somethingWentWrong');
}
