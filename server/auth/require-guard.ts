import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { evaluateGuard } from '../../core/guard/guard.utils';
import type { Guard, GuardSubject } from '../../core/guard/guard.types';
import { subjectOf } from '../../core/session/subject';
import type { AppContext } from '../context';
import { AppError } from '../http/app-error';
import { sessionView } from './session';
import { type AuthContext, requireAuth } from './authenticate';
import { organizationOf } from './memberships';
import { publishedRoleGroups } from './role-groups';

/** Admin-only endpoints (shell §2.3): the role itself, so no document edit can lock admins out. */
export const ADMIN_GUARD: Guard = { anyOf: ['admin'] };

/**
 * The guard subject of an authenticated caller: the facts the browser's session holds too, with the
 * roles and permissions of the session's organisation only.
 */
export async function guardSubject(ctx: AppContext, auth: AuthContext): Promise<GuardSubject> {
  const view = await sessionView(ctx, auth.user, organizationOf(auth));
  return subjectOf({ token: auth.token, ...view, originalUser: auth.claims.imp ?? null });
}

/**
 * Whether a subject passes a guard on the server: the evaluator and the published role groups the
 * browser's routes and menus judge with (a menu item's `auth` through core's menuAuthGuard).
 */
export function judgeGuard(ctx: Pick<AppContext, 'documents'>, subject: GuardSubject, guard: Guard): boolean {
  return evaluateGuard(guard, subject, publishedRoleGroups(ctx));
}

/**
 * Whether the caller passes the guard, judged by the evaluator the browser uses; an anonymous
 * caller (no auth) is a visitor, who passes only open guards.
 */
export async function passesGuard(ctx: AppContext, auth: AuthContext | undefined, guard: Guard): Promise<boolean> {
  return judgeGuard(ctx, auth ? await guardSubject(ctx, auth) : subjectOf(null), guard);
}

/**
 * 403 `noPermission` unless the authenticated caller passes the guard — the same evaluator the
 * browser uses to hide what the server refuses here. Use after `authenticate`.
 */
export function requireGuard(ctx: AppContext, guard: Guard): RequestHandler {
  return async (req: Request, _res: Response, next: NextFunction) => {
    if (!(await passesGuard(ctx, requireAuth(req), guard))) throw new AppError(403, 'noPermission');
    next();
  };
}
