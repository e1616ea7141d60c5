import type { DocumentProblem } from '../documents/document.types';
import type { PriceListBody } from './price-list.types';

/** Publish-time checks beyond the meta-schema: a tier (a package name) at most once. */
export function priceListProblems(body: PriceListBody): DocumentProblem[] {
  const seen = new Set<string>();
  return body.tiers.flatMap((tier, index) => {
    if (!seen.has(tier.id)) {
      seen.add(tier.id);
      return [];
    }
    return [{ path: `/body/tiers/${index}/id`, message: `tier "${tier.id}" is listed twice` }];
  });
}
