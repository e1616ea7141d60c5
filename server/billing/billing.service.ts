import type { Text } from '../../core/documents/document.types';
import { invoiceAmounts, type PriceListBody, type PriceTier, tierRank } from '../../core/pricing/price-list.types';
import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { allOf } from '../../core/resources/resource.utils';
import type { AuthContext } from '../auth/authenticate';
import { organizationOf } from '../auth/memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { asLanguage } from '../http/i18n';
import { cardForms, luhn } from '../cards/card-numbers';
import type { OrganizationRecord } from '../store/records.types';
import { invoicePdf } from './billing-pdf';
import type { InvoiceRecord, PurchaseRecord, SubscriptionRecord } from './billing.types';
import type { CardInput, ChargeOutcome, PaymentProvider } from './payment-provider';
import { activePlans } from '../auth/plan-packages';

/** What the invoices list filters and sorts on (the session organisation's invoices only). */
export const INVOICE_FIELDS: QueryableFields = {
  filterable: ['number', 'tier', 'issuedAt'],
  sortable: ['number', 'tier', 'issuedAt'],
};
export const INVOICES_NEWEST_FIRST: SortKey[] = [{ field: 'issuedAt', direction: 'desc' }];

export interface PurchaseInput {
  purchaseId: string;
  tier: string;
  card: CardInput;
}

/** A purchase as its buyer sees it: never the card beyond its masked form. */
export type PurchaseView = Pick<
  PurchaseRecord,
  'id' | 'group' | 'tier' | 'status' | 'currency' | 'amounts' | 'maskedPan' | 'invoiceId' | 'createdAt'
> & { challenge?: { hint: string } };

function purchaseView(record: PurchaseRecord): PurchaseView {
  const { id, group, tier, status, currency, amounts, maskedPan, invoiceId, createdAt, challengeHint } = record;
  return {
    id,
    group,
    tier,
    status,
    currency,
    amounts,
    maskedPan,
    ...(invoiceId ? { invoiceId } : {}),
    createdAt,
    ...(status === 'challenge' && challengeHint ? { challenge: { hint: challengeHint } } : {}),
  };
}

/** A year after `iso`, same day and time (29 February runs to 1 March). */
function yearAfter(iso: string): string {
  const date = new Date(iso);
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString();
}

/** The last moment of the card's expiry month (MM/YY). */
function expiryEnd(expiry: string): Date | undefined {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(expiry.trim());
  if (!match) return undefined;
  return new Date(Date.UTC(2000 + Number(match[2]), Number(match[1]), 1) - 1);
}

/**
 * Pricing and plans (docs/domain/pricing.md): the price list a `price-list` document publishes, a
 * purchase through the payment provider (idempotent by the client's purchase id; success, decline, a
 * 3-D Secure-like challenge), the organisation's plan that follows a success at once, and invoices.
 */
