import { refreshSessionAtBoot } from '../account/refreshSession';

/**
 * Imported first by main.tsx, so it runs before the rest of the entry chunk (React, Blueprint, the
 * router: 50–150 ms on a busy core): a signed-in page asks what its user holds now (GET /me, which
 * its first render waits for) once the gateway clients' chunk is in, not once the whole entry has
 * run; the clients are what its first reads go through too.
 */
void refreshSessionAtBoot();
