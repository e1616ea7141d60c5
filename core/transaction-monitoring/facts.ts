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
