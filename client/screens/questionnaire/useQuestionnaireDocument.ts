import { useQuery } from '@tanstack/react-query';
import type { ConfigDocument } from '../../../core/documents/document.types';
import type { QuestionnaireBody } from '../../../core/questionnaire/questionnaire.types';
import { config } from '../../api/clients';
import { contentOrSelf } from '../../api/http';
import { questionnaireVersionQuery } from './recordReads';

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

/** One pinned version of `questionnaire/<documentId>` (questionnaireVersionQuery). */
export function useQuestionnaireVersion(documentId: string, version: number | undefined) {
  return useQuery({
    ...questionnaireVersionQuery(documentId, version),
    enabled: documentId !== '' && version !== undefined,
  });
}
