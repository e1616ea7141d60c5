import eligibilityRules from '../../schemas/meta/eligibility-rules.json';
import form from '../../schemas/meta/form.json';
import landingRules from '../../schemas/meta/landing-rules.json';
import list from '../../schemas/meta/list.json';
import menus from '../../schemas/meta/menus.json';
import questionnaire from '../../schemas/meta/questionnaire.json';
import onboardingWarnings from '../../schemas/meta/onboarding-warnings.json';
import mmspRules from '../../schemas/meta/mmsp-rules.json';
import sanctionsBands from '../../schemas/meta/sanctions-bands.json';
import page from '../../schemas/meta/page.json';
import resource from '../../schemas/meta/resource.json';
import roleGroups from '../../schemas/meta/role-groups.json';
import routes from '../../schemas/meta/routes.json';
import scanRequirements from '../../schemas/meta/scan-requirements.json';
import shellSettings from '../../schemas/meta/shell-settings.json';
import priceList from '../../schemas/meta/price-list.json';
import tmRules from '../../schemas/meta/tm-rules.json';
import tooltips from '../../schemas/meta/tooltips.json';
import wizard from '../../schemas/meta/wizard.json';
import workflow from '../../schemas/meta/workflow.json';
import type { DocumentKind } from './document.types';

/**
 * Document kind -> the JSON Schema its body must satisfy (schemas/meta/<kind>.json). Imported as
 * JSON modules so the same map works in Node and in the browser bundle. In a meta-schema,
 * `"x-jsonlogic": true` marks where a json-logic rule sits and `"x-jsonschema": true` where an
 * embedded JSON Schema sits; validateDocument checks both.
 */
export const META_SCHEMAS: Readonly<Record<DocumentKind, Record<string, unknown>>> = Object.freeze({
  routes,
  menus,
  'role-groups': roleGroups,
  'landing-rules': landingRules,
  'shell-settings': shellSettings,
  form,
  wizard,
  resource,
  workflow,
  list,
  page,
  tooltips,
  questionnaire,
  'scan-requirements': scanRequirements,
  'onboarding-warnings': onboardingWarnings,
  'mmsp-rules': mmspRules,
  'sanctions-bands': sanctionsBands,
  'eligibility-rules': eligibilityRules,
  'tm-rules': tmRules,
  'price-list': priceList,
});

/** The document kinds that have a meta-schema, in a stable order. */
export const DOCUMENT_KINDS = Object.keys(META_SCHEMAS) as DocumentKind[];

/** Whether a string names a known document kind. */
export function isDocumentKind(kind: unknown): kind is DocumentKind {
  return typeof kind === 'string' && Object.hasOwn(META_SCHEMAS, kind);
}
