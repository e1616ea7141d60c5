import type { Text } from '../../../core/documents/document.types';
import type { AnswerProblem } from '../../../core/questionnaire/questionnaire.types';
import type { AppContext } from '../../context';
import type { Language } from '../../http/i18n';

/** A problem as the client shows it: the message in the caller's language. */
export interface ProblemView {
  item?: string;
  rule?: string;
  message: string;
}

/** A document's text ({en, tr}) in the language, or an i18n key through the translator. */
export function textIn(ctx: AppContext, text: Text, language: Language): string {
  return typeof text === 'string' ? ctx.translator.t(language, text) : text[language];
}

export function problemViews(ctx: AppContext, problems: AnswerProblem[], language: Language): ProblemView[] {
  return problems.map(({ item, rule, message }) => ({
    ...(item !== undefined ? { item } : {}),
    ...(rule !== undefined ? { rule } : {}),
    message: textIn(ctx, message, language),
  }));
}
