import { useQuery } from '@tanstack/react-query';
import type { FormBody } from '../../core/forms/form.types';
import { latestDocumentQuery } from '../runtime/documentQuery';

/** The latest published form document `form/<formId>` (docs/documents/form.md). */
export function useFormDocument(formId: string) {
  return useQuery(latestDocumentQuery<FormBody>('form', formId));
}
