import type { DocumentProblem } from '../../core/documents/document.types';
import { formReferences } from '../../core/wizards/wizard.utils';

/**
 * Problems only the registry can see: documents a candidate names that are not published. Published
 * documents are never withdrawn (a new version retires the old one), so a reference checked at
 * publish stays good.
 */
export function referenceProblems(
  candidate: { kind: unknown; body: unknown },
  isPublished: (kind: string, id: string) => boolean,
): DocumentProblem[] {
  if (candidate.kind !== 'wizard') return [];
  return formReferences(candidate.body)
    .filter(({ formId }) => !isPublished('form', formId))
    .map(({ formId, path }) => ({ path, message: `no published form document "${formId}"` }));
}
