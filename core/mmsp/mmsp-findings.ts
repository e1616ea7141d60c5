/**
 * The monthly merchant integrity report of MMSP (domain §2, shell §3 vocabularies): which portfolio
 * merchants are findings, in which section, derived from their records, their latest scan and their
 * onboarding with the rules of the `mmsp-rules/app` document (schemas/mmsp/). Pure.
 */
import type { PatternMatch, TransactionSignal } from '../laundering/patterns';

/** The report's sections, in the order the dashboard and the report show them. */
export const MMSP_SECTIONS = [
  'bram',
  'transactionLaundering',
  'highRiskMcc',
  'badContent',
  'prohibitedProducts',
] as const;
export type MmspSection = (typeof MMSP_SECTIONS)[number];

/** Shell §3 'Monitoring finding status': the states of the workflow document `mmsp-finding`. */
export const FINDING_STATUSES = ['awaiting', 'false_positive', 'informed', 'resolved', 'no_action_taken'] as const;

/** Shell §3 'Flagged-content category keys'. */
export type FlaggedCategory =
  | 'tobacco'
  | 'drug'
  | 'vape'
  | 'alcohol'
  | 'counterfeit'
  | 'prohibited'
  | 'gambling'
  | 'gambling_regulations'
  | 'pharmaceutical'
  | 'copyright'
  | 'adult_content'
  | 'transaction_laundering';

/** Shell §3 'Finding types'. */
export type FindingType =
  | 'bad_content'
  | 'similar_content'
  | 'similar_tech'
  | 'prohibited_product'
  | 'possible_prohibited_product'
  | 'no_transaction_laundering';

/** The rules the findings follow (schemas/mmsp/mmsp-rules.json). */
export const MMSP_RULES = { kind: 'mmsp-rules', id: 'app' } as const;

export interface MmspRulesBody {
  title: unknown;
  highRiskMcc: { code: string; category: FlaggedCategory; description?: string }[];
  keywords: { word: string; category: FlaggedCategory; badContent?: string; prohibitedProduct?: string }[];
  bramCategories: FlaggedCategory[];
  launderingWarnings?: string[];
}

/** What the rules read of one portfolio merchant. */
export interface MerchantFacts {
  id: string;
  name: string;
  url: string;
  mcc?: string;
  legalName?: string;
  doingBusinessAs?: string;
  tags?: string;
  /** The latest scan's reachability (domain §4), when the merchant has a scan. */
  reachability?: string | null;
  scanDate?: string | null;
  /** The categories its onboarding warned about (onboarding-warnings). */
  onboardingWarnings?: string[];
  /** Its settings ask for MCC detection: a declared MCC the words contradict is a laundering finding. */
  mccDetection?: boolean;
  /** Other merchants of the portfolio it looks like (core/laundering/patterns.ts). */
  patternMatches?: PatternMatch[];
  /** What its transactions say that does not fit it. */
  transactionSignals?: TransactionSignal[];
}

type Text = { en: string; tr: string };

/** The facts a merchant's own record gives the rules: its names, web address, MCC and tags. */
export function recordFacts(merchant: { id: string } & Record<string, unknown>): MerchantFacts {
  const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
  return {
    id: merchant.id,
    name: String(merchant.name ?? ''),
    url: String(merchant.url ?? ''),
    mcc: text(merchant.mcc),
    legalName: text(merchant.legalName),
    doingBusinessAs: text(merchant.doingBusinessAs),
    tags: text(merchant.tags),
  };
}

/** One finding as the rules make it; `key` is unique within a month and organisation. */
export interface DerivedFinding {
  key: string;
  merchantId: string;
  merchantName: string;
  merchantUrl: string;
  section: MmspSection;
  /** Bad content and prohibited products (and BRAM, from them) have a shell §3 finding type. */
  type?: FindingType;
  category: FlaggedCategory;
  /** A bad-content kind (badContent) or a prohibited-product kind (prohibitedProducts). */
  kind?: string;
  detail: Text;
  /** A cross-pattern match: the other merchant and how alike the two are (shell §3 'Similarity match'). */
  matchedMerchantId?: string;
  matchedMerchantName?: string;
  similarity?: Pick<PatternMatch, 'content' | 'visual' | 'infrastructure' | 'overall'>;
}

