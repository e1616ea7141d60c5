import { type OnboardingWarningsBody, onboardingWarningsProblems } from '../onboarding/onboarding-warnings';
import { priceListProblems } from '../pricing/price-list.checks';
import type { PriceListBody } from '../pricing/price-list.types';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import type { ResourceBody } from '../resources/resource.types';
import { publishedGroups, resourceProblems } from '../resources/resource.utils';
import { menuGroupProblems } from '../menus/menu-checks';
import type { MenusBody } from '../menus/menu.types';
import { formOptionProblems } from './form-options';
import { type EligibilityRulesBody, eligibilityProblems } from '../eligibility/eligibility';
import { ruleSetProblems } from '../transaction-monitoring/engine';
import type { TmRuleSetBody } from '../transaction-monitoring/tm.types';
import { checkListBody } from '../lists/list.utils';
import { checkPageBody } from '../pages/page.utils';
import { MAX_DOCUMENT_DEPTH, nestsDeeperThan } from '../json/nesting';
import { questionnaireProblems } from '../questionnaire/questionnaire.problems';
import type { QuestionnaireBody } from '../questionnaire/questionnaire.types';
import { routeProblems } from '../routes/route.utils';
import { checkRule } from '../rules/jsonlogic';
import { formReferences, wizardProblems } from '../wizards/wizard.utils';
import type { WorkflowBody } from '../workflows/workflow.types';
import { workflowProblems } from '../workflows/workflow.utils';
import { canonicalJson } from '../json/canonical-json';
import type { DocumentKind, DocumentProblem, SeedDocument, ValidationContext } from './document.types';
import { isDocumentKind, META_SCHEMAS } from './meta-schemas';
import { compileContentSchema } from './schema-compiler';

/** Where the meta-schema marked a json-logic rule or an embedded JSON Schema during one validation. */
interface Marks {
  rules: string[];
  schemas: string[];
}

let marks: Marks | null = null;

/**
 * The ajv instance for meta-schemas: strict (a typo in a meta-schema is a bug), allErrors. The two
 * marker keywords never fail; they record the instance path so rules and schemas are found
 * wherever a meta-schema places them. Validation is synchronous, so one module-level collector is safe.
 */
function createMetaAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true, verbose: true });
  for (const keyword of ['x-jsonlogic', 'x-jsonschema'] as const) {
    ajv.addKeyword({
      keyword,
      schemaType: 'boolean',
      errors: false,
      validate: (enabled: boolean, _data: unknown, _parent: unknown, cxt?: { instancePath: string }) => {
        if (enabled && marks && cxt) (keyword === 'x-jsonlogic' ? marks.rules : marks.schemas).push(cxt.instancePath);
        return true;
      },
    });
  }
  return ajv;
}

const metaAjv = createMetaAjv();

const validators = new Map<string, ValidateFunction>();

function validatorFor(kind: keyof typeof META_SCHEMAS): ValidateFunction {
  let validate = validators.get(kind);
  if (!validate) {
    validate = metaAjv.compile(META_SCHEMAS[kind]);
    validators.set(kind, validate);
  }
  return validate;
}

