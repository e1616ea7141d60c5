import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { parseListQuery } from '../../core/query/query.utils';
import { holdsUnstorableText } from '../store/storable-text';
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
  // no stored value holds U+0000 or a lone surrogate (PostgreSQL refuses them): a filter naming one is malformed
  if (holdsUnstorableText(query.filter)) {
    problems.push({ parameter: 'filter', message: 'must not contain U+0000 or a lone surrogate' });
  }
  if (problems.length > 0) {
    const errors = Object.fromEntries(
      problems.map((problem) => [problem.field ?? problem.parameter, 'invalidRequest']),
    );
    throw new AppError(400, 'invalidRequest', errors, { problems });
  }
  return query.sort.length > 0 ? query : { ...query, sort: defaultSort };
}
