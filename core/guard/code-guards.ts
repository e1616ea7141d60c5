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
