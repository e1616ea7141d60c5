import { useQuery } from '@tanstack/react-query';
import type { ConfigDocument } from '../../core/documents/document.types';
import type { FormBody } from '../../core/forms/form.types';
import { config } from '../api/clients';
import { contentOrSelf } from '../api/http';

/** The latest published form document `form/<formId>` (docs/documents/form.md). */
export function useFormDocument(formId: string) {
  return useQuery({
    queryKey: ['config', 'form', formId],
    queryFn: async () =>
      contentOrSelf<ConfigDocument<FormBody>>((await config.get(`/documents/form/${encodeURIComponent(formId)}`)).data),
  });
}
