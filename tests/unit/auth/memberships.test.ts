import { describe, expect, it } from 'vitest';
import { grantIn, membershipIn } from '../../../server/auth/memberships';
import type { UserRecord } from '../../../server/store/records.types';

/** Only what memberships read; the rest of an account does not matter here. */
const account = (fields: Pick<UserRecord, 'roles' | 'permissions' | 'organizationIds' | 'memberships'>) =>
  fields as UserRecord;

describe('memberships: roles and permissions per organisation', () => {
  const storedBefore = account({ roles: ['saq', 'user'], permissions: ['saqList:view'], organizationIds: ['a', 'b'] });

  it('gives an account stored before memberships its roles in each of its organisations, nowhere else', () => {
    expect(membershipIn(storedBefore, 'a')).toEqual({ roles: ['saq', 'user'], permissions: ['saqList:view'] });
    expect(membershipIn(storedBefore, 'b')).toEqual({ roles: ['saq', 'user'], permissions: ['saqList:view'] });
    expect(membershipIn(storedBefore, 'c')).toEqual({ roles: [], permissions: [] });
    expect(membershipIn(storedBefore, null)).toEqual({ roles: [], permissions: [] });
  });

  it('grants a role in one organisation only, writing out the memberships held before', () => {
    const granted = { ...storedBefore, ...grantIn(storedBefore, 'c', ['bank']) };
    expect(granted.organizationIds).toEqual(['a', 'b', 'c']);
    expect(membershipIn(granted, 'c')).toEqual({ roles: ['bank'], permissions: [] });
    expect(membershipIn(granted, 'a')).toEqual({ roles: ['saq', 'user'], permissions: ['saqList:view'] });
    expect(granted.roles).toEqual(['saq', 'user', 'bank']);
    // granted again where the user is a member: added to what they hold there
    const again = { ...granted, ...grantIn(granted, 'a', ['bank']) };
    expect(membershipIn(again, 'a').roles).toEqual(['saq', 'user', 'bank']);
    expect(membershipIn(again, 'b').roles).toEqual(['saq', 'user']);
  });

  it('never reads an inherited property as a membership', () => {
    const user = account({ roles: [], permissions: [], organizationIds: ['constructor'], memberships: {} });
    expect(membershipIn(user, 'constructor')).toEqual({ roles: [], permissions: [] });
  });
});
