/**
 * Traffic queries (domain §3, §5, §8): the vocabularies, the domain check and the business direction
 * read from a domain's monthly visitors. Pure: the server and the browser share it.
 */

/** Domain §3 'Traffic types', as the fields of a result's `traffic` (shares of visits, 0–1). */
export const TRAFFIC_TYPES = ['direct', 'email', 'referral', 'social', 'organicSearch', 'paidSearch', 'ad'] as const;
export type TrafficType = (typeof TRAFFIC_TYPES)[number];

/** Domain §3 'Business direction'. */
export const BUSINESS_DIRECTIONS = ['growing', 'stagnant', 'shrinking'] as const;
export type BusinessDirection = (typeof BUSINESS_DIRECTIONS)[number];

/** One month of a domain's traffic as a data file states it. */
export interface TrafficMonth {
  domain: string;
  /** The month the figures are of, `YYYY-MM`. */
  trafficDate: string;
  averageVisitors: number;
  traffic: Record<TrafficType, number>;
}

/**
 * What a query answers: the latest month — its `traffic` as percentages of visits (0–100), where the
 * data files hold fractions — and the direction over the months before it.
 */
export interface TrafficResult extends TrafficMonth {
  direction: BusinessDirection;
  /** The months read, oldest first (the result page's chart). */
  history: { trafficDate: string; averageVisitors: number }[];
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const TOP_LEVEL = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/**
 * The host a user typed, lower-cased, without scheme, path, port or a leading `www.`; null when it is
 * no valid domain name (domain §5 'the domain must be valid'): two labels at least, letters, digits and
 * inner hyphens, a top-level domain of letters (or punycode), 253 characters at most, no address.
 */
export function normalizeDomain(input: string): string | null {
  const text = input.trim().toLowerCase();
  if (text === '' || text.length > 2048 || /\s/.test(text)) return null;
  let host: string;
  try {
    host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(text) ? text : `http://${text}`).hostname;
  } catch {
    return null;
  }
  host = host.replace(/\.$/, '').replace(/^www\./, '');
  if (host.length > 253) return null;
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label))) return null;
  return TOP_LEVEL.test(labels[labels.length - 1]) ? host : null;
}

/** A change of visitors within ±5% between the first and the last half of the months is stagnant. */
export const STAGNANT_BAND = 0.05;

/**
 * Growing, stagnant or shrinking: the mean visitors of the later half of the months against the
 * earlier half (an odd middle month counts in neither), so one unusual month does not turn it.
 * Fewer than two months say nothing: null (the catalogue's 'not enough data').
 */
export function businessDirection(visitorsOldestFirst: readonly number[]): BusinessDirection | null {
  if (visitorsOldestFirst.length < 2) return null;
  const half = Math.floor(visitorsOldestFirst.length / 2);
  const mean = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
  const before = mean(visitorsOldestFirst.slice(0, half));
  const after = mean(visitorsOldestFirst.slice(visitorsOldestFirst.length - half));
  if (before === 0) return after > 0 ? 'growing' : 'stagnant';
  const change = (after - before) / before;
  if (change > STAGNANT_BAND) return 'growing';
  if (change < -STAGNANT_BAND) return 'shrinking';
  return 'stagnant';
}
