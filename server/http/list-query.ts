import type { ListQuery, QueryableFields } from '../../core/query/query.types';
import { parseListQuery } from '../../core/query/query.utils';
import { AppError } from './app-error';

/**
 * The list contract's query parameters (page, pageSize, sort, filter) checked against the fields a
 * collection declares: 400 `invalidRequest` naming each offending field (or parameter) in `errors`,
 * with the sentences in `problems`.
 */
export function listQueryOf(params: Record<string, unknown>, fields: QueryableFields): ListQuery {
  const { query, problems } = parseListQuery(params, fields);
  if (problems.length > 0) {
    const errors = Object.fromEntries(
      problems.map((problem) => [problem.field ?? problem.parameter, 'invalidRequest']),
    );
    throw new AppError(400, 'invalidRequest', errors, { problems });
  }
  return query;
}
