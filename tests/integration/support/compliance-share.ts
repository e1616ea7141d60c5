import type { ComplianceShareRecord } from '../../../server/store/records.types';
import type { TestServer } from './harness';

/** The demo merchant's organisation shares its compliance with the demo bank (Settings → Sharing), written to the store. */
export async function shareDemoMerchantWithDemoBank(server: TestServer): Promise<void> {
  await server.store.collection<ComplianceShareRecord>('complianceShares').insert({
    id: 'org-demo-merchant:org-demo-bank',
    organizationId: 'org-demo-merchant',
    bankId: 'org-demo-bank',
    createdAt: new Date().toISOString(),
    createdBy: 'x',
  });
}