export class BillingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly provider: PaymentProvider,
  ) {}

  private get purchases() {
    return this.ctx.store.collection<PurchaseRecord>('purchases');
  }

  private get invoices() {
    return this.ctx.store.collection<InvoiceRecord>('invoices');
  }

  /** The published price list of `group`, and its version; 404 `priceListNotFound`. */
  private priceList(group: string): { body: PriceListBody; version: number } {
    const entry = this.ctx.documents.cache.get('price-list', group);
    if (!entry) throw new AppError(404, 'priceListNotFound');
    return { body: entry.document.body as PriceListBody, version: entry.document.version };
  }

  private organizationOf(auth: AuthContext): string {
    const organizationId = organizationOf(auth);
    if (!organizationId) throw new AppError(403, 'noPermission');
    return organizationId;
  }

  /** The running plan of the organisation for `group`, if any. */
  private async planOf(organizationId: string, group: string): Promise<SubscriptionRecord | undefined> {
    return (await activePlans(this.ctx, organizationId)).find((plan) => plan.group === group);
  }

  /** The tiers with their amounts (net, VAT, total in minor units) and the caller's organisation's plan. */
  async offer(auth: AuthContext, group: string) {
    const { body, version } = this.priceList(group);
    const plan = await this.planOf(this.organizationOf(auth), group);
    return {
      group,
      version,
      title: body.title,
      currency: body.currency,
      vatRate: body.vatRate,
      billing: body.billing,
      terms: body.terms,
      tiers: body.tiers.map((tier) => ({ ...tier, amounts: invoiceAmounts(tier.price, body.vatRate) })),
      current: plan ? { tier: plan.tier, periodStart: plan.periodStart, periodEnd: plan.periodEnd } : null,
    };
  }

  /** Settings → Plan and billing: the plan of the default price list, or the free tier when none runs. */
  async plan(auth: AuthContext, group: string) {
    const { body } = this.priceList(group);
    const plan = await this.planOf(this.organizationOf(auth), group);
    const tierId = plan?.tier ?? 'free';
    const tier = body.tiers.find((candidate) => candidate.id === tierId);
    return {
      group,
      tier: tierId,
      tierTitle: tier?.title ?? tierId,
      billing: body.billing,
      periodStart: plan?.periodStart ?? null,
      periodEnd: plan?.periodEnd ?? null,
      price: tier ? invoiceAmounts(tier.price, body.vatRate) : null,
      currency: body.currency,
    };
  }

  /** The card checked before anything is charged: Luhn, and not expired. */
  private checkCard(card: CardInput, now: Date): string {
    const digits = card.number.replace(/[\s-]/g, '');
    if (!/^\d{12,19}$/.test(digits) || !luhn(digits)) {
      throw new AppError(422, 'cardNumberInvalid', { cardNumber: 'errors.cardNumberInvalid' });
    }
    const end = expiryEnd(card.expiry);
    if (!end) throw new AppError(422, 'cardExpiryInvalid', { expiry: 'errors.cardExpiryInvalid' });
    if (end < now) throw new AppError(422, 'cardExpired', { expiry: 'errors.cardExpired' });
    return digits;
  }

  /** Which tier may be bought now: a sold one (price above 0), not below the plan running (no refunds). */
  private async tierToBuy(organizationId: string, group: string, body: PriceListBody, id: string): Promise<PriceTier> {
    const tier = body.tiers.find((candidate) => candidate.id === id);
    if (!tier) throw new AppError(422, 'planUnknown', { tier: 'errors.planUnknown' });
    if (tier.price <= 0) throw new AppError(422, 'planNotPurchasable', { tier: 'errors.planNotPurchasable' });
    const plan = await this.planOf(organizationId, group);
    if (plan && tierRank(plan.tier) > tierRank(tier.id)) throw new AppError(409, 'planDowngradeRefused');
    return tier;
  }

  /**
   * Buys `tier` for the session's organisation. The same purchase id answers the first outcome again
   * (a retried request never charges twice); another caller's or another tier's use of it is 409.
   */
  async purchase(auth: AuthContext, group: string, input: PurchaseInput): Promise<PurchaseView> {
    const organizationId = this.organizationOf(auth);
    const now = this.ctx.clock();
    const digits = this.checkCard(input.card, now);
    return this.ctx.store.withLock(`purchases.${input.purchaseId}`, async () => {
      const existing = await this.purchases.get(input.purchaseId);
      if (existing) {
        const same =
          existing.organizationId === organizationId &&
          existing.userId === auth.user.id &&
          existing.group === group &&
          existing.tier === input.tier;
        if (!same) throw new AppError(409, 'purchaseIdReused');
        return this.answer(existing);
      }
      const { body, version } = this.priceList(group);
      const tier = await this.tierToBuy(organizationId, group, body, input.tier);
      const amounts = invoiceAmounts(tier.price, body.vatRate);
      const outcome = await this.provider.charge({
        idempotencyKey: input.purchaseId,
        amount: amounts.total,
        currency: body.currency,
        description: `${group} ${tier.id}`,
        card: { ...input.card, number: digits },
      });
      const { maskedPan, cardHash } = cardForms(digits, this.ctx.transactionMonitoring.cardKey);
      const record: PurchaseRecord = {
        id: input.purchaseId,
        organizationId,
        userId: auth.user.id,
        group,
        tier: tier.id,
        priceListVersion: version,
        currency: body.currency,
        vatRate: body.vatRate,
        amounts,
        status: 'challenge',
        provider: this.provider.name,
        providerReference: outcome.reference,
        maskedPan,
        cardHash,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      };
      await this.purchases.insert(record);
      return this.answer(await this.conclude(record, outcome, auth.user.email));
    });
  }

  /** The cardholder's answer to the challenge of a purchase of theirs; a settled purchase answers as it ended. */
  async completeChallenge(auth: AuthContext, purchaseId: string, code: string): Promise<PurchaseView> {
    const organizationId = this.organizationOf(auth);
    return this.ctx.store.withLock(`purchases.${purchaseId}`, async () => {
      const record = await this.purchases.get(purchaseId);
      if (!record || record.organizationId !== organizationId || record.userId !== auth.user.id) {
        throw new AppError(404, 'purchaseNotFound');
      }
      if (record.status !== 'challenge') return this.answer(record);
      const outcome = await this.provider.completeChallenge(record.providerReference, code);
      return this.answer(await this.conclude(record, outcome, auth.user.email));
    });
  }

  /** What a purchase's state answers: its view, or 402 with the decline's reason. */
  private answer(record: PurchaseRecord): PurchaseView {
    if (record.status === 'declined') {
      throw new AppError(402, record.declineReason ?? 'cardDeclined', undefined, { purchase: purchaseView(record) });
    }
    return purchaseView(record);
  }

  /** Records the provider's outcome; a success settles the plan and the invoice in one unit. */
  private async conclude(record: PurchaseRecord, outcome: ChargeOutcome, buyerEmail: string): Promise<PurchaseRecord> {
    const updatedAt = this.ctx.clock().toISOString();
    if (outcome.status === 'challenge') {
      return this.purchases.update(record.id, { status: 'challenge', challengeHint: outcome.hint, updatedAt });
    }
    if (outcome.status === 'declined') {
      return this.purchases.update(record.id, {
        status: 'declined',
        declineReason: outcome.reason,
        challengeHint: undefined,
        updatedAt,
      });
    }
    return this.ctx.store.transaction(async (tx) => {
      const plan = await this.settlePlan(tx, record, updatedAt);
      const invoice = await this.issueInvoice(tx, record, plan, buyerEmail, updatedAt);
      return tx.collection<PurchaseRecord>('purchases').update(record.id, {
        status: 'succeeded',
        challengeHint: undefined,
        invoiceId: invoice.id,
        updatedAt,
      });
    });
  }

  /**
   * The organisation's plan after a paid purchase: the same tier runs a year longer (from its end);
   * a higher tier starts now for a year. Returns the period this purchase paid for.
   */
  private async settlePlan(
    tx: AppContext['store'],
    record: PurchaseRecord,
    now: string,
  ): Promise<{ start: string; end: string }> {
    const id = `${record.organizationId}.${record.group}`;
    let paid = { start: now, end: yearAfter(now) };
    await tx.collection<SubscriptionRecord>('subscriptions').upsertWith(id, (current) => {
      const renewal = current && current.tier === record.tier && current.periodEnd > now;
      paid = renewal
        ? { start: current.periodEnd, end: yearAfter(current.periodEnd) }
        : { start: now, end: yearAfter(now) };
      return {
        id,
        organizationId: record.organizationId,
        group: record.group,
        tier: record.tier,
        periodStart: renewal ? current.periodStart : paid.start,
        periodEnd: paid.end,
        purchaseId: record.id,
        updatedAt: now,
      };
    });
    return paid;
  }

  private async issueInvoice(
    tx: AppContext['store'],
    record: PurchaseRecord,
    period: { start: string; end: string },
    buyerEmail: string,
    now: string,
  ): Promise<InvoiceRecord> {
    const { body } = this.priceList(record.group);
    const tierTitle: Text = body.tiers.find((tier) => tier.id === record.tier)?.title ?? record.tier;
    const organization = await tx.collection<OrganizationRecord>('organizations').get(record.organizationId);
    const id = crypto.randomUUID();
    return tx.collection<InvoiceRecord>('invoices').insert({
      id,
      // the year and the purchase: unique, and the same purchase never gets a second number
      number: `INV-${now.slice(0, 4)}-${record.id.replace(/-/g, '').slice(0, 10).toUpperCase()}`,
      organizationId: record.organizationId,
      organizationName: organization?.name ?? record.organizationId,
      purchaseId: record.id,
      group: record.group,
      tier: record.tier,
      tierTitle,
      periodStart: period.start,
      periodEnd: period.end,
      currency: record.currency,
      vatRate: record.vatRate,
      amounts: record.amounts,
      terms: body.terms,
      maskedPan: record.maskedPan,
      buyerEmail,
      issuedAt: now,
    });
  }

  /** The session organisation's invoices (the list contract). */
  async listInvoices(auth: AuthContext, query: ListQuery) {
    const mine = { field: 'organizationId', op: 'eq' as const, value: this.organizationOf(auth) };
    const result = await this.invoices.query({ ...query, filter: allOf(mine, query.filter) });
    const language = asLanguage(auth.user.site_language);
    return {
      ...result,
      items: result.items.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        tier: invoice.tier,
        tierTitle: typeof invoice.tierTitle === 'string' ? invoice.tierTitle : invoice.tierTitle[language],
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        total: invoice.amounts.total / 100,
        currency: invoice.currency,
        issuedAt: invoice.issuedAt,
      })),
    };
  }

  /** An invoice of the session organisation as a PDF in the reader's language; 404 otherwise. */
  async invoiceFile(auth: AuthContext, id: string): Promise<{ fileName: string; bytes: Buffer }> {
    const invoice = await this.invoices.get(id);
    if (!invoice || invoice.organizationId !== this.organizationOf(auth)) throw new AppError(404, 'invoiceNotFound');
    const bytes = await invoicePdf(this.ctx, invoice, asLanguage(auth.user.site_language));
    return { fileName: `${invoice.number}.pdf`, bytes };
  }
}
