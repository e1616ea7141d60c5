import { randomUUID } from 'node:crypto';
import { ACCOUNT_ROLES, type AccountRole, ROLE_PERMISSIONS } from '../../core/admin/account-roles';
import { passwordProblems } from '../../core/auth/password';
import type { ListQuery, QueryableFields, SortKey } from '../../core/query/query.types';
import { runQuery } from '../../core/query/run-query';
import { membershipIn } from '../auth/memberships';
import { hashPassword } from '../auth/passwords';
import { publicUser } from '../auth/session';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { linkMail } from '../mail/templates';
import type { OrganizationRecord, UserRecord } from '../store/records.types';
import { LinkTokens, RESET_TOKEN_TTL_MS } from './link-tokens';
import { emailLock, findUserByEmail, normalizeEmail, usersOf } from './users';

export { ACCOUNT_ROLES };

export interface BankInput {
  name: string;
  package?: string;
  seats?: number;
  licenceStart?: string;
  licenceEnd?: string;
}

export interface NewAccountInput {
  email: string;
  name: string;
  role: AccountRole;
  organizationId: string;
  /** Given: the account can sign in with it at once. Absent: a link to choose one is mailed. */
  password?: string;
}

/** A bank as Administration → Banks lists it. */
export interface BankRow {
  id: string;
  name: string;
  active: boolean;
  package: string | null;
  seats: number | null;
  licenceStart: string | null;
  licenceEnd: string | null;
  users: number;
  merchants: number;
  createdAt: string | null;
}

const BANK_LIST = [
  'name',
  'active',
  'package',
  'seats',
  'licenceStart',
  'licenceEnd',
  'users',
  'merchants',
  'createdAt',
];
export const BANK_FIELDS: QueryableFields = {
  filterable: BANK_LIST,
  sortable: BANK_LIST,
  searchable: ['name', 'package'],
};
export const BY_NAME: SortKey[] = [{ field: 'name', direction: 'asc' }];

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])];

/**
 * Administration → Banks (domain §1, §6): organisations of kind bank — made, edited, deactivated —
 * with their users and portfolios, and accounts an admin makes in any organisation ("create user":
 * a new account, or an existing one invited into the organisation with the role).
 */
export class BanksService {
  private readonly links: LinkTokens;

  constructor(private readonly ctx: AppContext) {
    this.links = new LinkTokens(ctx);
  }

  private get organizations() {
    return this.ctx.store.collection<OrganizationRecord>('organizations');
  }

  private async bank(id: string): Promise<OrganizationRecord> {
    const bank = await this.organizations.get(id);
    if (bank?.kind !== 'bank') throw new AppError(404, 'noSuchBank');
    return bank;
  }

  private async rows(banks: OrganizationRecord[]): Promise<BankRow[]> {
    const [users, merchants] = await Promise.all([
      usersOf(this.ctx).all(),
      this.ctx.store.collection<{ id: string; organizationId?: string }>('res.merchant').all(),
    ]);
    return banks.map((bank) => ({
      id: bank.id,
      name: bank.name,
      active: bank.active !== false,
      package: bank.package ?? null,
      seats: bank.seats ?? null,
      licenceStart: bank.licenceStart ?? null,
      licenceEnd: bank.licenceEnd ?? null,
      users: users.filter((user) => user.organizationIds.includes(bank.id)).length,
      merchants: merchants.filter((merchant) => merchant.organizationId === bank.id).length,
      createdAt: bank.createdAt ?? null,
    }));
  }

  /** Every bank (a few records: queried in memory, aggregates included). */
  async list(query: ListQuery) {
    const banks = await this.organizations.find((organization) => organization.kind === 'bank');
    return runQuery(await this.rows(banks), query);
  }

  async get(id: string): Promise<BankRow> {
    const [row] = await this.rows([await this.bank(id)]);
    return row;
  }

  async create(input: BankInput): Promise<BankRow> {
    const record: OrganizationRecord = {
      id: `org-${randomUUID()}`,
      ...input,
      name: input.name.trim(),
      kind: 'bank',
      active: true,
      createdAt: this.ctx.clock().toISOString(),
    };
    await this.organizations.insert(record);
    return this.get(record.id);
  }

