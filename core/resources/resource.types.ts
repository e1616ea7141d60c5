import type { Text } from '../documents/document.types';
import type { Guard } from '../guard/guard.types';
import type { ResourceConstraint } from './resource-constraints';

/** What a caller does with a resource's records; each has its own guard. */
export type ResourceAction = 'list' | 'read' | 'create' | 'update' | 'delete';

export const RESOURCE_ACTIONS: readonly ResourceAction[] = ['list', 'read', 'create', 'update', 'delete'];

/** Whose records a caller sees: the session organisation's, their own, or everyone's. */
export type ResourceScope = 'organization' | 'user' | 'global';

/**
 * A resource document (kind 'resource'): a record collection declared as data. The gateway serves
 * /wbe/api/resources/<id> for it; the schema validates the editable fields on both sides.
 */
export interface ResourceBody {
  title: Text;
  /** JSON Schema of the record's editable fields (an object schema). */
  schema: Record<string, unknown>;
  scope: ResourceScope;
  /** `edit` (optional) narrows who may change the fields beyond `update`, which workflow moves need. */
  guards: Record<ResourceAction, Guard> & { edit?: Guard };
  /** Field combinations unique within the scope (strings compared case-insensitively). */
  unique?: string[][];
  /** The `errors.` key a unique clash answers (default `alreadyExists`): the spec's own wording for it. */
  uniqueError?: string;
  filterable: string[];
  sortable: string[];
  /** Id of the workflow document that moves these records through states. */
  workflow?: string;
  /**
   * A date-time field: a record whose value is later than now is neither listed, counted, read nor
   * moved until then (the server sets it; transaction monitoring's alerts wait out the delay of domain §9).
   */
  visibleFrom?: string;
  /** How a CSV file fills these records (core/resources/resource-import.ts); every resource can import. */
  import?: ResourceImport;
  /** Rules over several records (core/resources/resource-constraints.ts): one primary per group, references. */
  constraints?: ResourceConstraint[];
}

/** What a resource document may say about its import (`body.import`); everything is optional. */
export interface ResourceImport {
  /** Top-level schema properties a file may carry, in the template's order (default: every scalar property). */
  columns?: string[];
  /** Columns whose header must be present and whose cells may not be empty (default: the schema's `required`). */
  required?: string[];
  /** The list document whose column titles a file's header uses (default: a list over the resource's path). */
  list?: string;
  /** Fields every imported record takes, whatever the file says (judged by the schema like the cells). */
  set?: Record<string, string | number | boolean>;
}

/** The resource document version a record was made with; updates keep validating against it. */
export interface DefinitionRef {
  id: string;
  version: number;
}

/** A stored record: the editable fields plus what the server sets (never the client). */
export interface ResourceRecord {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** User id of the creator. */
  createdBy: string;
  definition: DefinitionRef;
  /** Set for scope 'organization': the creator's session organisation. */
  organizationId?: string;
  /** Set for scope 'user': the creator. */
  ownerId?: string;
  [field: string]: unknown;
}

/** Who a record belongs to, from the caller's session. */
export interface RecordOwner {
  userId: string;
  /** The session organisation (token claim `org`); required for scope 'organization'. */
  organizationId?: string;
}

/** System fields a resource may list as filterable, sortable or unique (besides its schema's). */
export const QUERYABLE_SYSTEM_FIELDS: readonly string[] = ['id', 'createdAt', 'updatedAt', 'createdBy', 'state'];

/** Members only the server writes; a schema may not declare them and a client's copies are dropped. */
export const SERVER_FIELDS: readonly string[] = [
  'id',
  'createdAt',
  'updatedAt',
  'createdBy',
  'definition',
  'organizationId',
  'ownerId',
];
