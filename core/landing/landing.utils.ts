import type { GuardSubject, RoleGroups } from '../guard/guard.types';
import { evaluateGuard } from '../guard/guard.utils';
import { applyRule, truthy } from '../rules/jsonlogic';
import type { RoutesBody } from '../routes/route.types';
import { matchRoute, pathnameOf } from '../routes/route.utils';
import type { LandingBody } from './landing.types';

/**
 * Post-login landing (shell §6): the first landing rule whose `when` holds decides the path;
 * otherwise the fallback. A rule that fails to evaluate is skipped rather than breaking sign-in.
 */
export function resolveLanding(body: LandingBody, subject: GuardSubject): string {
  for (const rule of body.rules) {
    let target: unknown;
    try {
      if (!truthy(applyRule(rule.when, subject))) continue;
      target = typeof rule.to === 'string' ? rule.to : applyRule(rule.to.rule, subject);
    } catch {
      continue;
    }
    if (typeof target === 'string' && target !== '') return target;
  }
  return body.fallback;
}

/** Inputs of resolveAfterLogin: the remembered path and the app documents' bodies. */
export interface AfterLoginInput {
  remembered?: string | null;
  routes: RoutesBody;
  roleGroups: RoleGroups;
  landing: LandingBody;
  subject: GuardSubject;
}

/**
 * Where to go after login (shell §4 'Access'): the remembered path first if the user may open it,
 * otherwise the landing rules. Public pages (login, register…), /logout and paths only the catch-all
 * route knows are never returned to.
 */
export function resolveAfterLogin({ remembered, routes, roleGroups, landing, subject }: AfterLoginInput): string {
  if (remembered?.startsWith('/')) {
    const pathname = pathnameOf(remembered);
    const match = matchRoute(routes, pathname);
    const usable =
      match !== null &&
      match.route.layout !== 'public' &&
      match.route.path.replace(/^\//, '') !== '*' &&
      pathname !== routes.login &&
      !/^\/logout(\/|$)/.test(pathname) &&
      evaluateGuard(match.route.guard, subject, roleGroups);
    if (usable) return remembered;
  }
  return resolveLanding(landing, subject);
}
