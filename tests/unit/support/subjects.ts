import type { GuardSubject } from '../../../core/guard/guard.types';

/** A GuardSubject for tests: signed in when it holds anything, default platform. */
export function subject(parts: Partial<GuardSubject> = {}): GuardSubject {
  const roles = parts.roles ?? [];
  const permissions = parts.permissions ?? [];
  const packages = parts.packages ?? [];
  return {
    signedIn: roles.length + permissions.length + packages.length > 0,
    platform: 'default',
    ...parts,
    roles,
    permissions,
    packages,
  };
}

/** The visitor: nothing held, not signed in. */
export const visitor: GuardSubject = subject();