/** The searched text of a merchant: names, web address and tags, lower-case. */
export function searchedText(merchant: MerchantFacts): string {
  return [merchant.name, merchant.legalName, merchant.doingBusinessAs, merchant.url, merchant.tags]
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .toLowerCase();
}

/**
 * Whether a keyword occurs: words of five letters or more anywhere (web addresses run words
 * together: `royalcasino.example`), shorter ones only as a whole word (`bet` is not in `alphabet`).
 */
export function mentions(text: string, word: string): boolean {
  if (word.length >= 5) return text.includes(word);
  return new RegExp(`(^|[^a-z0-9])${word.replace(/[^a-z0-9]/g, '\\$&')}($|[^a-z0-9])`).test(text);
}

/** The MCC a merchant's own words imply, and the word that implies it. */
export interface DetectedMcc {
  code: string;
  category: string;
  word: string;
  /** The declared MCC is of another category: the classic sign of a miscoded (laundering) merchant. */
  mismatch: boolean;
}

/**
 * MCC detection (domain §2 'settings: MCC detection'): the first rules keyword in the merchant's
 * names, address or tags whose category has a high-risk MCC names that MCC. A declared MCC of the
 * same category agrees; any other declared MCC (or none) is a mismatch. null: nothing implied.
 */
export function detectMcc(merchant: MerchantFacts, rules: MmspRulesBody): DetectedMcc | null {
  const text = searchedText(merchant);
  for (const keyword of rules.keywords) {
    const codes = rules.highRiskMcc.filter((entry) => entry.category === keyword.category);
    if (codes.length === 0 || !mentions(text, keyword.word)) continue;
    const mismatch = !codes.some((entry) => entry.code === merchant.mcc);
    return { code: codes[0].code, category: keyword.category, word: keyword.word, mismatch };
  }
  return null;
}

function finding(
  merchant: MerchantFacts,
  section: MmspSection,
  type: FindingType | undefined,
  category: FlaggedCategory,
  detail: Text,
  kind?: string,
  keySuffix = kind,
): DerivedFinding {
  return {
    key: `${section}:${merchant.id}:${category}${keySuffix ? `:${keySuffix}` : ''}`,
    merchantId: merchant.id,
    merchantName: merchant.name,
    merchantUrl: merchant.url,
    section,
    ...(type ? { type } : {}),
    category,
    ...(kind ? { kind } : {}),
    detail,
  };
}

/**
 * The findings of one merchant:
 * - high-risk MCC: its MCC is in the rules' table (the table's category);
 * - bad content: a keyword with a bad-content kind in its names, address or tags;
 * - prohibited products: a keyword with a prohibited-product kind (a possible prohibited product
 *   until someone marks it; the marking is applied to the stored findings, not here);
 * - transaction laundering: its latest scan found the site redirecting elsewhere, or its onboarding
 *   warned of a category the rules name (a marketplace or SaaS host sells for others);
 * - BRAM: every bad-content or prohibited-product finding whose category the rules list as BRAM.
 */
