/**
 * ssh_enumeration: the SSH banner and the server's KEXINIT (RFC 4253 §7.1), read before any key
 * exchange. SSH protocol 1 or broken algorithms (arcfour, DES, "none", diffie-hellman-group1)
 * fail; CBC ciphers, SHA-1 key exchange or 96-bit/MD5 MACs are not recommended
 * (RFC 9142, Mozilla OpenSSH guidelines).
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { type Check, servicePort } from '../scan.types';
import { openServiceOrPass, readUntil } from '../sockets';

export interface KexInit {
  kex: string[];
  hostKey: string[];
  ciphers: string[];
  macs: string[];
  compression: string[];
}

/** The algorithm lists of a server's first binary packet, if it is a KEXINIT (message 20). */
export function parseKexInit(packet: Buffer): KexInit | null {
  if (packet.length < 6 + 16 || packet[5] !== 20) return null;
  const lists: string[][] = [];
  let offset = 6 + 16; // length, padding length, message id, cookie
  for (let i = 0; i < 10 && offset + 4 <= packet.length; i += 1) {
    const length = packet.readUInt32BE(offset);
    lists.push(
      packet
        .subarray(offset + 4, offset + 4 + length)
        .toString('ascii')
        .split(',')
        .filter(Boolean),
    );
    offset += 4 + length;
  }
  if (lists.length < 10) return null;
  return { kex: lists[0], hostKey: lists[1], ciphers: lists[2], macs: lists[4], compression: lists[6] };
}

const BROKEN = /^(arcfour|des-|3des-cbc|blowfish|cast128|none$|diffie-hellman-group1-|hmac-md5)/;
const WEAK = /-cbc$|^diffie-hellman-group(14|-exchange)-sha1$|-96$|^umac-64|^ssh-dss$/;

export const sshEnumeration: Check = async (target, options) => {
  const port = servicePort(target, 'ssh');
  const opened = await openServiceOrPass(target, port, options, 'ssh_enumeration', 'ssh');
  if ('result' in opened) return opened.result;
  const { socket } = opened;
  try {
    const greeting = await readUntil(socket, (bytes) => bytes.includes('\n'));
    const newline = greeting.indexOf('\n');
    const banner = greeting.subarray(0, newline).toString('latin1').trim();
    socket.write('SSH-2.0-PaySecScan_1.0\r\n');
    const rest = greeting.subarray(newline + 1);
    const packet =
      rest.length >= 4 && rest.length >= 4 + rest.readUInt32BE(0)
        ? rest
        : Buffer.concat([
            rest,
            await readUntil(socket, (bytes) => {
              const all = Buffer.concat([rest, bytes]);
              return all.length >= 4 && all.length >= 4 + all.readUInt32BE(0);
            }),
          ]);
    const kexinit = parseKexInit(packet);
    const findings: Finding[] = [];
    if (/^SSH-1\.(?!99)/.test(banner)) findings.push(finding('ssh_protocol_1', 'high', banner, { cvss: 7.4 }));
    const algorithms = kexinit ? [...kexinit.kex, ...kexinit.ciphers, ...kexinit.macs, ...kexinit.hostKey] : [];
    const broken = algorithms.filter((name) => BROKEN.test(name));
    const weak = algorithms.filter((name) => !BROKEN.test(name) && WEAK.test(name));
    if (broken.length > 0) findings.push(finding('ssh_broken_algorithms', 'high', broken.join(', '), { cvss: 5.9 }));
    if (weak.length > 0) findings.push(finding('ssh_weak_algorithms', 'medium', weak.join(', ')));
    return {
      check: 'ssh_enumeration',
      status: statusOf(findings),
      findings,
      data: { ssh: true, port, banner, kexinit },
    };
  } finally {
    socket.destroy();
  }
};
