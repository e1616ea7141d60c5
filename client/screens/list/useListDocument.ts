import { useQuery } from '@tanstack/react-query';
import type { ListBody } from '../../../core/lists/list.types';
import { latestDocumentQuery } from '../../runtime/documentQuery';

/** The latest published list document `list/<listId>`. */
export function useListDocument(listId: string) {
  return useQuery(latestDocumentQuery<ListBody>('list', listId));
}
