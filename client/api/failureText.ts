import type { TFunction } from 'i18next';
import { resolveText, translateCode } from '../i18n/text';
import { failureOf } from './http';

/**
 * What a failed call tells the user: the server's code for a refusal (4xx), the generic text for
 * anything else; a refused workflow action adds what its condition asks (`condition`, the
 * transition's `whenText`).
 */
export function failureText(
  error: unknown,
  t: TFunction,
  i18n: { exists: (key: string) => boolean; language?: string },
): string {
  const failure = failureOf(error);
  const text = translateCode(failure && failure.status < 500 ? failure.code : 'somethingWentWrong', t, i18n);
  if (failure?.code !== 'transitionConditionFailed' || !failure.condition) return text;
  return `${text} ${resolveText(failure.condition, t, i18n.language ?? 'en')}`;
}
