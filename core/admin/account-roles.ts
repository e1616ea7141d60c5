/**
 * The roles an admin gives an account made in Administration → Users / Banks (domain §6 'Roles'),
 * each with the permissions it starts with in that organisation — what the demo accounts of the same
 * role hold (fixtures/users.ts). More is granted through user groups (docs/how-to.md).
 */
export const ACCOUNT_ROLES = ['bank', 'user', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const ROLE_PERMISSIONS: Record<AccountRole, readonly string[]> = {
  bank: [
    'portfolio:view',
    'merchant:edit',
    'bankOverview:view',
    'saqManagement:view',
    'asvManagement:view',
    'aocManagement:view',
    'complianceManagement:view',
    'complianceRequest:view',
    'report:view',
    'dashboard:view',
  ],
  user: ['saq', 'saqAdd:add', 'pcidssMerchantUserRequests:view', 'report:view'],
  admin: ['dashboard:view'],
};
