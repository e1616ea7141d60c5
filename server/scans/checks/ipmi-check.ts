/**
 * ipmi_check: an IPMI "Get Channel Authentication Capabilities" request over RMCP (UDP 623). A BMC
 * that answers from the internet fails: IPMI 2.0 hands out password hashes to anyone asking
 * (CVE-2013-4786); null or anonymous logins enabled are default accounts, an ASV automatic failure.
 * A refused port (ICMP port unreachable) or no answer within the check's time is "not exposed".
 */
import dgram from 'node:dgram';
import { finding, statusOf } from '../../../core/scans/status.utils';
import type { Finding } from '../../../core/scans/scan.types';
import { type Check, servicePort } from '../scan.types';
import { addressOf } from '../sockets';

// RMCP header, IPMI 1.5 session header (no auth), Get Channel Auth Capabilities (channel E, admin)
export const CHANNEL_AUTH_REQUEST = Buffer.from([
  0x06, 0x00, 0xff, 0x07, 0x00, 0, 0, 0, 0, 0, 0, 0, 0, 0x09, 0x20, 0x18, 0xc8, 0x81, 0x00, 0x38, 0x8e, 0x04, 0xb5,
]);

export const ipmiCheck: Check = async (target, options) => {
  const port = servicePort(target, 'ipmi');
  const release = await options.limiter.acquire(options.signal);
  const socket = dgram.createSocket('udp4');
  // the answer wait is bounded by the check's own limit, so a silent port ends before the runner's timeout
  const waitMs = Math.max(100, Math.floor(options.timeoutMs / 2));
  const reply = await new Promise<Buffer | null>((resolve) => {
    const timer = setTimeout(() => resolve(null), waitMs);
    const end = (value: Buffer | null) => {
      clearTimeout(timer);
      resolve(value);
    };
    socket.on('message', (message) => end(message));
    socket.on('error', () => end(null)); // ECONNREFUSED: ICMP port unreachable
    options.signal.addEventListener('abort', () => end(null), { once: true });
    socket.connect(port, addressOf(target), () => socket.send(CHANNEL_AUTH_REQUEST));
  }).finally(() => {
    socket.close();
    release();
  });
  options.signal.throwIfAborted();
  const answered = reply !== null && reply.length >= 25 && reply[0] === 0x06 && reply[20] === 0x00;
  if (!answered) return { check: 'ipmi_check', status: 'pass', findings: [], data: { ipmi: false, port } };
  const ipmi2 = (reply[22] & 0x80) !== 0;
  const nullUsers = (reply[23] & 0x02) !== 0;
  const anonymous = (reply[23] & 0x01) !== 0;
  const findings: Finding[] = [
    finding('ipmi_exposed', 'high', `BMC answered on UDP ${port}${ipmi2 ? ' (IPMI 2.0, CVE-2013-4786)' : ''}`, {
      cvss: 7.5,
    }),
  ];
  if (nullUsers || anonymous)
    findings.push(
      finding('ipmi_anonymous_login', 'critical', `${anonymous ? 'anonymous' : 'null user name'} login enabled`, {
        asv: 'default_account',
      }),
    );
  return {
    check: 'ipmi_check',
    status: statusOf(findings),
    findings,
    data: { ipmi: true, port, ipmi2, nullUsers, anonymous },
  };
};
