import { describe, expect, it } from 'vitest';
import type { Guard, GuardSubject, RoleGroups } from '../../../core/guard/guard.types';
import { subject, visitor } from '../support/subjects';

/** The signature every guard implementation shares (browser runtime, server middleware, core). */
export type EvaluateGuard = (guard: Guard, subject: GuardSubject, roleGroups: RoleGroups) => boolean;

const groups: RoleGroups = {
  admin: ['admin'],
  bank: ['admin', 'bank'],
  onlyGuest: [],
  ecommerceUser: ['free', 'starter', 'professional', 'corporate'],
};

/**
 * Shell §6 guard semantics as a shared suite, so the same cases run against every implementation
 * (STYLE.md 'Shared test suites as functions').
 */
export function guardTests(evaluateGuard: EvaluateGuard, name = 'evaluateGuard'): void {
  describe(`${name} (shared guard suite)`, () => {
    it('null guard is open to everyone, visitors included', () => {
      expect(evaluateGuard(null, visitor, groups)).toBe(true);
      expect(evaluateGuard(null, subject({ roles: ['user'] }), groups)).toBe(true);
    });

    it('anyOf passes on any one listed permission', () => {
      const guard: Guard = { anyOf: ['dashboard:view', 'assessmentOwner:view'] };
      expect(evaluateGuard(guard, subject({ permissions: ['assessmentOwner:view'] }), groups)).toBe(true);
      expect(evaluateGuard(guard, subject({ permissions: ['portfolio:view'] }), groups)).toBe(false);
      expect(evaluateGuard(guard, visitor, groups)).toBe(false);
    });

    it('permissions, roles and packages are merged for the check', () => {
      const guard: Guard = { anyOf: ['admin', 'report:view', 'starter'] };
      expect(evaluateGuard(guard, subject({ roles: ['admin'] }), groups)).toBe(true);
      expect(evaluateGuard(guard, subject({ permissions: ['report:view'] }), groups)).toBe(true);
      expect(evaluateGuard(guard, subject({ packages: ['starter'] }), groups)).toBe(true);
      expect(
        evaluateGuard(guard, subject({ roles: ['user'], permissions: ['x:view'], packages: ['free'] }), groups),
      ).toBe(false);
    });

    it('empty anyOf means any user holding at least one permission (shell §6 onlyGuest), a role is not enough', () => {
      const guard: Guard = { anyOf: [] };
      expect(evaluateGuard(guard, subject({ permissions: ['social:view'] }), groups)).toBe(true);
      expect(evaluateGuard(guard, subject({ roles: ['user'] }), groups)).toBe(false);
      expect(evaluateGuard(guard, subject({ roles: ['admin'], permissions: [] }), groups)).toBe(false);
      expect(evaluateGuard(guard, subject({ packages: ['free'] }), groups)).toBe(false);
      expect(evaluateGuard(guard, visitor, groups)).toBe(false);
    });

    it('group resolves through the role groups document', () => {
      expect(evaluateGuard({ group: 'bank' }, subject({ roles: ['bank'] }), groups)).toBe(true);
      expect(evaluateGuard({ group: 'bank' }, subject({ roles: ['admin'] }), groups)).toBe(true);
      expect(evaluateGuard({ group: 'bank' }, subject({ roles: ['user'] }), groups)).toBe(false);
      expect(evaluateGuard({ group: 'ecommerceUser' }, subject({ packages: ['corporate'] }), groups)).toBe(true);
    });

    it('an empty group behaves like empty anyOf (onlyGuest)', () => {
      expect(evaluateGuard({ group: 'onlyGuest' }, subject({ permissions: ['a:view'] }), groups)).toBe(true);
      expect(evaluateGuard({ group: 'onlyGuest' }, visitor, groups)).toBe(false);
    });

    it('an unknown group denies (fails closed), even for inherited names', () => {
      expect(evaluateGuard({ group: 'nope' }, subject({ roles: ['admin'] }), groups)).toBe(false);
      expect(evaluateGuard({ group: 'constructor' }, subject({ roles: ['admin'] }), groups)).toBe(false);
      expect(evaluateGuard({ group: 'toString' }, subject({ roles: ['admin'] }), groups)).toBe(false);
    });

    it('rule guards are json-logic over the subject', () => {
      const guard: Guard = {
        rule: { and: [{ in: ['bank', { var: 'roles' }] }, { '!': { var: 'bramOnly' } }] },
      };
      expect(evaluateGuard(guard, subject({ roles: ['bank'] }), groups)).toBe(true);
      expect(evaluateGuard(guard, subject({ roles: ['bank'], bramOnly: true }), groups)).toBe(false);
      expect(
        evaluateGuard(
          { rule: { '==': [{ var: 'platform' }, 'pcichecklist'] } },
          subject({ platform: 'pcichecklist' }),
          groups,
        ),
      ).toBe(true);
      expect(evaluateGuard({ rule: { var: 'signedIn' } }, visitor, groups)).toBe(false);
    });

    it('a rule with a disallowed operation denies instead of throwing', () => {
      expect(evaluateGuard({ rule: { log: true } }, subject({ roles: ['admin'] }), groups)).toBe(false);
      expect(evaluateGuard({ rule: { var: 'constructor' } }, subject({ roles: ['admin'] }), groups)).toBe(false);
    });
  });
}
