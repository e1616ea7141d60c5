import type { GuardSubject } from '../guard/guard.types';
import type { SessionLike } from './session.types';

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

function packageNames(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  const names: string[] = [];
  for (const item of value) {
    if (typeof item === 'string') names.push(item);
    else if (item && typeof item === 'object') {
      const named = (item as { name?: unknown; slug?: unknown }).name ?? (item as { slug?: unknown }).slug;
      if (typeof named === 'string') names.push(named);
    }
  }
  return names;
}

/**
 * Builds the GuardSubject that guards, menus and landing rules read from a client session, a
 * LoginResponse or the /me answer — one place, so browser and server judge the same facts.
 * null means a visitor: not signed in, holding nothing.
 */
export function subjectOf(session: SessionLike | null | undefined): GuardSubject {
  if (!session) {
    return { signedIn: false, roles: [], permissions: [], packages: [], platform: 'default' };
  }
  const roles = Array.isArray(session.roles) ? strings(session.roles) : strings(session.user?.roles);
  const permissions = Array.isArray(session.permissions)
    ? strings(session.permissions)
    : strings(session.user?.permissions);
  const data = session.data ?? {};
  return {
    signedIn: session.token !== null && session.token !== '',
    roles,
    permissions,
    packages: packageNames(session.protectedData?.packageList),
    platform: session.protectedData?.platform === 'pcichecklist' ? 'pcichecklist' : 'default',
    fullOnboarding: data.fullOnboarding === true,
    hasSites: data.hasSites === true,
    bankAccount: data.bankAccount === true,
    bramOnly: data.bramOnly === true,
    tmMode: data.transactionMonitoringMode === 'alternate' ? 'alternate' : 'acquirer',
    impersonating: Boolean(session.originalUser),
    groups: strings(session.roleGroups),
  };
}
