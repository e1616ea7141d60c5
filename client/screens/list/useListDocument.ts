import { useQuery } from '@tanstack/react-query';
import type { ConfigDocument } from '../../../core/documents/document.types';
import type { ListBody } from '../../../core/lists/list.types';
import { config } from '../../api/clients';
import { contentOrSelf } from '../../api/http';

/** The latest published list document `list/<listId>`. */
export function useListDocument(listId: string) {
  return useQuery({
    queryKey: ['config', 'list', listId],
    queryFn: async () =>
      contentOrSelf<ConfigDocument<ListBody>>((await config.get(`/documents/list/${encodeURIComponent(listId)}`)).data),
  });
}
