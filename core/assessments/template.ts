import type { QuestionnaireBody } from '../questionnaire/questionnaire.types';

/**
 * The one definition of an assessment template (docs/documents/assessment-template.md): a questionnaire
 * marked `purpose: "assessment"`. The admin's template list, its compare, the owner's picker and the
 * creation of an assessment all ask this, so they can never disagree.
 */
export function isAssessmentTemplate(body: unknown): body is QuestionnaireBody {
  return body !== null && typeof body === 'object' && (body as QuestionnaireBody).purpose === 'assessment';
}
