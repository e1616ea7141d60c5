import type { Guard } from './guard.types';

/**
 * Guards that code applies rather than a route or menu document. Each names a role group, so who
 * passes is decided by the published role-groups document, on the server and in the browser alike.
 */

/** Domain §6: who has sites (GET /wbe/api/sites, data.hasSites, the SAQ site selector). */
export const SITES_GUARD: Guard = { group: 'siteHolders' };
