/**
 * The lists an admin edits as records (Administration → Category system-wide and Category blacklist):
 * the flagged-content categories (domain §3) switched on or off and counted as BRAM or not, and the
 * blacklisted domains and keywords. They merge over the published documents `mmsp-rules/app` and
 * `onboarding-warnings/app` each time those are read, so an edit changes the next onboarding's warning
 * and verdict and the next MMSP findings without a publish. Pure.
 */
import type { FlaggedCategory, MmspRulesBody } from '../mmsp/mmsp-findings';
import type { OnboardingWarning } from '../onboarding/onboarding-warnings';

/** The resources holding them (schemas/resources/content-category.json, blacklist-entry.json). */
export const CONTENT_CATEGORIES = 'content-category';
export const BLACKLIST = 'blacklist-entry';

/** A record of `content-category`: one flagged-content category's system-wide setting. */
export interface ContentCategorySetting {
  key: FlaggedCategory;
  /** false: its keywords and high-risk MCCs make no finding anywhere. Absent: on. */
  active?: boolean;
  /** Whether its findings are BRAM findings too (absent: as the rules document says). */
  bram?: boolean;
}

/** A record of `blacklist-entry`. */
export interface BlacklistEntry {
  type: 'domain' | 'keyword';
  value: string;
  /** A keyword's flagged-content category (its MMSP findings are of it). */
  category?: FlaggedCategory;
  badContent?: string;
  prohibitedProduct?: string;
  /** false: kept but not applied. Absent: applied. */
  active?: boolean;
}

const applied = <T extends { active?: boolean }>(records: readonly T[]) =>
  records.filter((each) => each.active !== false);

/**
 * The rules the MMSP findings and the MCC detection follow: the document's, with the blacklisted
 * keywords that name a category added, the categories switched off removed and BRAM as the settings say.
 */
export function effectiveMmspRules(
  rules: MmspRulesBody,
  categories: readonly ContentCategorySetting[],
  entries: readonly BlacklistEntry[],
): MmspRulesBody {
  const off = new Set(categories.filter((each) => each.active === false).map((each) => each.key));
  const bram = new Set(rules.bramCategories);
  for (const setting of categories) {
    if (setting.bram === true) bram.add(setting.key);
    if (setting.bram === false) bram.delete(setting.key);
  }
  const added = applied(entries)
    .filter((entry) => entry.type === 'keyword' && entry.category)
    .map((entry) => ({
      word: entry.value.toLowerCase(),
      category: entry.category as FlaggedCategory,
      ...(entry.badContent ? { badContent: entry.badContent } : {}),
      ...(entry.prohibitedProduct ? { prohibitedProduct: entry.prohibitedProduct } : {}),
    }));
  return {
    ...rules,
    highRiskMcc: rules.highRiskMcc.filter((entry) => !off.has(entry.category)),
    keywords: [...rules.keywords, ...added].filter((keyword) => !off.has(keyword.category)),
    bramCategories: [...bram].filter((category) => !off.has(category)),
  };
}

/**
 * The blacklist's word on a host: a blacklisted domain (the host or a parent of it) or a keyword
 * anywhere in the host is a `blacklist` warning — one per entry that matched.
 */
export function blacklistWarnings(host: string, entries: readonly BlacklistEntry[]): OnboardingWarning[] {
  const name = host.toLowerCase().replace(/\.$/, '');
  const warnings: OnboardingWarning[] = [];
  for (const entry of applied(entries)) {
    const value = entry.value.toLowerCase();
    const hit = entry.type === 'domain' ? name === value || name.endsWith(`.${value}`) : name.includes(value);
    if (hit) warnings.push({ category: 'blacklist', domain: entry.value });
  }
  return warnings;
}
