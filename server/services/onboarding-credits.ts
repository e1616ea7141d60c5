import type { AppContext } from '../context';
import { AppError } from '../http/app-error';

/** A new organisation's onboarding credits (domain §1: onboarding is paid per URL). */
export const STARTING_CREDITS = 100;

/** Collection `onboardingCredits`: one balance per organisation (id = the organisation's id). */
export interface CreditRecord {
  id: string;
  balance: number;
  updatedAt: string;
}

/**
 * An organisation's credit balance: spending is a compare-and-set (`upsertWith`), so two
 * onboardings started at once can never both spend the last credit.
 */
export class OnboardingCredits {
  constructor(private readonly ctx: AppContext) {}

  private get balances() {
    return this.ctx.store.collection<CreditRecord>('onboardingCredits');
  }

  async balance(organizationId: string): Promise<number> {
    return (await this.balances.get(organizationId))?.balance ?? STARTING_CREDITS;
  }

  /** Takes `count` credits, or refuses (402 `onboardingQuotaReached`) taking none. */
  async spend(organizationId: string, count: number): Promise<void> {
    let refused = false;
    await this.balances.upsertWith(organizationId, (current) => {
      const balance = current?.balance ?? STARTING_CREDITS;
      if (balance < count) {
        refused = true;
        return undefined;
      }
      return { id: organizationId, balance: balance - count, updatedAt: this.ctx.clock().toISOString() };
    });
    if (refused) throw new AppError(402, 'onboardingQuotaReached');
  }

  async refund(organizationId: string, count: number): Promise<void> {
    await this.balances.upsertWith(organizationId, (current) => ({
      id: organizationId,
      balance: (current?.balance ?? STARTING_CREDITS) + count,
      updatedAt: this.ctx.clock().toISOString(),
    }));
  }
}