export function merchantFindings(merchant: MerchantFacts, rules: MmspRulesBody): DerivedFinding[] {
  const found: DerivedFinding[] = [];
  const mcc = rules.highRiskMcc.find((entry) => entry.code === merchant.mcc);
  if (mcc) {
    const about = mcc.description ? ` (${mcc.description})` : '';
    found.push(
      finding(merchant, 'highRiskMcc', undefined, mcc.category, {
        en: `MCC ${mcc.code}${about} is high risk`,
        tr: `MCC ${mcc.code}${about} yüksek riskli`,
      }),
    );
  }
  const text = searchedText(merchant);
  for (const keyword of rules.keywords) {
    if (!mentions(text, keyword.word)) continue;
    const detail = {
      en: `“${keyword.word}” in the merchant's name, address or tags`,
      tr: `Üye işyerinin adında, adresinde veya etiketlerinde “${keyword.word}”`,
    };
    const marks: DerivedFinding[] = [];
    if (keyword.badContent) {
      marks.push(finding(merchant, 'badContent', 'bad_content', keyword.category, detail, keyword.badContent));
    }
    if (keyword.prohibitedProduct) {
      marks.push(
        finding(
          merchant,
          'prohibitedProducts',
          'possible_prohibited_product',
          keyword.category,
          detail,
          keyword.prohibitedProduct,
        ),
      );
    }
    for (const mark of marks) {
      found.push(mark);
      if (rules.bramCategories.includes(keyword.category)) {
        found.push(finding(merchant, 'bram', mark.type, keyword.category, detail, mark.kind));
      }
    }
  }
  const laundering = (detail: Text, keySuffix?: string) =>
    finding(merchant, 'transactionLaundering', undefined, 'transaction_laundering', detail, undefined, keySuffix);
  if (merchant.reachability === 'redirected') {
    const when = merchant.scanDate ? ` (${merchant.scanDate})` : '';
    found.push(
      laundering({
        en: `The site redirected its visitors elsewhere in the latest scan${when}`,
        tr: `Site son taramada ziyaretçilerini başka bir yere yönlendirdi${when}`,
      }),
    );
  }
  const detected = merchant.mccDetection ? detectMcc(merchant, rules) : null;
  if (detected?.mismatch) {
    const declared = merchant.mcc ? `MCC ${merchant.mcc}` : 'no MCC';
    const declaredTr = merchant.mcc ? `MCC ${merchant.mcc}` : 'MCC yok';
    found.push(
      laundering(
        {
          en: `“${detected.word}” implies MCC ${detected.code} (${detected.category}); declared: ${declared}`,
          tr: `“${detected.word}” MCC ${detected.code} (${detected.category}) gerektirir; beyan edilen: ${declaredTr}`,
        },
        'mcc_mismatch',
      ),
    );
  }
  for (const warning of merchant.onboardingWarnings ?? []) {
    if (!rules.launderingWarnings?.includes(warning)) continue;
    found.push(
      laundering(
        { en: `The onboarding warned: ${warning} domain`, tr: `Başvuru uyarısı: ${warning} alan adı` },
        warning,
      ),
    );
  }
  for (const match of merchant.patternMatches ?? []) {
    const { content, visual, infrastructure, overall } = match;
    const percent = `${Math.round(overall * 100)}%`;
    found.push({
      ...finding(
        merchant,
        'transactionLaundering',
        match.matchType,
        'transaction_laundering',
        {
          en: `Looks like ${match.matchedMerchantName} (${percent} alike)`,
          tr: `${match.matchedMerchantName} ile benzer (%${Math.round(overall * 100)})`,
        },
        undefined,
        `match:${match.matchedMerchantId}`,
      ),
      matchedMerchantId: match.matchedMerchantId,
      matchedMerchantName: match.matchedMerchantName,
      similarity: { content, visual, infrastructure, overall },
    });
  }
  const signalTexts: Record<TransactionSignal['kind'], (value: string, count: number) => Text> = {
    descriptor_mismatch: (value, count) => ({
      en: `${count} transaction(s) under the descriptor “${value}”, not the merchant's name`,
      tr: `Üye işyerinin adı yerine “${value}” tanımlayıcısıyla ${count} işlem`,
    }),
    transaction_mcc_mismatch: (value, count) => ({
      en: `${count} transaction(s) with MCC ${value}, not the declared ${merchant.mcc ?? ''}`,
      tr: `Beyan edilen ${merchant.mcc ?? ''} yerine MCC ${value} ile ${count} işlem`,
    }),
    volume_without_site: (_value, count) => ({
      en: `${count} transaction(s) in the last 30 days while the site is offline`,
      tr: `Site çevrim dışıyken son 30 günde ${count} işlem`,
    }),
  };
  for (const signal of merchant.transactionSignals ?? []) {
    found.push(
      finding(
        merchant,
        'transactionLaundering',
        undefined,
        'transaction_laundering',
        signalTexts[signal.kind](signal.value, signal.count),
        signal.kind,
        `${signal.kind}:${signal.value}`,
      ),
    );
  }
  // one finding per key (two keywords of one category and kind are one finding)
  return [...new Map(found.map((item) => [item.key, item])).values()];
}

/** Counts per section, every section present (the dashboard's chart reads zeros too). */
export function countsBySection(findings: readonly { section: string }[]): Record<MmspSection, number> {
  const counts = Object.fromEntries(MMSP_SECTIONS.map((section) => [section, 0])) as Record<MmspSection, number>;
  for (const item of findings) {
    if (item.section in counts) counts[item.section as MmspSection] += 1;
  }
  return counts;
}
