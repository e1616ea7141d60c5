import type { Text } from '../documents/document.types';

/** The e-commerce checklist tiers (shell §6 role group `ecommerceUser`), lowest first. */
export const ECOMMERCE_TIERS = ['free', 'starter', 'professional', 'corporate'] as const;
export type EcommerceTier = (typeof ECOMMERCE_TIERS)[number];

/** The price list of the e-commerce checklist (route /app/pricing redirects to it). */
export const DEFAULT_PRICE_LIST = 'ecommerce-checklist';

/** What a tier allows; a missing limit is unlimited. */
export interface TierLimits {
  domains?: number;
  users?: number;
  scansPerMonth?: number;
}

/** One tier of a price list: its package name is what guards name (`ecommerceUser`). */
export interface PriceTier {
  id: EcommerceTier;
  title: Text;
  /** Per year, VAT excluded, in the list's currency (two decimals at most); 0 is not sold. */
  price: number;
  features: Text[];
  limits: TierLimits;
  highlighted?: boolean;
}

/** The `price-list` document body: analysts change prices and features by publishing a new version. */
export interface PriceListBody {
  title: Text;
  /** ISO 4217, e.g. TRY. */
  currency: string;
  /** VAT added on top of every price (domain: prices exclude VAT), e.g. 0.2. */
  vatRate: number;
  /** Domain: payment is annual. */
  billing: 'annual';
  /** Domain: prices exclude VAT, annual payment, no refunds — shown under the tiers and on every invoice. */
  terms: Text[];
  tiers: PriceTier[];
}

/** An amount in minor units (kuruş, cents), so VAT adds up to the invoice's total exactly. */
export interface InvoiceAmounts {
  net: number;
  vat: number;
  total: number;
}

/** The net price, its VAT (rounded half up to the minor unit) and their sum, all in minor units. */
export function invoiceAmounts(price: number, vatRate: number): InvoiceAmounts {
  const net = Math.round(price * 100);
  const vat = Math.round(net * vatRate);
  return { net, vat, total: net + vat };
}

/** A tier's rank: a purchase of a lower tier while a higher one runs is a downgrade. */
export function tierRank(tier: string): number {
  return (ECOMMERCE_TIERS as readonly string[]).indexOf(tier);
}

/** The highest tier among package names (a user's own and the organisation's), or undefined. */
export function highestTier(packages: readonly string[]): EcommerceTier | undefined {
  let best: EcommerceTier | undefined;
  for (const name of packages) {
    if (tierRank(name) > (best ? tierRank(best) : -1)) best = name as EcommerceTier;
  }
  return best;
}
