/**
 * rdp_enumeration: an X.224 Connection Request with an RDP negotiation request (MS-RDPBCGR
 * 2.2.1.1) asking for TLS or CredSSP. RDP open to the internet is not recommended; a server that
 * settles for standard RDP security or TLS without Network Level Authentication (CredSSP) fails.
 */
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { type Check, servicePort } from '../scan.types';
import { openServiceOrPass, readUntil } from '../sockets';

// TPKT (RFC 1006) + X.224 CR + RDP_NEG_REQ requesting PROTOCOL_SSL | PROTOCOL_HYBRID
const CONNECTION_REQUEST = Buffer.from([
  0x03, 0x00, 0x00, 0x13, 0x0e, 0xe0, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x08, 0x00, 0x03, 0x00, 0x00, 0x00,
]);
const PROTOCOLS: Record<number, string> = { 0: 'rdp', 1: 'tls', 2: 'credssp', 8: 'credssp_early_auth' };

export const rdpEnumeration: Check = async (target, options) => {
  const port = servicePort(target, 'rdp');
  const opened = await openServiceOrPass(target, port, options, 'rdp_enumeration', 'rdp');
  if ('result' in opened) return opened.result;
  const { socket } = opened;
  try {
    socket.write(CONNECTION_REQUEST);
    const reply = await readUntil(socket, (bytes) => bytes.length >= 4 && bytes.length >= bytes.readUInt16BE(2));
    const confirm = reply.length >= 11 && reply[0] === 0x03 && (reply[5] & 0xf0) === 0xd0;
    if (!confirm) return { check: 'rdp_enumeration', status: 'pass', findings: [], data: { rdp: false, port } };
    const negotiation = reply.length >= 19 ? reply[11] : null;
    const selected = negotiation === 0x02 ? reply.readUInt32LE(15) : negotiation === null ? 0 : null;
    const findings: Finding[] = [finding('rdp_exposed', 'medium', `RDP answered on ${port}`)];
    if (selected === 0 || selected === 1)
      findings.push(finding('rdp_without_nla', 'high', `server selected ${PROTOCOLS[selected]} instead of CredSSP`));
    return {
      check: 'rdp_enumeration',
      status: statusOf(findings),
      findings,
      data: {
        rdp: true,
        port,
        selectedProtocol: selected === null ? null : (PROTOCOLS[selected] ?? selected),
        negotiationFailure: negotiation === 0x03 ? reply.readUInt32LE(15) : null,
      },
    };
  } finally {
    socket.destroy();
  }
};
