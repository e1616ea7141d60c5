import type { ConfigDocument } from '../../core/documents/document.types';
import type { DocumentsService } from '../config/documents.service';
import { organizationDocumentId } from '../config/documents.service';
import { AppError } from '../http/app-error';
import { DEFAULT_RULE_SET, type RuleSetSource } from '../../core/transaction-monitoring/tm.types';

export { DEFAULT_RULE_SET };

/** Whether a rule set id is an organisation's own or the platform default. */
export const sourceOf = (ruleSetId: string): RuleSetSource => (ruleSetId === DEFAULT_RULE_SET ? 'default' : 'own');

export const TM_RULES_KIND = 'tm-rules';

/** The id of an organisation's own rule set: `tm-rules/org.<organisation id>`. */
export const ruleSetIdOf = (organizationId: string): string => organizationDocumentId(organizationId);

/**
 * The rule set that scores the organisation's transactions now: its own latest published version,
 * else the platform default's. Read from the document cache, which follows publishes on every instance.
 */
export function effectiveRuleSet(documents: DocumentsService, organizationId: string): ConfigDocument {
  const own = documents.cache.get(TM_RULES_KIND, ruleSetIdOf(organizationId));
  const entry = own ?? documents.cache.get(TM_RULES_KIND, DEFAULT_RULE_SET);
  if (!entry) throw new AppError(404, 'documentNotFound');
  return entry.document;
}
