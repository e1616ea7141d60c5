import type { Guard } from './guard.types';

/**
 * Guards that code applies rather than a route or menu document. Each names a role group, so who
 * passes is decided by the published role-groups document, on the server and in the browser alike.
 */

/** Domain §6: who has sites (GET /wbe/api/sites, data.hasSites, the SAQ site selector). */
export const SITES_GUARD: Guard = { group: 'siteHolders' };

/** Issue 8 'Help chat': who reads every conversation and answers (the support inbox). */
export const HELP_CHAT_AGENTS_GROUP = 'helpChatAgents';
export const HELP_CHAT_AGENTS_GUARD: Guard = { group: HELP_CHAT_AGENTS_GROUP };

/**
 * Shell §6 and §2.8: the POS eligibility check is for holders of `posEligibility:view` (or admins)
 * and hidden from bank-account users. A rule, because a role group cannot say "not". The physical
 * POS page's eligibility panels carry the same guard (a unit test keeps them equal).
 */
export const POS_ELIGIBILITY_GUARD: Guard = {
  rule: {
    and: [
      { '!': { var: 'bankAccount' } },
      {
        or: [{ in: ['admin', { var: 'roles' }] }, { in: ['posEligibility:view', { var: 'permissions' }] }],
      },
    ],
  },
};

/**
 * Shell §2.4 and §2.8: a portfolio merchant's POS eligibility is for portfolio readers (portfolio:view)
 * and hidden from bank-account users. The route of `/app/portfolio/:id/pos-eligibility` carries the same
 * rule (tests/integration/route-walk.test.ts keeps them equal).
 */
export const PORTFOLIO_POS_GUARD: Guard = {
  rule: {
    and: [{ '!': { var: 'bankAccount' } }, { in: ['portfolio:view', { var: 'permissions' }] }],
  },
};
