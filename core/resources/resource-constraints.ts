/**
 * A resource document's declarative `constraints` (docs/documents/resource.md): rules over
 * more than one record that a schema cannot say. Pure: the service reads the records, this judges.
 * - `exactlyOne`: within each group of records sharing `per` (a merchant's assets), exactly one has
 *   the boolean `exactlyOne` set (the primary asset). Records in an `ignoreStates` state do not count.
 * - `atMostOne`: the same without the duty to have one: at most one record of the scope (or of each
 *   group of `per`) has the boolean set (an organisation's default report template).
 * - `references`: the field holds the id of a record of `resource` in the caller's scope.
 */
import type { Filter } from '../query/query.types';

export interface ExactlyOneConstraint {
  exactlyOne: string;
  per: string;
  ignoreStates?: string[];
  /** The `errors.` key a write that would leave a group without one answers (409). */
  error: string;
}

export interface AtMostOneConstraint {
  atMostOne: string;
  per?: string;
  ignoreStates?: string[];
}

/** `exactlyOne` and `atMostOne` as the service judges them: a flag per group; `allowNone` for the latter. */
export interface FlagConstraint {
  exactlyOne: string;
  /** Absent: the whole scope is one group. */
  per?: string;
  ignoreStates?: string[];
  error?: string;
  allowNone?: boolean;
}

export interface ReferenceConstraint {
  references: string;
  resource: string;
  /** The `errors.` key a dangling reference answers (422; default `referenceNotFound`). */
  error?: string;
}

export type ResourceConstraint = ExactlyOneConstraint | AtMostOneConstraint | ReferenceConstraint;

export const isExactlyOne = (c: ResourceConstraint): c is ExactlyOneConstraint => 'exactlyOne' in c;
export const isAtMostOne = (c: ResourceConstraint): c is AtMostOneConstraint => 'atMostOne' in c;
export const isReference = (c: ResourceConstraint): c is ReferenceConstraint => 'references' in c;

/** The flag a constraint keeps to one per group, or null for a reference. */
export function flagConstraint(c: ResourceConstraint): FlagConstraint | null {
  if (isExactlyOne(c)) return c;
  if (isAtMostOne(c)) return { exactlyOne: c.atMostOne, per: c.per, ignoreStates: c.ignoreStates, allowNone: true };
  return null;
}

/** The fields a constraint names (each must be a schema property). */
export function constraintFields(c: ResourceConstraint): string[] {
  if (isReference(c)) return [c.references];
  const flag = flagConstraint(c) as FlagConstraint;
  return flag.per ? [flag.exactlyOne, flag.per] : [flag.exactlyOne];
}

type Row = Record<string, unknown> & { id: string };

/** The group key of a record for the constraint, or null when it does not count. */
export function groupOf(record: Row | null, c: FlagConstraint, stateField?: string): string | null {
  if (!record) return null;
  const value = c.per ? record[c.per] : '*';
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  if (stateField && (c.ignoreStates ?? []).includes(String(record[stateField]))) return null;
  return String(value);
}

/** The filter that finds the stored members of a group (the scope is added by the caller). */
export function groupFilter(c: FlagConstraint, group: string): Filter | undefined {
  return c.per ? { field: c.per, op: 'eq', value: group } : undefined;
}

export type ExactlyOneVerdict = { refused: true } | { refused: false; demote: string[] };

/**
 * How a write of `before` → `after` (null: created / removed) leaves one group whose stored members
 * are `stored`: refused when the group had or keeps counted members but none would be flagged; a
 * record written flagged takes the flag from the others (the last one set wins).
 */
export function judgeExactlyOne(
  c: FlagConstraint,
  group: string,
  stored: Row[],
  before: Row | null,
  after: Row | null,
  stateField?: string,
): ExactlyOneVerdict {
  const touched = before?.id ?? after?.id;
  const counts = (row: Row) => groupOf(row, c, stateField) === group;
  const was = stored.filter(counts);
  const next = [...stored.filter((row) => row.id !== touched), ...(after ? [after] : [])].filter(counts);
  const flagged = next.filter((row) => row[c.exactlyOne] === true);
  if (flagged.length === 0)
    return !c.allowNone && (was.length > 0 || next.length > 0) ? { refused: true } : { refused: false, demote: [] };
  const winner = after && counts(after) && after[c.exactlyOne] === true ? after.id : null;
  const demote = winner ? flagged.filter((row) => row.id !== winner).map((row) => row.id) : [];
  return { refused: false, demote };
}
