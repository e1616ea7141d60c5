import type { TransactionFacts } from './tm.types';

/**
 * The facts rules read: the submitted fields (card number and time already taken out, a fresh
 * object) with the card's BIN, last 4 and keyed hash added to that same object. Not
 * `{ ...rest, bin, … }`: V8 gives an object spread followed by new keys a hidden class of its own,
 * so every transaction had one and every read of its facts was a megamorphic lookup
 * (docs/benchmarks.md, tm-rules).
 */
export function withCard(
  submitted: Omit<TransactionFacts, 'bin' | 'last4' | 'cardHash'>,
  card: Pick<TransactionFacts, 'bin' | 'last4' | 'cardHash'>,
): TransactionFacts {
  const facts = submitted as TransactionFacts;
  facts.bin = card.bin;
  facts.last4 = card.last4;
  facts.cardHash = card.cardHash;
  return facts;
}

/**
 * The facts' keys (a backtest copies these out of a stored transaction). The type makes a new fact
 * need its key.
 */
const FACTS: Record<keyof TransactionFacts, true> = {
  transactionId: true,
  merchantId: true,
  merchantName: true,
  mcc: true,
  amount: true,
  currency: true,
  country: true,
  direction: true,
  ip: true,
  deviceId: true,
  email: true,
  bin: true,
  last4: true,
  cardHash: true,
  billingCountry: true,
  shippingCountry: true,
};
export const FACT_KEYS: readonly string[] = Object.keys(FACTS);
