import { checkAggregate } from '../../core/query/aggregate';
import { AGGREGATE_SCHEMA } from '../../core/query/aggregate.schema';
import type { AggregateQuery } from '../../core/query/aggregate.types';
import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { parseListQuery } from '../../core/query/query.utils';
import { holdsUnstorableText } from '../store/storable-text';
import { AppError } from './app-error';
import { jsonQuerySchema, jsonQueryValue } from './validate';

const aggregateCheck = jsonQuerySchema(AGGREGATE_SCHEMA);

/**
 * The query contract's parameters of a collection endpoint (page, pageSize, sort, filter, aggregate),
 * checked against the fields it declares: 400 `invalidRequest` naming each offending field or
 * parameter. `defaultSort` applies when the caller asks for none. Every list endpoint reads its query
 * here, so every one answers an `aggregate` too — behind its own guard, over its own scope.
 */
export function listQueryOf(
  params: Record<string, unknown>,
  fields: QueryableFields,
  defaultSort: SortKey[] = [],
): ListQuery {
  const { query, problems } = parseListQuery(params, fields);
  // the shape against the schema first (a 400 of its own), then its fields against the declared ones
  const aggregate = jsonQueryValue('aggregate', params.aggregate, aggregateCheck) as AggregateQuery | undefined;
  if (aggregate) {
    problems.push(...checkAggregate(aggregate, fields));
    query.aggregate = aggregate;
  }
  // no stored value holds U+0000 or a lone surrogate (PostgreSQL refuses them): a filter naming one is malformed
  if (holdsUnstorableText(query.filter) || holdsUnstorableText(aggregate)) {
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
