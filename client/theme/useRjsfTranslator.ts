import { replaceStringParameters, TranslatableString } from '@rjsf/utils';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// RJSF names its strings by their English text; our catalogue by the enum's key (theme.rjsf.AddItemButton)
const KEY_OF = new Map<string, string>(Object.entries(TranslatableString).map(([key, english]) => [english, key]));

/**
 * RJSF's `translateString` from our catalogue: every string RJSF itself shows (item titles, "Option 1",
 * "%1 Key", button labels) in the user's language. `%1`-style parameters stay RJSF's.
 */
export function useRjsfTranslator() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // biome-ignore lint/correctness/useExhaustiveDependencies: one function per language
  const translateString = useCallback(
    (text: TranslatableString, params?: string[]) => {
      const key = `theme.rjsf.${KEY_OF.get(text)}`;
      return replaceStringParameters(i18n.exists(key) ? t(key) : text, params);
    },
    [t, i18n, language],
  );
  return { translateString, language };
}
