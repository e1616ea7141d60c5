import { AGGREGATE_OPS, DATE_BUCKETS, MAX_MEASURES } from './aggregate.types';

/**
 * The aggregate query's shape as JSON Schema (draft-07): the gateway checks the `aggregate` query
 * parameter against it before any handler runs (400 `invalidRequest`), and /openapi.json shows it.
 * Fields are checked afterwards against what each list declares (checkAggregate); a measure's
 * `where` is a filter, checked as the list's own filter is.
 */
const FIELD = { type: 'string', pattern: '^[A-Za-z_][A-Za-z0-9_-]{0,62}(\\.[A-Za-z_][A-Za-z0-9_-]{0,62}){0,7}$' };

export const AGGREGATE_SCHEMA = {
  type: 'object',
  required: ['measures'],
  additionalProperties: false,
  properties: {
    measures: {
      type: 'array',
      minItems: 1,
      maxItems: MAX_MEASURES,
      items: {
        type: 'object',
        required: ['op', 'as'],
        additionalProperties: false,
        properties: {
          op: { type: 'string', enum: [...AGGREGATE_OPS] },
          field: FIELD,
          as: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,39}$' },
          where: { type: 'object' },
        },
      },
    },
    groupBy: {
      type: 'object',
      required: ['field'],
      additionalProperties: false,
      properties: { field: FIELD, bucket: { type: 'string', enum: [...DATE_BUCKETS] } },
    },
  },
} as const;
