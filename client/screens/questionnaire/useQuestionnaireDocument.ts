import { useQuery } from '@tanstack/react-query';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { latestDocumentQuery } from '../../runtime/documentQuery';
import { questionnaireVersionQuery } from './recordReads';

/** The latest published questionnaire document `questionnaire/<documentId>` (an SAQ and its version). */
export function useQuestionnaireDocument(documentId: string) {
  return useQuery({
    ...latestDocumentQuery<QuestionnaireBody>('questionnaire', documentId),
    enabled: documentId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One pinned version of `questionnaire/<documentId>` (questionnaireVersionQuery). */
export function useQuestionnaireVersion(documentId: string, version: number | undefined) {
  return useQuery({
    ...questionnaireVersionQuery(documentId, version),
    enabled: documentId !== '' && version !== undefined,
  });
}
