import {
  BLACKLIST,
  type BlacklistEntry,
  CONTENT_CATEGORIES,
  type ContentCategorySetting,
  effectiveMmspRules,
} from '../../core/admin/admin-lists';
import { MMSP_RULES, type MmspRulesBody } from '../../core/mmsp/mmsp-findings';
import type { AppContext } from '../context';

/**
 * The admin's category settings and blacklist as the scans' judges read them: the records of two
 * global resources (core/admin/admin-lists.ts), read afresh each time so an edit counts at once.
 */
export function blacklistOf(ctx: AppContext): Promise<BlacklistEntry[]> {
  return ctx.store.collection<BlacklistEntry & { id: string }>(`res.${BLACKLIST}`).all();
}

export function categorySettingsOf(ctx: AppContext): Promise<ContentCategorySetting[]> {
  return ctx.store.collection<ContentCategorySetting & { id: string }>(`res.${CONTENT_CATEGORIES}`).all();
}

/** The published MMSP rules with the admin's lists merged over them; undefined while none is published. */
export async function mmspRulesOf(ctx: AppContext): Promise<MmspRulesBody | undefined> {
  const rules = ctx.documents.latestBody<MmspRulesBody>(MMSP_RULES.kind, MMSP_RULES.id);
  if (!rules) return undefined;
  const [categories, entries] = await Promise.all([categorySettingsOf(ctx), blacklistOf(ctx)]);
  return effectiveMmspRules(rules, categories, entries);
}
