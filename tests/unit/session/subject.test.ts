import { describe, expect, it } from 'vitest';
import type { LoginResponse } from '../../../core/session/session.types';
import { subjectOf } from '../../../core/session/subject';

const login: LoginResponse = {
  token: 't',
  user: { uuid: 'u1', id: 1, name: 'Ada', email: 'ada@example.com', roles: ['user'], permissions: ['x:view'] },
  roles: ['bank'],
  permissions: ['portfolio:view'],
  organization_list: [{ id: 1, name: 'Org' }],
  protectedData: {
    platform: 'pcichecklist',
    packageList: ['starter', { name: 'corporate' }],
    email: 'ada@example.com',
  },
  data: { version: '1', fullOnboarding: true, hasSites: true, bankAccount: false, bramOnly: true },
};

describe('subjectOf', () => {
  it('reads roles, permissions, packages, platform and flags from a LoginResponse', () => {
    expect(subjectOf(login)).toEqual({
      signedIn: true,
      roles: ['bank'],
      permissions: ['portfolio:view'],
      packages: ['starter', 'corporate'],
      platform: 'pcichecklist',
      fullOnboarding: true,
      hasSites: true,
      bankAccount: false,
      bramOnly: true,
      tmMode: 'acquirer',
      impersonating: false,
      groups: [],
    });
  });

  it('reads the transaction-monitoring variant (shell §2.4), acquirer unless the session says alternate', () => {
    expect(subjectOf({ ...login, data: { transactionMonitoringMode: 'alternate' } }).tmMode).toBe('alternate');
    expect(subjectOf({ ...login, data: { transactionMonitoringMode: 'other' as never } }).tmMode).toBe('acquirer');
  });

  it('reads the role groups a user group grants by name', () => {
    expect(subjectOf({ ...login, roleGroups: ['mmspReaders', 7] }).groups).toEqual(['mmspReaders']);
  });

  it('marks impersonation when originalUser is present', () => {
    expect(subjectOf({ ...login, originalUser: login.user }).impersonating).toBe(true);
  });

  it('defaults platform to default and falls back to user roles', () => {
    const s = subjectOf({
      token: 't',
      user: { roles: ['admin'], permissions: ['a:view'] },
      protectedData: { platform: 'other' },
    });
    expect(s.platform).toBe('default');
    expect(s.roles).toEqual(['admin']);
    expect(s.permissions).toEqual(['a:view']);
    expect(s.packages).toEqual([]);
  });

  it('null is a visitor with empty lists', () => {
    expect(subjectOf(null)).toEqual({ signedIn: false, roles: [], permissions: [], packages: [], platform: 'default' });
  });

  it('a cleared token is not signed in', () => {
    expect(subjectOf({ token: null }).signedIn).toBe(false);
  });
});
