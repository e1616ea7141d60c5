import { useQuery } from '@tanstack/react-query';
import type { FormBody } from '../../core/forms/form.types';
import { formValuesOf } from '../../core/forms/form-values';
import { fillFromRow } from '../../core/lists/list.utils';
import { clientForPath } from '../api/clients';
import { contentOrSelf, failureOf } from '../api/http';

type Data = Record<string, unknown>;

export type LoadedValues =
  | { status: 'none' }
  | { status: 'loading' }
  /** `code`: the gateway's error code (e.g. notFound, noPermission), when it gave one. */
  | { status: 'failed'; code?: string }
  | { status: 'ready'; values: Data };

/**
 * The starting values a form document's `load` names (an edit form): its path filled from the
 * route's params, the answer's `content` cut to the fields the schema declares. A `:param` the
 * route does not give is a failure, never a call. Read afresh each time the form opens.
 */
export function useLoadedValues(
  body: FormBody | undefined,
  params: Record<string, string>,
  skip: boolean,
): LoadedValues {
  const wanted = body?.load && !skip ? body.load : undefined;
  const path = wanted ? fillFromRow(wanted.path, params) : null;
  const record = useQuery({
    queryKey: ['form-load', path],
    enabled: path !== null,
    gcTime: 0,
    queryFn: async () => {
      const { client, url } = clientForPath(path as string);
      return contentOrSelf<unknown>((await client.get(url)).data) ?? null;
    },
  });
  if (!wanted || !body) return { status: 'none' };
  if (path === null) return { status: 'failed', code: 'notFound' };
  if (record.isPending) return { status: 'loading' };
  if (record.isError) {
    const failure = failureOf(record.error);
    return { status: 'failed', code: failure && failure.status < 500 ? failure.code : undefined };
  }
  return { status: 'ready', values: formValuesOf(body, record.data) };
}
