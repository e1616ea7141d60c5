/**
 * reverse_dns_check: forward-confirmed reverse DNS. Each address the domain resolves to should have
 * a PTR name that resolves back to it (mail receivers and logs rely on it); a missing PTR or one
 * that does not resolve back is not recommended.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { lookupFor } from '../dns-lookup';
import type { Check } from '../scan.types';

export const reverseDns: Check = async (target, options) => {
  const lookup = lookupFor(target, options);
  const addresses = (await lookup((r) => r.resolve4(target.host))) ?? [];
  if (addresses.length === 0)
    return { check: 'reverse_dns_check', status: 'not_measurable', findings: [], data: { reason: 'no_address' } };
  const entries: { address: string; ptr: string[]; confirmed: boolean }[] = [];
  for (const address of addresses) {
    // a PTR query by name: Resolver#reverse reads /etc/hosts first, and a scan asks DNS only
    const arpa = `${address.split('.').reverse().join('.')}.in-addr.arpa`;
    const ptr = (await lookup((r) => r.resolvePtr(arpa))) ?? [];
    let confirmed = false;
    for (const name of ptr) if (((await lookup((r) => r.resolve4(name))) ?? []).includes(address)) confirmed = true;
    entries.push({ address, ptr, confirmed });
  }
  const findings: Finding[] = entries
    .filter((entry) => !entry.confirmed)
    .map((entry) =>
      entry.ptr.length === 0
        ? finding('ptr_missing', 'low', `${entry.address} has no PTR record`)
        : finding('ptr_not_confirmed', 'low', `${entry.address} → ${entry.ptr.join(', ')} does not resolve back`),
    );
  return { check: 'reverse_dns_check', status: statusOf(findings), findings, data: { addresses: entries } };
};
