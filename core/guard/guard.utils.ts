import { applyRule, truthy } from '../rules/jsonlogic';
import type { AccessDecision, Guard, GuardSubject, RoleGroups } from './guard.types';

/** Everything a guard list can name for this subject: permissions, roles and package names merged (shell §6). */
export function subjectEntries(subject: GuardSubject): Set<string> {
  return new Set([...subject.permissions, ...subject.roles, ...subject.packages]);
}

/**
 * Any-of check for a resolved list. An empty list is the 'onlyGuest' meaning of shell §6: any
 * user holding at least one permission (a role alone is not enough).
 */
function passesList(list: readonly string[], subject: GuardSubject): boolean {
  if (list.length === 0) return subject.permissions.length > 0;
  const entries = subjectEntries(subject);
  return list.some((entry) => entries.has(entry));
}

/**
 * Whether the subject passes a guard (shell §6): null is open; `anyOf` and `group` pass on any held
 * entry, and `group` also for a member of that role group by name (a user group's grant); `rule` is json-logic over the subject. An unknown group or a refused rule denies, so a
 * broken document fails closed.
 */
export function evaluateGuard(guard: Guard | undefined, subject: GuardSubject, roleGroups: RoleGroups): boolean {
  if (guard === null || guard === undefined) return true;
  if ('anyOf' in guard) return Array.isArray(guard.anyOf) && passesList(guard.anyOf, subject);
  if ('group' in guard) {
    if (subject.groups?.includes(guard.group)) return true;
    const list = Object.hasOwn(roleGroups, guard.group) ? roleGroups[guard.group] : undefined;
    return Array.isArray(list) && passesList(list, subject);
  }
  if ('rule' in guard) {
    try {
      return truthy(applyRule(guard.rule, subject));
    } catch {
      return false;
    }
  }
  return false;
}

/**
 * Shell §4 'Access': allow when the guard passes; otherwise a user with no roles goes to the login
 * page (the original path is remembered by the caller) and anyone else sees 'No permission'.
 */
export function decideAccess(guard: Guard | undefined, subject: GuardSubject, roleGroups: RoleGroups): AccessDecision {
  if (evaluateGuard(guard, subject, roleGroups)) return 'allow';
  return subject.roles.length === 0 ? 'login' : 'forbidden';
}
