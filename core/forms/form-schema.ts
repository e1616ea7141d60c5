import { format as cfworkerFormats, dereference, type OutputUnit, type Schema, validate } from '@cfworker/json-schema';
import { fullFormats } from 'ajv-formats/dist/formats';
import { passwordProblems } from '../auth/password';

/**
 * Form data against a form's JSON Schema, without generating code: @cfworker/json-schema walks the
 * schema, so this runs under a Content-Security-Policy without 'unsafe-eval' (the browser) as well
 * as on the server. Documents are still published only when ajv compiles their schemas
 * (core/documents/validate.ts); this module reproduces what that ajv instance
 * (core/documents/schema-compiler.ts: draft-07, allErrors, ajv-formats, `x-password-policy`) reports,
 * as a list of problems in ajv's order:
 *
 * - the schema is rewritten once into a copy cfworker understands: keywords ajv's draft-07 ignores
 *   are dropped, formats are checked with ajv-formats' own checkers, `x-password-policy` and the
 *   ajv-formats keywords (`formatMinimum`...) become extra checks, `false` becomes `{ not: {} }`;
 * - cfworker's errors are mapped back to ajv's keyword, instance path and parent schema, its
 *   wrapper errors ('properties', '$ref', 'allOf'...) dropped, and sorted into ajv's keyword order.
 *
 * Known differences, both on data a form does not meet in practice: `multipleOf` is decimal-exact
 * (ajv rejects 19.99 as a multiple of 0.01), and `uniqueItems` also counts items of the wrong type.
 */

type Node = Record<string, unknown>;

/** One failed keyword, as ajv reports it. */
export interface SchemaProblem {
  /** ajv's keyword: 'required', 'format', 'pattern', 'x-password-policy', 'false schema'... */
  keyword: string;
  /** Property path of the failing value ('phone', 'address.city', 'tags.0'); for `required`, of the missing property. */
  path: string[];
  /** The (sub)schema holding the keyword, as the author wrote it (`x-messages`, `const`, `format`); none for `false`. */
  schema?: Node;
}

const DRAFT = '2019-09'; // like ajv 8: keywords next to $ref apply

/** Keywords ajv's default (draft-07) vocabulary does not know, so they never fail there. */
const NOT_IN_AJV_DRAFT_07 = new Set([
  'unevaluatedProperties',
  'unevaluatedItems',
  'dependentRequired',
  'dependentSchemas',
  'prefixItems',
  'minContains',
  'maxContains',
  '$recursiveRef',
  '$recursiveAnchor',
  '$dynamicRef',
  '$dynamicAnchor',
]);
const SUBSCHEMA = new Set([
  'not',
  'if',
  'then',
  'else',
  'propertyNames',
  'additionalProperties',
  'additionalItems',
  'contains',
]);
const SUBSCHEMA_LIST = new Set(['allOf', 'anyOf', 'oneOf']);
const SUBSCHEMA_MAP = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
const FORMAT_LIMITS = {
  formatMaximum: (order: number) => order > 0,
  formatMinimum: (order: number) => order < 0,
  formatExclusiveMaximum: (order: number) => order >= 0,
  formatExclusiveMinimum: (order: number) => order <= 0,
} as const;

