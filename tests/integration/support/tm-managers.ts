import type { UserRecord } from '../../../server/store/records.types';
import { type TestServer, tokenFor } from './harness';

/**
 * Tokens of the transaction-monitoring tests' callers: `tm` (the demo acquirer's manager), `other` (a
 * copy of that manager made a member of another organisation, `otherEmail`) and `bank` (no permission).
 */
export async function tmManagerTokens(server: TestServer, otherEmail: string): Promise<Record<string, string>> {
  const users = server.store.collection<UserRecord>('users');
  const tm = (await users.all()).find((user) => user.email === 'tm@demo.test') as UserRecord;
  await users.insert({
    ...tm,
    id: crypto.randomUUID(),
    email: otherEmail,
    organizationIds: ['org-demo-bank'],
    memberships: undefined,
  });
  const tokens: Record<string, string> = {};
  for (const [who, email] of [
    ['tm', 'tm@demo.test'],
    ['other', otherEmail],
    ['bank', 'bank@demo.test'],
  ]) {
    tokens[who] = await tokenFor(server.base, email);
  }
  return tokens;
}