function valueAt(root: unknown, pointer: string): unknown {
  let current = root;
  for (const raw of pointer.split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

type Sentence = Omit<DocumentProblem, 'path'>;

/** Turns one ajv error into a sentence that names the offending property or value (with its locale code). */
function sentenceFor(error: ErrorObject): Sentence {
  const params = error.params as Record<string, unknown>;
  const coded = (code: string, values: Record<string, string>, message: string): Sentence => ({
    code,
    params: values,
    message,
  });
  switch (error.keyword) {
    case 'required': {
      const property = String(params.missingProperty);
      return coded('missingProperty', { property }, `missing required property "${property}"`);
    }
    case 'additionalProperties': {
      const property = String(params.additionalProperty);
      return coded('unknownProperty', { property }, `unknown property "${property}"`);
    }
    case 'type': {
      const type = String(params.type).replace(',', ' or ');
      return coded('wrongType', { type }, `must be ${type}`);
    }
    case 'enum': {
      const values = (params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ');
      return coded('notOneOf', { values }, `must be one of ${values}`);
    }
    case 'pattern': {
      const pattern = String(params.pattern);
      return coded('patternMismatch', { pattern }, `must match pattern ${pattern}`);
    }
    case 'minLength':
      return coded('tooShort', { limit: String(params.limit) }, `must have at least ${params.limit} characters`);
    case 'anyOf':
      return coded('noShapeMatches', {}, 'must match one of the allowed shapes');
    case 'minProperties':
      return {
        message: error.parentSchema?.properties
          ? `must have one of ${JSON.stringify(Object.keys(error.parentSchema.properties as object))}`
          : (error.message ?? 'has too few properties'),
      };
    case 'maxProperties':
      return {
        message: `must have only one of ${JSON.stringify(Object.keys((error.parentSchema?.properties as object) ?? {}))}`,
      };
    default:
      return { message: error.message ?? `fails ${error.keyword}` };
  }
}

function ajvProblems(errors: ErrorObject[] | null | undefined, prefix: string): DocumentProblem[] {
  const seen = new Set<string>();
  const problems: DocumentProblem[] = [];
  for (const error of errors ?? []) {
    const problem = { path: `${prefix}${error.instancePath}`, ...sentenceFor(error) };
    const key = `${problem.path}\u0000${problem.message}`;
    if (!seen.has(key)) {
      seen.add(key);
      problems.push(problem);
    }
  }
  return problems;
}

/** Checks of one kind beyond its meta-schema, run once the body has the meta-schema's shape. */
const KIND_CHECKS: Partial<
  Record<DocumentKind, (id: string, body: never, context: ValidationContext) => DocumentProblem[]>
> = {
  list: (_id, body: unknown) => checkListBody(body as never),
  page: (_id, body: unknown) => checkPageBody(body as never),
  form: (_id, body: unknown) => formOptionProblems(body as never),
  routes: (_id, body: unknown) => routeProblems(body as never),
  menus: (_id, body: MenusBody, context) => menuGroupProblems(body, publishedGroups(context)),
  resource: (id, body: ResourceBody, context) => resourceProblems(id, body, context),
  workflow: (id, body: WorkflowBody, context) => workflowProblems(id, body, context),
  questionnaire: (_id, body: QuestionnaireBody, context) => questionnaireProblems(body, context),
  'eligibility-rules': (_id, body: EligibilityRulesBody) => eligibilityProblems(body),
  'tm-rules': (_id, body: TmRuleSetBody) => ruleSetProblems(body),
  'price-list': (_id, body: PriceListBody) => priceListProblems(body),
  'onboarding-warnings': (_id, body: OnboardingWarningsBody) => onboardingWarningsProblems(body),
  // a wizard's steps reference each other and may name form documents, which must be published
  wizard: (_id, body: unknown, { published }) => [
    ...wizardProblems(body),
    ...(published
      ? formReferences(body)
          .filter(({ formId }) => published('form', formId) === undefined)
          .map(({ formId, path }) => ({
            path,
            code: 'notPublished',
            params: { kind: 'form', id: formId },
            message: `no published form document "${formId}"`,
          }))
      : []),
  ],
};

/** The body against its kind's meta-schema: ajv's errors and where the markers were met. */
function checkBody(kind: DocumentKind, body: unknown): { errors: ErrorObject[]; found: Marks } {
  const validate = validatorFor(kind);
  const found: Marks = { rules: [], schemas: [] };
  marks = found;
  try {
    validate(body);
  } finally {
    marks = null;
  }
  return { errors: validate.errors ?? [], found };
}

/** Every JSON Schema embedded in a body (where its meta-schema says `x-jsonschema`), by JSON pointer into the body. */
export function embeddedSchemas(
  kind: DocumentKind,
  body: unknown,
): { pointer: string; schema: Record<string, unknown> }[] {
  const out: { pointer: string; schema: Record<string, unknown> }[] = [];
  for (const pointer of new Set(checkBody(kind, body).found.schemas)) {
    const schema = valueAt(body, pointer);
    if (schema !== null && typeof schema === 'object' && !Array.isArray(schema)) {
      out.push({ pointer, schema: schema as Record<string, unknown> });
    }
  }
  return out;
}

/** A problem when the body nests deeper than a document may (MAX_DOCUMENT_DEPTH), else null. */
export function depthProblem(body: unknown): DocumentProblem | null {
  return nestsDeeperThan(body, MAX_DOCUMENT_DEPTH)
    ? { path: '/body', message: `nests deeper than ${MAX_DOCUMENT_DEPTH} levels` }
    : null;
}

/**
 * Validates a config document before it is published (and when seeding): kind and id, the body
 * against its kind's meta-schema, every embedded JSON Schema compiled with ajv (form data is then
 * validated by that ajv on the server and by its standalone code in the browser), every json-logic
 * rule checked against the vetted operation set, then the kind's own checks (KIND_CHECKS; references
 * to other documents, server effects and the standard's requirement ids only when `context` can look
 * them up). Every problem is listed, never only the first: the kind's checks run even when the
 * meta-schema found some. Paths are JSON pointers into {kind, id, body}, e.g.
 * `/body/routes/3/guard/rule`. An empty list means the document may be published.
 */
export function validateDocument(
  candidate: { kind: unknown; id: unknown; body: unknown },
  context: ValidationContext = {},
): DocumentProblem[] {
  const problems: DocumentProblem[] = [];
  if (typeof candidate.id !== 'string' || !/^[a-z0-9][a-z0-9._-]*$/.test(candidate.id)) {
    problems.push({ path: '/id', message: 'must be a lower-case id of letters, digits, ".", "_" or "-"' });
  }
  if (!isDocumentKind(candidate.kind)) {
    problems.push({ path: '/kind', message: `unknown document kind ${JSON.stringify(candidate.kind)}` });
    return problems;
  }
  // checked first, without recursion: the checks below recurse and would overflow on a deep body
  const tooDeep = depthProblem(candidate.body);
  if (tooDeep) return [...problems, tooDeep];
  const { errors, found } = checkBody(candidate.kind, candidate.body);
  problems.push(...ajvProblems(errors, '/body'));
  for (const path of new Set(found.schemas)) {
    const schema = valueAt(candidate.body, path);
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) continue;
    try {
      compileContentSchema(schema as Record<string, unknown>);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      problems.push({ path: `/body${path}`, message: `embedded JSON Schema does not compile: ${reason}` });
    }
  }
  for (const path of new Set(found.rules)) {
    problems.push(...checkRule(valueAt(candidate.body, path), `/body${path}`));
  }
  const kindCheck = KIND_CHECKS[candidate.kind];
  if (kindCheck)
    problems.push(...kindProblems(() => kindCheck(String(candidate.id), candidate.body as never, context), problems));
  return problems;
}

/**
 * A kind's checks assume the meta-schema's shape. On a body that lacks it they may trip over what is
 * missing; the meta-schema's problems already say what, so such a trip adds nothing. On a body of
 * the right shape a throw is a bug and is not hidden.
 */
function kindProblems(check: () => DocumentProblem[], schemaProblems: DocumentProblem[]): DocumentProblem[] {
  try {
    return check();
  } catch (error) {
    if (schemaProblems.length > 0) return [];
    throw error;
  }
}

/**
 * sha256 hex of the canonical JSON of {kind, id, body}: the content hash stored with each version
 * and the basis of the config service's ETag. WebCrypto, so it runs in the browser and in Node.
 */
export async function hashDocument(candidate: Pick<SeedDocument, 'kind' | 'id' | 'body'>): Promise<string> {
  const text = canonicalJson({ kind: candidate.kind, id: candidate.id, body: candidate.body });
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
