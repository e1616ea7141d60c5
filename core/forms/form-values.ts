import type { FormBody } from './form.types';

/**
 * The starting values of a form from a loaded record: the members the form's schema declares at
 * its top level (so server members such as id or createdAt never travel back in the submission).
 */
export function formValuesOf(body: Pick<FormBody, 'schema'>, record: unknown): Record<string, unknown> {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return {};
  const properties = body.schema.properties;
  if (typeof properties !== 'object' || properties === null) return {};
  return Object.fromEntries(
    Object.entries(record).filter(([name, value]) => Object.hasOwn(properties, name) && value !== null),
  );
}
