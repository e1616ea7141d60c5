/**
 * What the app asks of a card payment provider: one charge, and the answer to a 3-D Secure-like
 * challenge. The card is handed over for the one call and kept by no one here (PCI DSS 3.4): what
 * the app stores is the masked number and the provider's reference.
 */
export interface CardInput {
  number: string;
  holder: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

export interface ChargeRequest {
  /** The app's purchase id: a provider answers the same charge twice with one outcome. */
  idempotencyKey: string;
  /** Minor units (kuruş). */
  amount: number;
  currency: string;
  description: string;
  card: CardInput;
}

export type ChargeOutcome =
  | { status: 'succeeded'; reference: string }
  | { status: 'declined'; reference: string; reason: 'cardDeclined' | 'challengeFailed' }
  /** The issuer asks the cardholder to prove themselves: `hint` is what the challenge screen shows. */
  | { status: 'challenge'; reference: string; hint: string };

export interface PaymentProvider {
  readonly name: string;
  charge(request: ChargeRequest): Promise<ChargeOutcome>;
  /** The cardholder's answer to a challenge the charge `reference` raised. */
  completeChallenge(reference: string, code: string): Promise<ChargeOutcome>;
}
