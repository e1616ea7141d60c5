import type { ListQuery, QueryableFields } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import type { AuthContext } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { ComplianceShareRecord, OrganizationRecord } from '../store/records.types';
import { sessionOrganization } from './compliance-documents.service';

/** The sharing list: every bank, whether the merchant shares with it. */
export const SHARE_FIELDS: QueryableFields = {
  filterable: ['name', 'shared'],
  sortable: ['name', 'shared', 'sharedAt'],
};
export const BANKS_BY_NAME = [{ field: 'name', direction: 'asc' as const }];

export interface ShareView {
  /** The bank's organisation id. */
  id: string;
  name: string;
  shared: boolean;
  sharedAt: string | null;
}

/**
 * Sharing compliance data with banks (domain §6 'Merchants can stop or start sharing SAQ reports with
 * banks'; shell §7 POST /userComplianceShares): a merchant organisation lets a bank (an organisation
 * of kind `bank`) read its signed SAQ reports and its ASV and AoC documents (management-saq.service.ts). Refusals are 400 with a message, which the browser
 * shows as a warning (shell §8 '400 on creating a compliance share').
 */
export class ComplianceSharesService {
  constructor(private readonly ctx: AppContext) {}

  private get shares() {
    return this.ctx.store.collection<ComplianceShareRecord>('complianceShares');
  }

  private async banks(): Promise<OrganizationRecord[]> {
    return this.ctx.store
      .collection<OrganizationRecord>('organizations')
      .find((org) => org.kind === 'bank' && org.active !== false);
  }

  /** Every bank with whether the session's organisation shares with it (a few records: queried in memory). */
  async list(auth: AuthContext, query: ListQuery) {
    const organizationId = sessionOrganization(auth);
    const mine = await this.shares.find((share) => share.organizationId === organizationId);
    const since = new Map(mine.map((share) => [share.bankId, share.createdAt]));
    const rows: ShareView[] = (await this.banks())
      .filter((bank) => bank.id !== organizationId)
      .map((bank) => ({
        id: bank.id,
        name: bank.name,
        shared: since.has(bank.id),
        sharedAt: since.get(bank.id) ?? null,
      }));
    return runQuery(rows, query);
  }

  /** Starts sharing: 400 `shareBankUnknown` for anything but a bank, 400 `alreadySharing` when it shares already. */
  async start(auth: AuthContext, bankId: string): Promise<ShareView> {
    const organizationId = sessionOrganization(auth);
    const bank = (await this.banks()).find((org) => org.id === bankId);
    if (!bank || bank.id === organizationId)
      throw new AppError(400, 'shareBankUnknown', { bankId: 'errors.shareBankUnknown' });
    const id = `${organizationId}:${bankId}`;
    return this.ctx.store.withLock(`complianceShares.${id}`, async () => {
      if (await this.shares.get(id)) throw new AppError(400, 'alreadySharing', { bankId: 'errors.alreadySharing' });
      const share = await this.shares.insert({
        id,
        organizationId,
        bankId,
        createdAt: this.ctx.clock().toISOString(),
        createdBy: auth.user.id,
      });
      return { id: bank.id, name: bank.name, shared: true, sharedAt: share.createdAt };
    });
  }

  /** Stops sharing: the bank loses the documents at once; 400 `notSharing` when there was no share. */
  async stop(auth: AuthContext, bankId: string): Promise<{ id: string; shared: false }> {
    const id = `${sessionOrganization(auth)}:${bankId}`;
    return this.ctx.store.withLock(`complianceShares.${id}`, async () => {
      if (!(await this.shares.get(id))) throw new AppError(400, 'notSharing');
      await this.shares.remove(id);
      return { id: bankId, shared: false };
    });
  }
}
