import type { ShellSettingsBody } from '../../core/shell/shell.types';
import type { AuthContext } from './authenticate';
import { organizationOf } from './memberships';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import type { OrganizationRecord } from '../store/records.types';

/** Shell §2.4: which variant of the transaction-monitoring screens an organisation sees. */
export const TM_MODES = ['acquirer', 'alternate'] as const;
export type TmMode = (typeof TM_MODES)[number];

/** The shell-settings document's default (shell §9: acquirer), for organisations that chose none. */
function defaultMode(ctx: Pick<AppContext, 'documents'>): TmMode {
  const body = ctx.documents.latestBody<Partial<ShellSettingsBody>>('shell-settings', 'app');
  return body?.defaultTransactionMonitoringMode === 'alternate' ? 'alternate' : 'acquirer';
}

/**
 * The organisation's stored mode, else the shell default. Read only for those who see the area (the
 * session view asks on every guarded request; no one else's screens depend on it).
 */
export async function modeOf(
  ctx: Pick<AppContext, 'documents' | 'store'>,
  organizationId: string | null,
  permissions: readonly string[],
): Promise<TmMode> {
  if (!organizationId || !permissions.includes('transactionMonitoringManager:view')) return defaultMode(ctx);
  const organization = await ctx.store.collection<OrganizationRecord>('organizations').get(organizationId);
  return organization?.transactionMonitoringMode ?? defaultMode(ctx);
}

/** GET and PUT …/transaction-monitoring/settings: the session organisation's mode. */
export async function settingsOf(ctx: AppContext, auth: AuthContext): Promise<{ mode: TmMode }> {
  return { mode: await modeOf(ctx, organizationOf(auth), ['transactionMonitoringManager:view']) };
}

export async function saveSettings(ctx: AppContext, auth: AuthContext, mode: TmMode): Promise<{ mode: TmMode }> {
  const organizationId = organizationOf(auth);
  if (!organizationId) throw new AppError(403, 'notAMember');
  await ctx.store
    .collection<OrganizationRecord>('organizations')
    .update(organizationId, { transactionMonitoringMode: mode });
  return { mode };
}
