import type { TFunction } from 'i18next';
import { translateCode } from '../i18n/text';
import { failureOf } from './http';

/** What a failed call tells the user: the server's code for a refusal (4xx), the generic text for anything else. */
export function failureText(error: unknown, t: TFunction, i18n: { exists: (key: string) => boolean }): string {
  const failure = failureOf(error);
  return translateCode(failure && failure.status < 500 ? failure.code : 'somethingWentWrong', t, i18n);
}