/** cfworker wrapper errors ("a subschema had errors") that ajv does not report. */
const WRAPPERS = new Set([
  'properties',
  'patternProperties',
  'additionalProperties',
  'additionalItems',
  'items',
  'prefixItems',
  '$ref',
  'allOf',
  'dependentSchemas',
  '$recursiveRef',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
/** Keywords ajv reports after the errors of their subschemas. */
const AFTER_SUBSCHEMAS = new Set(['not', 'anyOf', 'oneOf', 'if', 'propertyNames', 'contains']);

/**
 * ajv 8's evaluation order in one schema (compile/validate: keywords without a type, then the
 * number, string, array and object groups, each in vocabulary order, ajv-formats' and our
 * keywords last in their group). Sorting by it reproduces which problem ajv reports first.
 */
const GROUPS: Record<string, string[]> = {
  '': ['$ref', 'const', 'enum', 'not', 'anyOf', 'oneOf', 'allOf', 'if'],
  number: ['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum', 'multipleOf', 'format'],
  string: [
    'maxLength',
    'minLength',
    'pattern',
    'format',
    'formatMaximum',
    'formatMinimum',
    'formatExclusiveMaximum',
    'formatExclusiveMinimum',
    'x-password-policy',
  ],
  array: ['maxItems', 'minItems', 'uniqueItems', 'additionalItems', 'items', 'contains'],
  object: [
    'maxProperties',
    'minProperties',
    'required',
    'propertyNames',
    'additionalProperties',
    'dependencies',
    'properties',
    'patternProperties',
  ],
};
const GROUP_START: Record<string, number> = { '': 0, number: 100, string: 200, array: 300, object: 400 };
const AFTER_ALL = 1000;

function rankIn(group: string, keyword: string): number {
  const index = GROUPS[group].indexOf(keyword);
  return index < 0 ? AFTER_ALL : GROUP_START[group] + 1 + index;
}

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

// ---------------------------------------------------------------------------------------------
// Checks cfworker does not have, registered as namespaced formats (format checks run on strings)

const FORMAT_PREFIX = 'ajv-formats:';
const PASSWORD_POLICY = 'paysec:x-password-policy';

/** ajv-formats' full-mode string checkers, under our own names so cfworker's built-in ones never apply. */
const stringFormats = new Map<string, (value: string) => boolean>();
/** ajv-formats' number formats, as the schema that checks them (float and double accept every number). */
const NUMBER_FORMATS: Record<string, Node | null> = {
  int32: { type: 'integer', minimum: -(2 ** 31), maximum: 2 ** 31 - 1 },
  int64: { type: 'integer' },
  float: null,
  double: null,
};

for (const [name, definition] of Object.entries(fullFormats) as [string, unknown][]) {
  if (Object.hasOwn(NUMBER_FORMATS, name) || definition === true) continue;
  const check = isNode(definition) && !(definition instanceof RegExp) ? definition.validate : definition;
  if (check instanceof RegExp) stringFormats.set(name, (value) => check.test(value));
  else if (typeof check === 'function') stringFormats.set(name, (value) => Boolean(check(value)));
}
for (const [name, check] of stringFormats) cfworkerFormats[FORMAT_PREFIX + name] = check;
cfworkerFormats[PASSWORD_POLICY] = (value) => passwordProblems(value).length === 0;

/** A format named after one `formatMinimum`-like limit, registered once per distinct limit. */
function formatLimitCheck(keyword: keyof typeof FORMAT_LIMITS, format: string, limit: string): string | null {
  const definition = (fullFormats as Record<string, unknown>)[format];
  const compare = isNode(definition) && !(definition instanceof RegExp) ? definition.compare : undefined;
  if (typeof compare !== 'function') return null; // ajv refuses such a schema; publishing rejects it
  const name = `${FORMAT_PREFIX}${keyword}:${format}:${limit}`;
  const fails = FORMAT_LIMITS[keyword];
  cfworkerFormats[name] ??= (value) => !fails(compare(value, limit) as number);
  return name;
}

// ---------------------------------------------------------------------------------------------
// The schema as cfworker sees it

interface Prepared {
  root: Node;
  lookup: Record<string, Schema | boolean>;
  /** Rewritten node -> the author's node (a JSON copy of it). */
  source: WeakMap<object, Node>;
  /** Extra check node -> the node it belongs to and the ajv keyword it stands for. */
  checks: WeakMap<object, { owner: Node; keyword: string }>;
  /** Nodes written for `false`. */
  falseNodes: WeakSet<object>;
  /** Every rewritten node holding a $ref, to resolve them all up front. */
  refs: Node[];
}

function rewrite(schema: unknown, prepared: Prepared): unknown {
  if (schema === true) return {};
  if (schema === false) {
    const node = { not: {} };
    prepared.falseNodes.add(node);
    return node;
  }
  if (!isNode(schema)) return schema;
  const node: Node = {};
  const extra: Node[] = [];
  const addCheck = (check: Node, keyword: string) => {
    prepared.checks.set(check, { owner: node, keyword });
    extra.push(check);
  };
  const sub = (value: unknown) => rewrite(value, prepared);
  for (const [key, value] of Object.entries(schema)) {
    if (NOT_IN_AJV_DRAFT_07.has(key)) continue;
    if (key === 'format') {
      if (typeof value !== 'string') continue;
      if (stringFormats.has(value)) node.format = FORMAT_PREFIX + value;
      else if (Object.hasOwn(NUMBER_FORMATS, value) && NUMBER_FORMATS[value]) {
        addCheck({ if: { type: 'number' }, then: { ...NUMBER_FORMATS[value] } }, 'format');
      }
      continue; // unknown formats are ignored, as by ajv with strict: false
    }
    if (key === 'x-password-policy') {
      if (value === true) addCheck({ format: PASSWORD_POLICY }, key);
      continue;
    }
    if (Object.hasOwn(FORMAT_LIMITS, key)) {
      const name =
        typeof value === 'string' && typeof schema.format === 'string'
          ? formatLimitCheck(key as keyof typeof FORMAT_LIMITS, schema.format, value)
          : null;
      if (name) addCheck({ format: name }, key);
      continue;
    }
    if (SUBSCHEMA.has(key) || (key === 'items' && !Array.isArray(value))) node[key] = sub(value);
    else if (SUBSCHEMA_LIST.has(key) || key === 'items') node[key] = Array.isArray(value) ? value.map(sub) : value;
    else if (SUBSCHEMA_MAP.has(key) && isNode(value)) node[key] = mapValues(value, sub);
    else if (key === 'dependencies' && isNode(value))
      node[key] = mapValues(value, (v) => (Array.isArray(v) ? v : sub(v)));
    else node[key] = value;
  }
  // ajv honours `nullable: true` next to `type` (OpenAPI) even without its `nullable` option
  if (schema.nullable === true && node.type !== undefined) {
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (!types.includes('null')) node.type = [...types, 'null'];
  }
  if (extra.length > 0) node.allOf = [...(Array.isArray(node.allOf) ? node.allOf : []), ...extra];
  if (node.$ref !== undefined) prepared.refs.push(node);
  prepared.source.set(node, schema);
  return node;
}

function mapValues(map: Node, fn: (value: unknown) => unknown): Node {
  return Object.fromEntries(Object.entries(map).map(([key, value]) => [key, fn(value)]));
}

const preparedSchemas = new WeakMap<object, Prepared>();

/**
 * Rewrites a form's JSON Schema for cfworker, once per schema object (documents are immutable once
 * loaded). Throws when a $ref does not resolve. The caller's object is never modified.
 */
function prepare(schema: Record<string, unknown>): Prepared {
  let prepared = preparedSchemas.get(schema);
  if (prepared) return prepared;
  const copy = JSON.parse(JSON.stringify(schema)) as Node;
  delete copy.$id; // as core/documents/schema-compiler.ts: documents may share an $id
  prepared = {
    root: {},
    lookup: {},
    source: new WeakMap(),
    checks: new WeakMap(),
    falseNodes: new WeakSet(),
    refs: [],
  };
  prepared.root = rewrite(copy, prepared) as Node;
  prepared.lookup = dereference(prepared.root as Schema);
  for (const node of prepared.refs) {
    const uri = (node as { __absolute_ref__?: string }).__absolute_ref__ ?? String(node.$ref);
    if (prepared.lookup[uri] === undefined) throw new Error(`can't resolve reference ${String(node.$ref)}`);
  }
  preparedSchemas.set(schema, prepared);
  return prepared;
}

/**
 * Throws when form data could not be validated against this schema without ajv (a $ref cfworker
 * cannot resolve); publishing refuses such a form (core/documents/validate.ts).
 */
export function checkFormSchema(schema: Record<string, unknown>): void {
  prepare(schema);
}

// ---------------------------------------------------------------------------------------------
// cfworker's errors as ajv's

/** JSON-compatible data: what the server receives, and what cfworker accepts (no undefined, no NaN). */
export function asJson(data: unknown): unknown {
  return data === undefined ? null : JSON.parse(JSON.stringify(data));
}

function decodeSegment(segment: string): string {
  return decodeURIComponent(segment).replace(/~1/g, '/').replace(/~0/g, '~');
}

function pointerSegments(pointer: string): string[] {
  return pointer.split('/').slice(1).map(decodeSegment);
}

/** The value at a path of own properties, or undefined (never an inherited one). */
export function valueAt(data: unknown, path: string[]): unknown {
  let current = data;
  for (const key of path) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

interface Step {
  node: Node;
  keyword: string;
  /** Index or property name below keywords holding several subschemas. */
  sub?: string;
}

/** Follows a cfworker keywordLocation ('#/properties/a/$ref/minLength') through the rewritten schema. */
function resolve(prepared: Prepared, keywordLocation: string): { steps: Step[]; node: Node; keyword: string } {
  const segments = pointerSegments(keywordLocation);
  const steps: Step[] = [];
  let node = prepared.root;
  for (let i = 0; i < segments.length - 1; i++) {
    const keyword = segments[i];
    let next: unknown;
    if (keyword === '$ref') {
      steps.push({ node, keyword });
      next = prepared.lookup[(node as { __absolute_ref__?: string }).__absolute_ref__ ?? String(node.$ref)];
    } else {
      const value = node[keyword];
      const several =
        SUBSCHEMA_LIST.has(keyword) ||
        SUBSCHEMA_MAP.has(keyword) ||
        keyword === 'dependencies' ||
        (keyword === 'items' && Array.isArray(value));
      if (several) {
        const sub = segments[++i];
        steps.push({ node, keyword, sub });
        next = (value as Record<string, unknown>)[sub];
      } else {
        steps.push({ node, keyword });
        next = value;
      }
    }
    if (!isNode(next)) throw new Error(`unexpected schema location ${keywordLocation}`);
    node = next;
  }
  return { steps, node, keyword: segments[segments.length - 1] ?? '' };
}

function keywordRank(prepared: Prepared, node: Node, keyword: string, value: unknown): number {
  if (keyword === 'then' || keyword === 'else') return rankIn('', 'if');
  if (keyword === 'type') {
    // one type whose group has keywords in this schema: reported within that group, otherwise first
    const source = prepared.source.get(node) ?? node;
    const type = node.type;
    const grouped = typeof type === 'string' && type !== '' && Object.hasOwn(GROUPS, type);
    if (grouped && GROUPS[type].some((k) => Object.hasOwn(source, k))) return GROUP_START[type];
    return -1;
  }
  if (keyword === 'format') return rankIn(typeof value === 'number' ? 'number' : 'string', keyword);
  for (const group of Object.keys(GROUPS)) {
    if (GROUPS[group].includes(keyword)) return rankIn(group, keyword);
  }
  return AFTER_ALL;
}

function stepsRank(prepared: Prepared, steps: Step[]): number[] {
  return steps.flatMap((step) => {
    const rank = [keywordRank(prepared, step.node, step.keyword, undefined)];
    if (step.keyword === 'then' || step.keyword === 'else') rank.push(0);
    if (step.sub !== undefined) {
      const holder = step.node[step.keyword];
      rank.push(Array.isArray(holder) ? Number(step.sub) : Object.keys(holder as Node).indexOf(step.sub));
    }
    return rank;
  });
}

interface Ranked extends SchemaProblem {
  rank: number[];
}

/** The indexes of errors ajv would not report: those of oneOf branches after the second passing one. */
function skippedOneOfBranches(prepared: Prepared, errors: OutputUnit[]): Set<number> {
  const skipped = new Set<number>();
  errors.forEach((error, index) => {
    if (error.keyword !== 'oneOf') return;
    const branches = resolve(prepared, error.keywordLocation).node.oneOf;
    if (!Array.isArray(branches)) return;
    const prefix = `${error.keywordLocation}/`;
    const children: { index: number; branch: number }[] = [];
    for (let j = index + 1; j < errors.length && errors[j].keywordLocation.startsWith(prefix); j++) {
      children.push({ index: j, branch: Number(errors[j].keywordLocation.slice(prefix.length).split('/')[0]) });
    }
    const failing = new Set(children.map((child) => child.branch));
    const passing = branches.map((_branch, i) => i).filter((i) => !failing.has(i));
    if (passing.length < 2) return;
    for (const child of children) if (child.branch > passing[1]) skipped.add(child.index);
  });
  return skipped;
}

function toProblems(prepared: Prepared, errors: OutputUnit[], data: unknown): Ranked[] {
  const problems: Ranked[] = [];
  const skipped = skippedOneOfBranches(prepared, errors);
  const requiredSeen = new Map<string, number>();
  const checksSeen = new Map<object, Set<string>>();
  errors.forEach((error, index) => {
    if (skipped.has(index)) return;
    const next = errors[index + 1];
    if (WRAPPERS.has(error.keyword)) return;
    if (error.keyword === 'dependencies' && next?.keywordLocation.startsWith(`${error.keywordLocation}/`)) return;
    const path = pointerSegments(error.instanceLocation);
    const { steps, node, keyword } = resolve(prepared, error.keywordLocation);

    // an extra check (x-password-policy, formatMinimum, number formats): the keyword it stands for
    const checkAt = [...steps.map((step) => step.node), node].findIndex((n) => prepared.checks.has(n));
    if (checkAt >= 0) {
      const checkNode = checkAt < steps.length ? steps[checkAt].node : node;
      const check = prepared.checks.get(checkNode);
      if (!check) return;
      // one problem per check and value, however many of its own keywords failed
      const seen = checksSeen.get(checkNode) ?? new Set<string>();
      if (seen.has(error.instanceLocation)) return;
      checksSeen.set(checkNode, seen.add(error.instanceLocation));
      const before = steps.slice(0, Math.max(0, checkAt - 1)); // up to the owner, without its 'allOf' step
      problems.push({
        keyword: check.keyword,
        path,
        schema: prepared.source.get(check.owner),
        rank: [...stepsRank(prepared, before), keywordRank(prepared, check.owner, check.keyword, valueAt(data, path))],
      });
      return;
    }

    const within = stepsRank(prepared, steps);
    if (steps.some((step) => step.keyword === 'propertyNames')) path.pop(); // ajv reports at the object

    if (prepared.falseNodes.has(node)) {
      // `false`: ajv names additionalProperties/additionalItems on the parent, else 'false schema'
      const entered = steps[steps.length - 1];
      if (entered && (entered.keyword === 'additionalProperties' || entered.keyword === 'additionalItems')) {
        const schema = prepared.source.get(entered.node);
        problems.push({ keyword: entered.keyword, path: path.slice(0, -1), schema, rank: within });
      } else {
        problems.push({ keyword: 'false schema', path, rank: within });
      }
      return;
    }

    const value = valueAt(data, path);
    const rank = [...within, keywordRank(prepared, node, keyword, value)];
    if (AFTER_SUBSCHEMAS.has(keyword)) rank.push(Number.POSITIVE_INFINITY);
    const schema = prepared.source.get(node);

    if (keyword === 'required') {
      const key = `${error.keywordLocation}|${error.instanceLocation}`;
      const seen = requiredSeen.get(key) ?? 0;
      requiredSeen.set(key, seen + 1);
      const missing = ((node.required ?? []) as string[]).filter(
        (name) => !isNode(value) || !Object.hasOwn(value, name),
      );
      problems.push({ keyword, path: [...path, missing[seen] ?? ''], schema, rank });
      return;
    }
    if (keyword === 'contains' && Array.isArray(value)) {
      // ajv also reports why each item failed, before the contains error itself
      value.forEach((item, i) => {
        const result = validate(
          item,
          node.contains as Schema,
          DRAFT,
          prepared.lookup,
          false,
          null,
          `${error.instanceLocation}/${i}`,
          error.keywordLocation,
        );
        problems.push(...toProblems(prepared, result.errors, data));
      });
    }
    problems.push({ keyword, path, schema, rank });
  });
  return problems;
}

function compareRanks(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] - b[i];
  }
  return a.length - b.length;
}

/**
 * Every problem of `data` (JSON-compatible, see asJson) against a form's JSON Schema, in the order
 * ajv (allErrors) reports them. An empty list means the data is valid.
 */
export function schemaProblems(schema: Record<string, unknown>, data: unknown): SchemaProblem[] {
  const prepared = prepare(schema);
  const result = validate(data, prepared.root as Schema, DRAFT, prepared.lookup, false);
  if (result.valid) return [];
  return toProblems(prepared, result.errors, data)
    .sort((a, b) => compareRanks(a.rank, b.rank))
    .map(({ keyword, path, schema: source }) => ({ keyword, path, schema: source }));
}

/** Whether data satisfies a JSON Schema as ajv would judge it (RJSF uses it to pick anyOf/oneOf branches). */
export function matchesSchema(schema: Record<string, unknown>, data: unknown): boolean {
  const prepared = prepare(schema);
  return validate(asJson(data), prepared.root as Schema, DRAFT, prepared.lookup, true).valid;
}
