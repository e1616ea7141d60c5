/**
 * dns_brute: a zone transfer (AXFR over TCP) attempted at each name server — answered, it hands
 * anyone the whole zone (an ASV automatic failure) — and a wildcard-aware brute force of common
 * names: a random label is resolved first, and names answering with the wildcard's addresses are
 * not counted. Development and admin names found are not recommended.
 */
import { randomBytes } from 'node:crypto';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { lookupFor } from '../dns-lookup';
import { type Check, type CheckOptions, type ScanTarget, servicePort } from '../scan.types';
import { openTcp, readUntil } from '../sockets';

export const WORDLIST = [
  'www',
  'mail',
  'api',
  'shop',
  'pay',
  'vpn',
  'ftp',
  'dev',
  'staging',
  'test',
  'admin',
  'git',
  'db',
  'beta',
  'old',
  'backup',
];
const SENSITIVE = /^(dev|staging|test|admin|git|db|old|backup|beta)$/;

function axfrQuery(zone: string): Buffer {
  const labels = zone
    .split('.')
    .filter(Boolean)
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  const question = Buffer.concat([...labels, Buffer.from([0, 0x00, 0xfc, 0x00, 0x01])]); // AXFR, IN
  const header = Buffer.from([randomBytes(1)[0], randomBytes(1)[0], 0x00, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
  const message = Buffer.concat([header, question]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(message.length);
  return Buffer.concat([length, message]);
}

/** The answer count of an AXFR answer, or 0 when refused or not answered. */
async function tryZoneTransfer(
  target: ScanTarget,
  address: string,
  zone: string,
  options: CheckOptions,
): Promise<number> {
  try {
    const socket = await openTcp({ ...target, address }, servicePort(target, 'dns'), options);
    try {
      socket.write(axfrQuery(zone));
      const reply = await readUntil(socket, (bytes) => bytes.length >= 2 && bytes.length >= 2 + bytes.readUInt16BE(0));
      if (reply.length < 14) return 0;
      const rcode = reply[2 + 3] & 0x0f;
      return rcode === 0 ? reply.readUInt16BE(2 + 6) : 0;
    } finally {
      socket.destroy();
    }
  } catch (_error) {
    options.signal.throwIfAborted();
    return 0;
  }
}

export const dnsBrute: Check = async (target, options) => {
  const lookup = lookupFor(target, options);
  const zone = target.host;
  const nameServers = (await lookup((r) => r.resolveNs(zone))) ?? [];
  const transfers: { nameServer: string; records: number }[] = [];
  for (const nameServer of nameServers) {
    for (const address of (await lookup((r) => r.resolve4(nameServer))) ?? []) {
      const records = await tryZoneTransfer(target, address, zone, options);
      if (records > 0) transfers.push({ nameServer: `${nameServer} (${address})`, records });
    }
  }
  const probe = `wc-${randomBytes(6).toString('hex')}.${zone}`;
  const wildcard = new Set((await lookup((r) => r.resolve4(probe))) ?? []);
  const found: { name: string; addresses: string[] }[] = [];
  for (const word of WORDLIST) {
    const addresses = (await lookup((r) => r.resolve4(`${word}.${zone}`))) ?? [];
    if (addresses.length > 0 && !addresses.every((address) => wildcard.has(address)))
      found.push({ name: `${word}.${zone}`, addresses });
  }
  const findings: Finding[] = [
    ...transfers.map((t) =>
      finding('zone_transfer_allowed', 'high', `AXFR ${zone} from ${t.nameServer}: ${t.records} records`, {
        cvss: 5.3,
        asv: 'zone_transfer',
      }),
    ),
    ...found
      .filter((entry) => SENSITIVE.test(entry.name.slice(0, -zone.length - 1)))
      .map((entry) => finding('sensitive_subdomain', 'low', `${entry.name} → ${entry.addresses.join(', ')}`)),
  ];
  return {
    check: 'dns_brute',
    status: statusOf(findings),
    findings,
    data: { nameServers, transfers, wildcard: [...wildcard], found, tried: WORDLIST.length },
  };
};
