import { expiryProblem, INVITATION_RESOURCE } from '../../core/invitations/invitation';

/**
 * Rules on a resource's records that its JSON Schema cannot state (they need the clock), by
 * resource id: judged with the schema wherever records are written — the generic create and
 * update, CSV import and the services built on them — so no path skips them.
 */
export type RecordRule = (fields: Record<string, unknown>, now: Date) => Record<string, string>;

const RULES: Record<string, RecordRule> = {
  // an invitation's expiry: the create form caps it at 365 days; the resource endpoint must too
  [INVITATION_RESOURCE]: (fields, now): Record<string, string> => {
    const problem = expiryProblem(fields.expiresAt, now);
    return problem ? { expiresAt: problem } : {};
  },
};

/** What the resource's own rule says of `fields` (field → i18n key; empty when fine or when it has none). */
export function recordRuleErrors(resourceId: string, fields: Record<string, unknown>, now: Date) {
  return RULES[resourceId]?.(fields, now) ?? {};
}
