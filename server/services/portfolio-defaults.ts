import {
  DEFAULT_MERCHANT_SETTINGS,
  PORTFOLIO_DEFAULTS,
  type PortfolioDefaults,
} from '../../core/portfolio/merchant-settings';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ResourceCaller, ResourcesService } from './resources.service';

/** The portfolio settings as stored: keyed by the organisation's id. */
export interface PortfolioDefaultsRecord extends PortfolioDefaults {
  id: string;
  updatedBy: string;
  updatedAt: string;
}

/** The organisation's defaults as stored (none saved: {}), for the services that read merchants' settings. */
export async function portfolioDefaultsOf(
  ctx: AppContext,
  organizationId: string,
): Promise<Partial<PortfolioDefaults>> {
  return (await ctx.store.collection<PortfolioDefaultsRecord>('portfolioDefaults').get(organizationId)) ?? {};
}

/**
 * The portfolio settings (`/app/portfolio-settings`, docs/domain/portfolio-mmsp.md): auto scan, its
 * period and day of month, MCC detection and invitation validity for every merchant of the
 * organisation without settings of its own (a new merchant, until someone saves its settings). The
 * merchant resource's guards decide: `read` to read, `update` to save.
 */
export class PortfolioDefaultsService {
  constructor(
    private readonly ctx: AppContext,
    private readonly resources: ResourcesService,
  ) {}

  private organizationOf(caller: ResourceCaller): string {
    const id = caller.owner.organizationId;
    if (!id) throw new AppError(403, 'notAMember');
    return String(id);
  }

  /** What a new merchant takes now: the saved defaults over the app's, with when they were saved. */
  async get(caller: ResourceCaller): Promise<Partial<PortfolioDefaults> & { updatedAt?: string }> {
    this.resources.authorize('merchant', 'read', caller);
    const stored = await portfolioDefaultsOf(this.ctx, this.organizationOf(caller));
    const values = Object.fromEntries(
      PORTFOLIO_DEFAULTS.map((key) => [key, stored[key] ?? DEFAULT_MERCHANT_SETTINGS[key]]),
    ) as unknown as PortfolioDefaults;
    // no day (null) is left out: the form's empty field, never a null it would refuse
    const { scanDayOfMonth, ...rest } = values;
    const { updatedAt } = stored as { updatedAt?: string };
    return { ...rest, ...(scanDayOfMonth === null ? {} : { scanDayOfMonth }), ...(updatedAt ? { updatedAt } : {}) };
  }

  /** Saves what the form sends; what it leaves out stays. */
  async save(caller: ResourceCaller, input: Partial<PortfolioDefaults>) {
    this.resources.authorize('merchant', 'update', caller);
    const id = this.organizationOf(caller);
    await this.ctx.store.collection<PortfolioDefaultsRecord>('portfolioDefaults').upsertWith(id, (stored) => ({
      ...(stored as PortfolioDefaultsRecord),
      ...input,
      id,
      updatedBy: caller.user.id,
      updatedAt: this.ctx.clock().toISOString(),
    }));
    return this.get(caller);
  }
}
