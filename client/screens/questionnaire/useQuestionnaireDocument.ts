import { useQuery } from '@tanstack/react-query';
import type { ConfigDocument } from '../../../core/documents/document.types';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { config } from '../../api/clients';
import { contentOrSelf } from '../../api/http';

/** The latest published questionnaire document `questionnaire/<documentId>` (an SAQ and its version). */
export function useQuestionnaireDocument(documentId: string) {
  return useQuery({
    queryKey: ['config', 'questionnaire', documentId],
    queryFn: async () =>
      contentOrSelf<ConfigDocument<QuestionnaireBody>>(
        (await config.get(`/documents/questionnaire/${encodeURIComponent(documentId)}`)).data,
      ),
    enabled: documentId !== '',
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * One version of `questionnaire/<documentId>`: what a saved questionnaire was started on (its
 * answers keep meaning what they meant then). A published version never changes, so it is read once.
 */
export function useQuestionnaireVersion(documentId: string, version: number | undefined) {
  return useQuery({
    queryKey: ['config', 'questionnaire', documentId, version],
    queryFn: async () =>
      contentOrSelf<ConfigDocument<QuestionnaireBody>>(
        (await config.get(`/documents/questionnaire/${encodeURIComponent(documentId)}/versions/${version}`)).data,
      ),
    enabled: documentId !== '' && version !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
