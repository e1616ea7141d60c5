import type { Language, Translator } from './i18n';

const PREFIX = 'documentProblems.';

/**
 * Document problems in the reader's language: one with a `code` that the locales know gets that
 * text, its `params` filled in; any other keeps its English `message`. Anything that is not such a
 * problem passes as it is, so every `problems` list of an error can go through here.
 */
export function problemsIn<T>(problems: readonly T[], translator: Translator, language: Language): T[] {
  return problems.map((problem) => {
    if (!problem || typeof problem !== 'object') return problem;
    const { code, params } = problem as { code?: unknown; params?: Record<string, string> };
    if (typeof code !== 'string') return problem;
    const message = translator.t(language, `${PREFIX}${code}`, params);
    return message === `${PREFIX}${code}` ? problem : { ...problem, message };
  });
}
