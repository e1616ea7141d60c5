import { describe, expect, it } from 'vitest';
import { decideAccess, evaluateGuard, subjectEntries } from '../../../core/guard/guard.utils';
import { subject, visitor } from '../support/subjects';
import { guardTests } from './guard.suite';

guardTests(evaluateGuard, 'core evaluateGuard');

describe('decideAccess (shell §4 Access)', () => {
  const guard = { anyOf: ['portfolio:view'] };

  it('allows a user who passes', () => {
    expect(decideAccess(guard, subject({ roles: ['bank'], permissions: ['portfolio:view'] }), {})).toBe('allow');
    expect(decideAccess(null, visitor, {})).toBe('allow');
  });

  it('sends a user without roles to login', () => {
    expect(decideAccess(guard, visitor, {})).toBe('login');
    expect(decideAccess(guard, subject({ permissions: ['dashboard:view'] }), {})).toBe('login');
  });

  it('shows No permission to a user with roles', () => {
    expect(decideAccess(guard, subject({ roles: ['user'], permissions: ['dashboard:view'] }), {})).toBe('forbidden');
  });
});

describe('subjectEntries', () => {
  it('merges permissions, roles and packages', () => {
    const entries = subjectEntries(subject({ roles: ['bank'], permissions: ['portfolio:view'], packages: ['free'] }));
    expect([...entries].sort()).toEqual(['bank', 'free', 'portfolio:view']);
  });
});