  async update(id: string, input: BankInput): Promise<BankRow> {
    const current = await this.bank(id);
    // every licence field is the form's: one left out is cleared
    const { package: _p, seats: _s, licenceStart: _ls, licenceEnd: _le, ...kept } = current;
    await this.organizations.replace(id, { ...kept, ...input, name: input.name.trim() });
    return this.get(id);
  }

  /** A deactivated bank is no longer offered to merchants and takes no SAQ (saq-submissions.ts); its records stay. */
  async setActive(id: string, active: boolean): Promise<BankRow> {
    await this.bank(id);
    await this.organizations.update(id, { active });
    return this.get(id);
  }

  /** The bank's members, as the users list shows them. */
  async users(id: string, query: ListQuery) {
    await this.bank(id);
    const members = await usersOf(this.ctx).find((user) => user.organizationIds.includes(id));
    const rows = members.map((user) => ({
      ...publicUser(user),
      createdAt: user.createdAt,
      roles: membershipIn(user, id).roles,
    }));
    return runQuery(rows, query);
  }

  /**
   * "Create user": an address nobody has becomes an account (verified and approved — an admin vouches
   * for it) holding the role and its starting permissions in the organisation; with no password a link
   * to choose one is mailed. An address that has an account is invited instead: it joins the
   * organisation with the role and keeps everything else (409 when it is a member already).
   */
  async createAccount(input: NewAccountInput): Promise<{ id: string; email: string; created: boolean }> {
    const organization = await this.organizations.get(input.organizationId);
    if (!organization)
      throw new AppError(422, 'organizationNotFound', { organizationId: 'errors.organizationNotFound' });
    if (input.password !== undefined) {
      const [problem] = passwordProblems(input.password);
      if (problem) throw new AppError(422, 'validationFailed', { password: problem });
    }
    const email = normalizeEmail(input.email);
    const permissions = ROLE_PERMISSIONS[input.role];
    const made = await this.ctx.store.withLock(emailLock(email), async () => {
      const existing = await findUserByEmail(this.ctx, email);
      if (existing) {
        if (existing.organizationIds.includes(organization.id)) throw new AppError(409, 'alreadyAMember');
        const memberships = Object.fromEntries(existing.organizationIds.map((id) => [id, membershipIn(existing, id)]));
        memberships[organization.id] = { roles: [input.role], permissions: [...permissions] };
        await usersOf(this.ctx).update(existing.id, {
          organizationIds: [...existing.organizationIds, organization.id],
          memberships,
          roles: union(existing.roles, [input.role]),
          permissions: union(existing.permissions, permissions),
        });
        return { user: existing, created: false };
      }
      const user: UserRecord = {
        id: randomUUID(),
        email,
        name: input.name.trim(),
        company: organization.name,
        passwordHash: await hashPassword(input.password ?? randomUUID()),
        roles: [input.role],
        permissions: [...permissions],
        memberships: { [organization.id]: { roles: [input.role], permissions: [...permissions] } },
        verified: true,
        approved: true,
        approvedAt: this.ctx.clock().toISOString(),
        site_language: 'en',
        report_language: 'en',
        theme: 'dark',
        timezone: null,
        avatar: null,
        platform: 'default',
        packages: organization.package ? [organization.package] : [],
        organizationIds: [organization.id],
        data: {},
        twoFactor: { enabled: false },
        createdAt: this.ctx.clock().toISOString(),
      };
      await usersOf(this.ctx).insert(user);
      return { user, created: true };
    });
    if (made.created && input.password === undefined) {
      const token = await this.links.issue('reset', made.user.id, RESET_TOKEN_TTL_MS);
      const link = `${this.ctx.appUrl}/reset-password?token=${encodeURIComponent(token)}`;
      await this.ctx.mailer.send(
        linkMail(this.ctx.translator, made.user.site_language, 'reset', made.user.email, made.user.name, link),
      );
    }
    return { id: made.user.id, email, created: made.created };
  }
}
