import { createHmac } from 'node:crypto';

/**
 * The card number's only forms kept (PCI DSS 3.4): masked to the first 6 and last 4 digits, and
 * an HMAC-SHA-256 under a key derived from the app's secret, so velocity and lists can match a card
 * without the number being stored or recoverable from a dump. The PAN itself lives in the request
 * only; nothing here logs it.
 */
export function cardHashKey(sessionKey: Uint8Array): Uint8Array {
  return createHmac('sha256', sessionKey).update('paysec transaction-monitoring card hash v1').digest();
}

export interface CardForms {
  maskedPan: string;
  bin: string;
  last4: string;
  cardHash: string;
}

export function cardForms(pan: string, key: Uint8Array): CardForms {
  const digits = pan.replace(/[\s-]/g, '');
  return {
    maskedPan: `${digits.slice(0, 6)}${'*'.repeat(Math.max(digits.length - 10, 0))}${digits.slice(-4)}`,
    bin: digits.slice(0, 6),
    last4: digits.slice(-4),
    cardHash: createHmac('sha256', key).update(digits).digest('hex'),
  };
}

/** Luhn's check digit: a mistyped card number is refused like a malformed one. */
export function luhn(pan: string): boolean {
  let sum = 0;
  for (let i = 0; i < pan.length; i += 1) {
    let digit = Number(pan[pan.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
