import type { JsonLogicRule } from '../rules/rule.types';

/**
 * A route or endpoint guard (shell §6). A user passes if they hold any listed entry;
 * permissions, roles and package names are merged for the check.
 * - null: open to everyone.
 * - { anyOf: [] }: any user holding at least one permission (the 'onlyGuest' group; roles do not count).
 * - { group }: a role group from the role-groups document, resolved to its list.
 * - { rule }: json-logic over the GuardSubject.
 */
export type Guard = null | { anyOf: string[] } | { group: string } | { rule: JsonLogicRule };

/** Who is asking: what guards, menus and landing rules read. */
export interface GuardSubject {
  signedIn: boolean;
  roles: string[];
  permissions: string[];
  packages: string[];
  platform: 'default' | 'pcichecklist';
  /** Organisation is in full-onboarding mode (shell §6 last line). */
  fullOnboarding?: boolean;
  hasSites?: boolean;
  bankAccount?: boolean;
  bramOnly?: boolean;
  /** Shell §2.4: the organisation's transaction-monitoring variant (routes' pages and menus choose by it). */
  tmMode?: 'acquirer' | 'alternate';
  impersonating?: boolean;
  /**
   * Role groups the user is a member of by name, granted by a user group in the session's
   * organisation: a `{ group }` guard naming one passes whatever the group's list holds.
   */
  groups?: string[];
}

/** role group name -> entries (shell §6). */
export type RoleGroups = Record<string, string[]>;

/** Result of an access decision for a guarded route (shell §4 'Access'). */
export type AccessDecision = 'allow' | 'login' | 'forbidden';
