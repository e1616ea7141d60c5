import type { ChargeOutcome, ChargeRequest, PaymentProvider } from './payment-provider';

/**
 * The test provider's cards (Luhn-valid, as public test cards are): one succeeds, one is declined,
 * one asks for a challenge whose code is TEST_CHALLENGE_CODE. Any other valid card succeeds.
 */
export const TEST_CARDS = {
  success: '4242424242424242',
  decline: '4000000000000002',
  challenge: '4000000000003220',
} as const;
export const TEST_CHALLENGE_CODE = '123456';

/**
 * A provider that moves no money and keeps no state: the outcome follows from the card number, and
 * a challenge's from the code alone, so any instance answers a charge another one started. The
 * reference is derived from the idempotency key: the same purchase gets the same reference.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = 'test';

  async charge(request: ChargeRequest): Promise<ChargeOutcome> {
    const reference = `test_${request.idempotencyKey}`;
    const digits = request.card.number.replace(/\D/g, '');
    if (digits === TEST_CARDS.decline) return { status: 'declined', reference, reason: 'cardDeclined' };
    if (digits === TEST_CARDS.challenge) return { status: 'challenge', reference, hint: TEST_CHALLENGE_CODE };
    return { status: 'succeeded', reference };
  }

  async completeChallenge(reference: string, code: string): Promise<ChargeOutcome> {
    return code.trim() === TEST_CHALLENGE_CODE
      ? { status: 'succeeded', reference }
      : { status: 'declined', reference, reason: 'challengeFailed' };
  }
}
