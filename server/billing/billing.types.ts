import type { Text } from '../../core/documents/document.types';
import type { InvoiceAmounts } from '../../core/pricing/price-list.types';

export type { SubscriptionRecord } from '../store/records.types';

/**
 * One purchase, kept whatever its outcome. Its id is the client's idempotency key: the same key
 * answers the same purchase. The card's only forms are masked and keyed-hash (PCI DSS 3.4).
 */
export interface PurchaseRecord {
  id: string;
  organizationId: string;
  userId: string;
  group: string;
  tier: string;
  /** Which price-list version priced it. */
  priceListVersion: number;
  currency: string;
  vatRate: number;
  amounts: InvoiceAmounts;
  status: 'challenge' | 'succeeded' | 'declined';
  declineReason?: 'cardDeclined' | 'challengeFailed';
  provider: string;
  providerReference: string;
  /** What the challenge screen shows while `status` is 'challenge'. */
  challengeHint?: string;
  maskedPan: string;
  cardHash: string;
  invoiceId?: string;
  createdAt: string;
  updatedAt: string;
}

/** An invoice: everything its PDF prints, fixed when the purchase succeeded. */
export interface InvoiceRecord {
  id: string;
  number: string;
  organizationId: string;
  organizationName: string;
  purchaseId: string;
  group: string;
  tier: string;
  tierTitle: Text;
  periodStart: string;
  periodEnd: string;
  currency: string;
  vatRate: number;
  amounts: InvoiceAmounts;
  terms: Text[];
  maskedPan: string;
  buyerEmail: string;
  issuedAt: string;
}

/** A report the platform publishes to the organisations of some tiers (sector benchmarks and the like). */
export interface SharedReportRecord {
  id: string;
  title: Text;
  summary: Text;
  /** The package names it is published to (guard names, as `ecommerceUser` lists them). */
  tiers: string[];
  period: string;
  sections: { heading: Text; body: Text }[];
  publishedAt: string;
}
