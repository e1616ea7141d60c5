/**
 * Transaction-laundering signals of a portfolio (issue 25 'Transaction laundering and cross-pattern
 * matching'; docs/domain/portfolio-mmsp.md 'Transaction laundering'): merchants that look like one
 * another (cross-pattern matches, by content and by the technology their sites load) and a merchant's
 * transactions that do not fit it (a descriptor or MCC other than its own, payments while its site is
 * down). Pure: the caller reads the site profiles and transactions.
 */
import { tokenSimilarity } from '../sanctions/match';
import { nameTokens } from '../sanctions/normalize';

/** A merchant as the comparison reads it: its names and tags, and what its site loads (null before a read). */
export interface SiteFacts {
  id: string;
  name: string;
  url: string;
  tags?: string;
  profile?: {
    providers: { id: string }[];
    modules: { id: string }[];
    scripts: { host: string; thirdParty: boolean }[];
  } | null;
}

/** Shell §3 'Similarity match': content, visual, infrastructure, overall and the match type. */
export interface PatternMatch {
  merchantId: string;
  matchedMerchantId: string;
  matchedMerchantName: string;
  /** 0–1: the names, site words and tags (order and accents ignored). */
  content: number;
  /** Not measured: no screenshots are taken (null, never a guess). */
  visual: null;
  /** 0–1: the share of providers, modules and third-party script hosts the two sites both load; null unread. */
  infrastructure: number | null;
  /** The mean of what was measured. */
  overall: number;
  matchType: 'similar_content' | 'similar_tech';
}

/** Two names this close are one business presented twice (the sanctions matcher's review band). */
export const CONTENT_MATCH = 0.9;
/** Two sites sharing this share of their technology are run by one hand. */
export const INFRASTRUCTURE_MATCH = 0.8;
/** Fewer fingerprints than this say nothing (every shop loads one analytics script). */
export const MIN_FINGERPRINTS = 3;

const round = (value: number) => Math.round(value * 1000) / 1000;

/** The site's host without `www.` and its public suffix, as words ("anatolia-books.example" → anatolia books). */
function hostWords(url: string): string[] {
  try {
    const labels = new URL(url).hostname.replace(/^www\./, '').split('.');
    return nameTokens(labels.slice(0, -1).join(' '));
  } catch {
    return [];
  }
}

function contentTokens(site: SiteFacts): string[] {
  return [...new Set([...nameTokens(site.name), ...hostWords(site.url), ...nameTokens(site.tags ?? '')])];
}

function fingerprints(site: SiteFacts): Set<string> | null {
  if (!site.profile) return null;
  return new Set([
    ...site.profile.providers.map((provider) => `provider:${provider.id}`),
    ...site.profile.modules.map((module) => `module:${module.id}`),
    ...site.profile.scripts.filter((script) => script.thirdParty).map((script) => `script:${script.host}`),
  ]);
}

function jaccard(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const item of a) if (b.has(item)) shared += 1;
  return shared / (a.size + b.size - shared);
}

/** The similarity of two merchants, or null when they do not match. */
export function compareSites(a: SiteFacts, b: SiteFacts): Omit<PatternMatch, 'merchantId'> | null {
  const content = round(tokenSimilarity(contentTokens(a), contentTokens(b)));
  const left = fingerprints(a);
  const right = fingerprints(b);
  const measurable = left && right && left.size >= MIN_FINGERPRINTS && right.size >= MIN_FINGERPRINTS;
  const infrastructure = measurable ? round(jaccard(left, right)) : null;
  const byContent = content >= CONTENT_MATCH;
  const byTech = infrastructure !== null && infrastructure >= INFRASTRUCTURE_MATCH;
  if (!byContent && !byTech) return null;
  const measured = infrastructure === null ? [content] : [content, infrastructure];
  return {
    matchedMerchantId: b.id,
    matchedMerchantName: b.name,
    content,
    visual: null,
    infrastructure,
    overall: round(measured.reduce((sum, value) => sum + value, 0) / measured.length),
    matchType: byContent && (!byTech || content >= (infrastructure ?? 0)) ? 'similar_content' : 'similar_tech',
  };
}

/** Every merchant's matches among the others (a pair appears once from each side). */
export function crossPatternMatches(sites: readonly SiteFacts[]): PatternMatch[] {
  const matches: PatternMatch[] = [];
  for (const site of sites) {
    for (const other of sites) {
      if (other.id === site.id) continue;
      const match = compareSites(site, other);
      if (match) matches.push({ merchantId: site.id, ...match });
    }
  }
  return matches;
}

/** A merchant's transaction as the signals read it. */
export interface MerchantTransaction {
  merchantName?: string;
  mcc?: string;
  occurredAt: string;
}

/** Why a merchant's transactions do not fit it; `value` the descriptor or MCC seen. */
export interface TransactionSignal {
  kind: 'descriptor_mismatch' | 'transaction_mcc_mismatch' | 'volume_without_site';
  value: string;
  count: number;
}

/**
 * The signals of one merchant's transactions: descriptors that do not name it (another business
 * charging through its account), MCCs other than its declared one, and payments in the last 30 days
 * while its latest scan found the site offline (volume with no shop to sell from).
 */
export function transactionSignals(
  merchant: { name: string; mcc?: string; reachability?: string | null },
  transactions: readonly MerchantTransaction[],
  now: Date,
): TransactionSignal[] {
  const counts = new Map<string, TransactionSignal>();
  const add = (kind: TransactionSignal['kind'], value: string) => {
    const key = `${kind}:${value}`;
    const known = counts.get(key);
    if (known) known.count += 1;
    else counts.set(key, { kind, value, count: 1 });
  };
  const own = nameTokens(merchant.name);
  const since = now.getTime() - 30 * 24 * 60 * 60 * 1000;
  for (const transaction of transactions) {
    const descriptor = transaction.merchantName?.trim();
    if (descriptor && tokenSimilarity(nameTokens(descriptor), own) < CONTENT_MATCH)
      add('descriptor_mismatch', descriptor);
    if (transaction.mcc && merchant.mcc && transaction.mcc !== merchant.mcc)
      add('transaction_mcc_mismatch', transaction.mcc);
    if (merchant.reachability === 'offline' && Date.parse(transaction.occurredAt) >= since) {
      add('volume_without_site', 'offline');
    }
  }
  return [...counts.values()];
}
