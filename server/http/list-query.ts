import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { parseListQuery } from '../../core/query/query.utils';
import { AppError } from './app-error';

/**
 * The query contract's parameters of a collection endpoint (page, pageSize, sort, filter), checked
 * against the fields it declares: 400 `invalidRequest` naming each offending field or parameter.
 * `defaultSort` applies when the caller asks for none.
 */
export function listQueryOf(
  params: Record<string, unknown>,
  fields: QueryableFields,
  defaultSort: SortKey[] = [],
): ListQuery {
  const { query, problems } = parseListQuery(params, fields);
  if (problems.length > 0) {
    const errors = Object.fromEntries(
      problems.map((problem) => [problem.field ?? problem.parameter, 'invalidRequest']),
    );
    throw new AppError(400, 'invalidRequest', errors, { problems });
  }
  return query.sort.length > 0 ? query : { ...query, sort: defaultSort };
}
