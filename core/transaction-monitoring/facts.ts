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

const PROTO = Object.prototype as Record<string, unknown>;
const own = (facts: TransactionFacts, key: keyof TransactionFacts) =>
  Object.hasOwn(facts, key) ? facts[key] : undefined;

/**
 * The engine's readers of each fact (compile-logic's KeyReaders), one function per key: each
 * property read has an inline cache of its own. Given a plain object, a key Object.prototype does
 * not hold is the object's own when defined; should Object.prototype ever hold one (pollution),
 * hasOwn decides. The type makes a new fact need its reader.
 */
export const FACT_READERS = {
  transactionId: (f: TransactionFacts) =>
    PROTO.transactionId === undefined ? f.transactionId : own(f, 'transactionId'),
  merchantId: (f: TransactionFacts) => (PROTO.merchantId === undefined ? f.merchantId : own(f, 'merchantId')),
  merchantName: (f: TransactionFacts) => (PROTO.merchantName === undefined ? f.merchantName : own(f, 'merchantName')),
  mcc: (f: TransactionFacts) => (PROTO.mcc === undefined ? f.mcc : own(f, 'mcc')),
  amount: (f: TransactionFacts) => (PROTO.amount === undefined ? f.amount : own(f, 'amount')),
  currency: (f: TransactionFacts) => (PROTO.currency === undefined ? f.currency : own(f, 'currency')),
  country: (f: TransactionFacts) => (PROTO.country === undefined ? f.country : own(f, 'country')),
  direction: (f: TransactionFacts) => (PROTO.direction === undefined ? f.direction : own(f, 'direction')),
  ip: (f: TransactionFacts) => (PROTO.ip === undefined ? f.ip : own(f, 'ip')),
  deviceId: (f: TransactionFacts) => (PROTO.deviceId === undefined ? f.deviceId : own(f, 'deviceId')),
  email: (f: TransactionFacts) => (PROTO.email === undefined ? f.email : own(f, 'email')),
  bin: (f: TransactionFacts) => (PROTO.bin === undefined ? f.bin : own(f, 'bin')),
  last4: (f: TransactionFacts) => (PROTO.last4 === undefined ? f.last4 : own(f, 'last4')),
  cardHash: (f: TransactionFacts) => (PROTO.cardHash === undefined ? f.cardHash : own(f, 'cardHash')),
  billingCountry: (f: TransactionFacts) =>
    PROTO.billingCountry === undefined ? f.billingCountry : own(f, 'billingCountry'),
  shippingCountry: (f: TransactionFacts) =>
    PROTO.shippingCountry === undefined ? f.shippingCountry : own(f, 'shippingCountry'),
} satisfies Record<keyof TransactionFacts, (facts: TransactionFacts) => unknown>;
